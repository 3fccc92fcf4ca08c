#!/usr/bin/env bash
# The speed check of the core measurer: `measure batch --threads 1` against Pango's pango-measure (built from
# ../shared/reference/engines) on 40,000 distinct Latin strings (the shared `en` corpus eight times over, each copy's
# strings prefixed with "k· "), DejaVu Sans 17 pt, width 200, kerning and ligatures on both sides (each engine's
# default; SPEED_ARGS=--plain for plain advances on both). Prints both times, the ratio and the share of line counts
# that agree. Usage: scripts/speed.sh PATH/TO/measure
set -euo pipefail
measure=$(realpath "${1:-.build/release/measure}")
shared=${TEXTSIZE_SHARED:-$(dirname "$0")/../../shared}
corpus=$shared/reference/corpus/en.txt
[ -f "$corpus" ] || { echo "speed.sh: $corpus not found (set TEXTSIZE_SHARED to the shared folder)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/build-pango-measure.sh" "$work"
for k in 0 1 2 3 4 5 6 7; do sed "s/^/$k· /" "$corpus"; done > "$work/en40k.txt"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
args="--font $font --size 17 --width 200 ${SPEED_ARGS:-}"
echo "40,000 strings, $(wc -c < "$work/en40k.txt") bytes; $(nproc) cores; $(date -u +%F)"
hyperfine --warmup 1 --runs 5 --export-json "$work/times.json" \
    "$work/pango-measure $args < $work/en40k.txt" \
    "$measure batch $args --threads 1 < $work/en40k.txt"
"$work/pango-measure" $args < "$work/en40k.txt" > "$work/pango.tsv" 2>/dev/null
"$measure" batch $args --threads 1 < "$work/en40k.txt" > "$work/measure.tsv"
paste "$work/measure.tsv" "$work/pango.tsv" \
    | awk -F'\t' '{ n++; if ($3 == $6) same++ } END { printf "line counts equal to Pango: %d of %d\n", same, n }'
python3 - "$work/times.json" <<'PY'
import json, sys
pango, ours = (r["mean"] for r in json.load(open(sys.argv[1]))["results"])
print(f"pango-measure {pango:.3f} s, measure {ours:.3f} s: {pango / ours:.1f}x faster")
PY
