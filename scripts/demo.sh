#!/usr/bin/env bash
# The main job on the bundled defaults: measure the seed's string, then a batch of UI strings in five languages with
# the default font cascade, and say what was done. Usage: scripts/demo.sh PATH/TO/measure
set -euo pipefail
measure=${1:-.build/release/measure}
cd "$(dirname "$0")/.."
dejavu=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
input=corpora/demo/ui-strings.txt

echo "== 1. The seed's question: boundingRect of \"hello world hello world hello world\", DejaVu Sans 14 pt, width 200"
echo "\$ measure text \"hello world hello world hello world\" --font $dejavu --size 14 --width 200"
"$measure" text "hello world hello world hello world" --font "$dejavu" --size 14 --width 200
echo

echo "== 2. A batch: $(wc -l < "$input") UI strings (en, de, zh, ja, ko, emoji) from $input, 17 pt, width 200,"
echo "      default cascade (DejaVu Sans → Noto Sans CJK SC → Noto Color Emoji)"
echo "\$ measure batch --size 17 --width 200 --input $input"
start=$(date +%s.%N)
"$measure" batch --size 17 --width 200 --input "$input" > /tmp/textsize-demo.tsv
end=$(date +%s.%N)
printf '%10s %10s %5s  %s\n' width height lines string
paste /tmp/textsize-demo.tsv "$input" | while IFS=$'\t' read -r w h l s rest; do
    [ -n "${rest:-}" ] && s="$s\\t$rest"
    printf '%10s %10s %5s  %s\n' "$w" "$h" "$l" "$s"
done
echo
printf 'Measured %d strings in %.3f s (whole process, including loading three fonts).\n' \
    "$(wc -l < /tmp/textsize-demo.tsv)" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
echo "Sizes are fractional points as boundingRect returns them; raise them with ceil() before sizing a view."
echo

catalogs=corpora/catalogs
database=${TMPDIR:-/tmp}/textsize-demo-catalogs.db
rm -f "$database" "$database-wal" "$database-shm"
echo "== 3. The team's sample catalogs ($catalogs: .strings, .stringsdict, .xcstrings, XLIFF, Android strings.xml in"
echo "      en, de, ja, zh, ko) measured against their labels' boxes ($catalogs/textsize-catalog.json) into a database"
echo "\$ measure catalog $catalogs --config $catalogs/textsize-catalog.json --db $database"
status=0
"$measure" catalog "$catalogs" --config "$catalogs/textsize-catalog.json" --db "$database" || status=$?
echo "(exit status $status: 1 means some strings overflow — here the planned ones, see $catalogs/README.md)"
[ "$status" -le 1 ] || exit "$status"
echo
echo "Run again: nothing changed, so every size comes from the database."
echo "\$ measure catalog … --db $database --format json --output ${TMPDIR:-/tmp}/textsize-demo-catalogs.json | tail -1"
"$measure" catalog "$catalogs" --config "$catalogs/textsize-catalog.json" --db "$database" \
    --format json --output "${TMPDIR:-/tmp}/textsize-demo-catalogs.json" | tail -1 || true
echo
echo "One key, every locale, from the database:"
echo "\$ measure db query $database --key button.refund"
"$measure" db query "$database" --key button.refund
