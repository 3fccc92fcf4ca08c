#!/usr/bin/env bash
# The memoized batch's target (issue 4): a second `measure batch --db` over the same 10,000 strings measures none of
# them and takes no longer than the first. 10,000 distinct strings: the shared en and de corpora (5,000 each); the
# default cascade (DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji), 17 pt, width 200. "first" starts from no
# database each run, so it also hashes the 31 MB of font files once; "second" reuses the database.
# Usage: scripts/db-speed.sh PATH/TO/measure
set -euo pipefail
measure=$(realpath "${1:-.build/release/measure}")
shared=${TEXTSIZE_SHARED:-$(dirname "$0")/../../shared}
corpus=$shared/reference/corpus
[ -f "$corpus/en.txt" ] || { echo "db-speed.sh: $corpus/en.txt not found (set TEXTSIZE_SHARED)" >&2; exit 2; }
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
dpkg-query -W -f='${Status}\n' hyperfine 2>/dev/null | grep -q 'install ok installed' \
    || { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hyperfine >/dev/null; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat "$corpus/en.txt" "$corpus/de.txt" > "$work/10k.txt"
args="--size 17 --width 200 --input $work/10k.txt"
"$measure" batch $args > "$work/plain.tsv"
"$measure" batch $args --db "$work/sizes.db" > "$work/first.tsv" 2> "$work/first.err"
"$measure" batch $args --db "$work/sizes.db" > "$work/second.tsv" 2> "$work/second.err"
echo "first run:  $(cat "$work/first.err")"
echo "second run: $(cat "$work/second.err")"
cmp -s "$work/plain.tsv" "$work/first.tsv" && cmp -s "$work/plain.tsv" "$work/second.tsv" \
    && echo "output identical to measure batch without --db" || { echo "OUTPUT DIFFERS" >&2; exit 1; }
hyperfine --warmup 1 --runs 10 --prepare "rm -f $work/fresh.db $work/fresh.db-wal $work/fresh.db-shm" \
    -n "first (new database)" "$measure batch $args --db $work/fresh.db" \
    -n "second (same database)" "$measure batch $args --db $work/sizes.db" \
    -n "without --db" "$measure batch $args"
