#!/usr/bin/env bash
# The complex-script speed check: `measure batch --threads 1` against Pango's pango-measure (built from
# ../shared/reference/engines) on the shared ar, fa, hi and th corpora (real UI strings), each made into 40,000 distinct
# strings (copy k prefixed with two letters of its script and a space), in the corpus's Noto font at
# 17 pt, width 200, the fonts' default features on both sides. Prints both times per corpus, the ratio and the share
# of line counts that agree. Usage: scripts/speed-complex.sh PATH/TO/measure
set -euo pipefail
measure=$(realpath "${1:-.build/release/measure}")
shared=${TEXTSIZE_SHARED:-$(dirname "$0")/../../shared}
[ -f "$shared/reference/corpus/ar.txt" ] || { echo "speed-complex.sh: no corpora in $shared/reference" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/build-pango-measure.sh" "$work"
noto=/usr/share/fonts/truetype/noto
declare -A font=([ar]=NotoSansArabic [fa]=NotoSansArabic [hi]=NotoSansDevanagari [th]=NotoSansThai)
echo "$(nproc) cores; $(date -u +%F)"
for corpus in ar fa hi th; do
    # 40,000 distinct strings: copy k of the corpus prefixed with two letters of its script (k's two digits in base
    # of the letter list) and a space.
    python3 - "$shared/reference/corpus/$corpus.txt" "$corpus" > "$work/$corpus.txt" <<'PY'
import sys
letters = {"ar": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي", "fa": "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی",
           "hi": "कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह", "th": "กขคฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ"}[sys.argv[2]]
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
lines = [line for line in lines if line]
out, k = [], 0
while len(out) < 40000:
    prefix = letters[k % len(letters)] + letters[(k // len(letters)) % len(letters)]
    out += [prefix + " " + line for line in lines]
    k += 1
sys.stdout.write("\n".join(out[:40000]) + "\n")
PY
    args="--font $noto/${font[$corpus]}-Regular.ttf --size 17 --width 200"
    echo "== $corpus: $(wc -l < "$work/$corpus.txt") strings, $(wc -c < "$work/$corpus.txt") bytes"
    hyperfine --warmup 1 --runs 5 --export-json "$work/$corpus.json" \
        "$work/pango-measure $args < $work/$corpus.txt" \
        "$measure batch $args --language $corpus --threads 1 < $work/$corpus.txt"
    "$work/pango-measure" $args < "$work/$corpus.txt" > "$work/$corpus-pango.tsv" 2>/dev/null
    "$measure" batch $args --language "$corpus" --threads 1 < "$work/$corpus.txt" > "$work/$corpus-measure.tsv"
    paste "$work/$corpus-measure.tsv" "$work/$corpus-pango.tsv" \
        | awk -F'\t' '{ n++; if ($3 == $6) same++ } END { printf "line counts equal to Pango: %d of %d\n", same, n }'
    python3 - "$work/$corpus.json" "$corpus" <<'PY'
import json, sys
pango, ours = (r["mean"] for r in json.load(open(sys.argv[1]))["results"])
print(f"{sys.argv[2]}: pango-measure {pango:.3f} s, measure {ours:.3f} s: {pango / ours:.1f}x faster")
PY
done
