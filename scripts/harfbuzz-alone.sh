#!/usr/bin/env bash
# HarfBuzz alone on the complex-script corpora (scripts/harfbuzz-alone.c): each corpus shaped a line per call and a
# word per call with its Noto font, no breaking or fitting; the ceiling a measurer that must shape every new word of
# a cold pass stays under. Usage: scripts/harfbuzz-alone.sh [PASSES] (make harfbuzz-alone; needs make corpora).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
passes=${1:-10}
tool="$root/.build/harfbuzz-alone"
mkdir -p "$root/.build"
cc -O2 -o "$tool" "$root/scripts/harfbuzz-alone.c" $(pkg-config --cflags --libs harfbuzz)
noto=/usr/share/fonts/truetype/noto
for pair in ar:NotoSansArabic fa:NotoSansArabic hi:NotoSansDevanagari th:NotoSansThai; do
    corpus=${pair%%:*}; font=$noto/${pair#*:}-Regular.ttf
    for mode in lines words; do
        "$tool" "$font" "$root/corpora/build/$corpus.txt" "$mode" "$passes"
    done
done
