#!/usr/bin/env bash
# Agreement of `measure batch` with the reference engines of ../shared/reference on every corpus:
# unwrapped widths within 0.05 pt of HarfBuzz (hb-*), line counts equal to Pango's (pango-*) at each width.
# Usage: scripts/accuracy.sh MEASURE [--language]   (with --language each corpus is measured in its language)
# CORPORA="ar fa" limits the corpora; OUT=dir keeps the outputs (default: a temporary folder).
set -euo pipefail
M=$1; shift || true
WITH_LANGUAGE=${1:-}
R=${TEXTSIZE_SHARED:-$(dirname "$0")/../../shared}/reference
[ -d "$R/corpus" ] || { echo "accuracy: no reference data at $R" >&2; exit 1; }
N=/usr/share/fonts/truetype/noto
C=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
D=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
declare -A FONT=( [en]="$D 0" [de]="$D 0" [zh]="$C 2" [ja]="$C 0" [ko]="$C 1" [ar]="$N/NotoSansArabic-Regular.ttf 0"
                  [fa]="$N/NotoSansArabic-Regular.ttf 0" [he]="$N/NotoSansHebrew-Regular.ttf 0"
                  [hi]="$N/NotoSansDevanagari-Regular.ttf 0" [th]="$N/NotoSansThai-Regular.ttf 0" )
declare -A LANGUAGE=( [en]=en [de]=de [zh]=zh-Hans [ja]=ja [ko]=ko [ar]=ar [fa]=fa [he]=he [hi]=hi [th]=th )
for corpus in ${CORPORA:-en de zh ja ko ar fa he hi th}; do
  read -r font face <<< "${FONT[$corpus]}"
  language=()
  [ "$WITH_LANGUAGE" = --language ] && language=(--language "${LANGUAGE[$corpus]}")
  for width in 0 120 200 320; do
    reference=$R/out/pango-$corpus-$width.tsv
    [ "$width" = 0 ] && reference=$R/out/hb-$corpus-0.tsv
    [ -f "$reference" ] || continue
    "$M" batch --font "$font" --face-index "$face" --size 17 --width "$width" "${language[@]}" \
      --input "$R/corpus/$corpus.txt" > "$OUT/$corpus-$width.tsv" 2> "$OUT/$corpus-$width.err"
    if [ "$width" = 0 ]; then
      paste "$OUT/$corpus-$width.tsv" "$reference" | awk -F'\t' -v c="$corpus" \
        '{d=$1-$4; if (d<0) d=-d; if (d<=0.05) ok++} END {printf "%s widths within 0.05 pt of hb: %d/%d\n", c, ok, NR}'
    else
      paste "$OUT/$corpus-$width.tsv" "$reference" | awk -F'\t' -v c="$corpus" -v w="$width" \
        '{if ($3==$6) ok++} END {printf "%s line counts = pango at %d: %d/%d\n", c, w, ok, NR}'
    fi
  done
done
