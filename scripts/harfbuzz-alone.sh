#!/usr/bin/env bash
# HarfBuzz alone on the complex-script corpora (scripts/harfbuzz-alone.c): each corpus shaped a line per call and a
# word per call with its Noto font, no breaking or fitting; the ceiling a measurer that must shape every new word of
# a cold pass stays under. With THREADS above 1, also the ceiling of its scaling: each corpus shaped a word per call on
# one thread and on THREADS, alternately, with one face shared by the threads (as the measurer's sessions share a
# font's) and with a face each.
# Usage: scripts/harfbuzz-alone.sh [PASSES [THREADS]] (make harfbuzz-alone, THREADS=2 make harfbuzz-alone; needs
# make corpora).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
passes=${1:-10}
threads=${2:-1}
case "$passes$threads" in
    *[!0-9]*|"") echo "usage: scripts/harfbuzz-alone.sh [PASSES [THREADS]] (whole numbers)" >&2; exit 2 ;;
esac
tool="$root/.build/harfbuzz-alone"
mkdir -p "$root/.build"
cc -O2 -pthread -o "$tool" "$root/scripts/harfbuzz-alone.c" $(pkg-config --cflags --libs harfbuzz)
noto=/usr/share/fonts/truetype/noto
for pair in ar:NotoSansArabic fa:NotoSansArabic hi:NotoSansDevanagari th:NotoSansThai; do
    corpus=${pair%%:*}; font=$noto/${pair#*:}-Regular.ttf
    for mode in lines words; do
        "$tool" "$font" "$root/corpora/build/$corpus.txt" "$mode" "$passes"
    done
    if [ "$threads" -gt 1 ]; then
        for faces in shared own; do
            "$tool" "$font" "$root/corpora/build/$corpus.txt" words "$passes" "$threads" "$faces"
        done
    fi
done
