#!/usr/bin/env bash
# Whether two builds of `measure` give the same answers, byte for byte: `measure batch` over every bench corpus
# (corpora/build/*.txt), every ../shared/reference corpus and hostile text (scripts/hostile-latin1.py, and
# scripts/hostile-unicode.py beyond Latin-1), at
# widths 0, 120, 200 and 320, kerned and --plain, with the default cascade, plus the corpora of the bench's fixed cascade (DejaVu Sans, Noto Sans CJK SC, Noto
# Color Emoji), Noto Sans CJK SC before DejaVu Sans, and character wrapping at 120. Prints one line per comparison and exits 1 on any difference.
# Usage: scripts/same-answers.sh BEFORE/measure AFTER/measure
# AFTER_THREADS=N runs the second build with N threads (the first always with one): sessions made together, which
# share shaped segments, must answer as one session alone does.
set -euo pipefail
before=$(realpath "$1"); after=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${TEXTSIZE_SHARED:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
classic=(--font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
         --font /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --face-index 2
         --font /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf)
# Noto Sans CJK first (its own Latin, kerned): the one-pass fits then leave the Latin-1 scalars it shapes to HarfBuzz.
cjkfirst=(--font /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --face-index 2
          --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
files=("$root"/corpora/build/*.txt)
[ -d "$shared/reference/corpus" ] && files+=("$shared"/reference/corpus/*.txt)
# Hostile Latin-1 text, the same on every run (scripts/hostile-latin1.py): every break class, controls, CR LF, NEL,
# soft hyphens, ligature pairs, numbers, words wider than a line.
python3 "$root/scripts/hostile-latin1.py" > "$work/latin1-hostile.txt"
files+=("$work/latin1-hostile.txt")
# The same beyond Latin-1 (scripts/hostile-unicode.py): what the one-pass fit walks, and what it leaves to the general path.
python3 "$root/scripts/hostile-unicode.py" > "$work/unicode-hostile.txt"
files+=("$work/unicode-hostile.txt")
differ=0; runs=0; lines=0
compare() {  # compare LABEL FILE ARGS...
    local label=$1 file=$2; shift 2
    "$before" batch --size 17 --threads 1 "$@" --input "$file" > "$work/before.tsv"
    "$after" batch --size 17 --threads "${AFTER_THREADS:-1}" "$@" --input "$file" > "$work/after.tsv"
    runs=$((runs + 1)); lines=$((lines + $(wc -l < "$work/before.tsv")))
    if ! cmp -s "$work/before.tsv" "$work/after.tsv"; then
        differ=$((differ + 1))
        echo "DIFFERENT: $label $(basename "$file") $* ($(diff "$work/before.tsv" "$work/after.tsv" | grep -c '^<') lines)"
    fi
}
for file in "${files[@]}"; do
    for width in 0 120 200 320; do
        compare default "$file" --width "$width"
        compare default "$file" --width "$width" --plain
    done
    compare classic "$file" --width 200 "${classic[@]}"
    compare cjk-first "$file" --width 200 "${cjkfirst[@]}"
    compare default "$file" --width 120 --char-wrap
done
echo "same-answers: $runs runs, $lines lines, $differ differing (second build on ${AFTER_THREADS:-1} threads)"
[ "$differ" = 0 ]
