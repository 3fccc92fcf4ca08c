#!/usr/bin/env bash
# Instructions a measuring repetition of `bench` costs, per corpus and cache state, counted by callgrind: the figure
# that compares two builds on a noisy machine, where wall-clock throughputs move by tens of per cent between runs.
#
# For each bench binary given (default .build/release/bench), each corpus (latin, cjk, complex) and each cache state
# (cold, warm), `bench --quick --no-store --threads 1 --width 200` runs under `valgrind --tool=callgrind` twice, with 3
# and with 6 timed repetitions, counting only what a repetition times: the measuring pass (`SuiteRunner.pass`) and, for
# cold ones, making the measurer and its sessions. A repetition's cost is the difference over the 3 extra ones, so the
# warm-up, the first cold repetition's once-per-process work (a font file's shaping triggers) and the latency pass
# cancel out. Prints instructions per repetition and per character, and with two binaries the change from the first.
# Swift's hashing runs with a fixed seed (SWIFT_DETERMINISTIC_HASHING), so dictionaries behave alike in every run.
# Needs valgrind (`apt-get install valgrind`) and the corpora (`make corpora`); 12 callgrind runs per binary, two at a
# time (about 2 minutes per binary on two cores).
# Usage: scripts/instructions.sh [BENCH [BENCH]]   (make instructions; BEFORE=other/bench make instructions)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v valgrind >/dev/null; then
    echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2
    exit 2
fi
[ $# -gt 0 ] || set -- "$root/.build/release/bench"
[ $# -le 2 ] || { echo "usage: scripts/instructions.sh [BENCH [BENCH]]" >&2; exit 2; }
work=$(mktemp -d)
# Ended early (a failed run, Ctrl-C): the callgrind runs still going are stopped before their folder goes.
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    # Each valgrind is a child of its job's subshell: stopped by its output path, which only this run's hold.
    pkill -f -- "$work/cg-" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
corpora=(latin cjk complex)
caches=(cold warm)
# What a repetition times (SuiteRunner.runMeasure): the pass, and the measurer and sessions a cold one makes. Whole
# names: a pattern ending in `*` would also match the pass's closures, each a toggle of its own.
pass='$s5Bench11SuiteRunnerV4pass_8sessions15timesEachStringAC10PassTimingVSays10ArraySliceVys5UInt8VGG_'
pass+='Say7Measure0N7SessionCGSbtFZ'
measurer='$s7Measure12TextMeasurerV7cascade9pointSize7options17segmentCacheBytesAcA11FontCascadeV_SdAA0A7Options'
measurer+='VSitcfC'
toggles=(--toggle-collect="$pass"
         --toggle-collect='$s7Measure12TextMeasurerV12makeSessionsySayAA0A7SessionCGSiF'
         --toggle-collect="$measurer")

# Callgrind cannot read the debug information of Swift release builds: each binary is measured without it.
binaries=()
for index in $(seq 1 $#); do
    source=$(realpath "${!index}")
    [ -x "$source" ] || { echo "instructions.sh: no bench at $source" >&2; exit 2; }
    strip --strip-debug -o "$work/bench-$index" "$source"
    binaries+=("$work/bench-$index")
done

run() {  # binary-index corpus cache repetitions
    local out="$work/cg-$1-$2-$3-$4"
    if ! (cd "$root" && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
        "${toggles[@]}" "${binaries[$1 - 1]}" --quick --no-store --threads 1 --width 200 --repetitions "$4" \
        --corpus "$2" --cache "$3" >/dev/null 2>"$out.log"); then
        echo "instructions.sh: bench $1 --corpus $2 --cache $3 --repetitions $4 failed:" >&2
        tail -5 "$out.log" >&2
        return 1
    fi
    # The summary line holds the total of the collected events (Ir only); 0 means nothing was collected.
    local total
    total=$(awk '/^summary:/ {print $2}' "$out")
    if ! [[ "$total" =~ ^[1-9][0-9]*$ ]]; then
        echo "instructions.sh: bench $1 --corpus $2 --cache $3 collected nothing (a renamed function?)" >&2
        return 1
    fi
    echo "$total" > "$out.total"
}

jobs=()
for index in $(seq 1 ${#binaries[@]}); do
    for corpus in "${corpora[@]}"; do
        for cache in "${caches[@]}"; do
            for repetitions in 3 6; do jobs+=("$index $corpus $cache $repetitions"); done
        done
    done
done
# Two at a time: callgrind runs one thread, and the machine has two cores. Every run is waited for by its own
# process id, so a failure anywhere stops the script with its message.
failed=0
for job in "${jobs[@]}"; do
    if [ "${#pids[@]}" -ge 2 ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}")
        [ "$failed" -eq 0 ] || exit 1
    fi
    # shellcheck disable=SC2086
    run $job &
    pids+=("$!")
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
pids=()
[ "$failed" -eq 0 ] || exit 1

characters() {  # corpus: scalars as the bench counts them, each `\n`, `\t` and `\\` escape one (EscapedLines)
    python3 -c 'import re, sys
print(sum(len(re.sub(r"\\[nt\\]", "x", line.rstrip("\n"))) for line in open(sys.argv[1], encoding="utf-8")))' \
        "$root/corpora/build/$1.txt"
}

printf '%-8s %-5s %16s %10s' corpus cache "instr/repetition" "instr/char"
[ ${#binaries[@]} -eq 2 ] && printf ' %16s %10s %8s' "after" "instr/char" "change"
printf '\n'
for corpus in "${corpora[@]}"; do
    chars=$(characters "$corpus")
    for cache in "${caches[@]}"; do
        line=$(printf '%-8s %-5s' "$corpus" "$cache")
        first=""
        for index in $(seq 1 ${#binaries[@]}); do
            three=$(cat "$work/cg-$index-$corpus-$cache-3.total")
            six=$(cat "$work/cg-$index-$corpus-$cache-6.total")
            per=$(( (six - three) / 3 ))
            line+=$(awk -v per="$per" -v chars="$chars" 'BEGIN { printf " %16d %10.1f", per, per / chars }')
            if [ -z "$first" ]; then first=$per; else
                line+=$(awk -v per="$per" -v first="$first" 'BEGIN { printf " %+7.1f%%", (per - first) * 100 / first }')
            fi
        done
        echo "$line"
    done
done
