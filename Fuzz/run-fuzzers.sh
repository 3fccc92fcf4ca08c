#!/usr/bin/env bash
# Runs libFuzzer targets built by `make fuzz` (Fuzz/Package.swift), one after another.
#
#   Fuzz/run-fuzzers.sh fuzz BIN_DIR SECONDS TARGET...   each target for SECONDS on .fuzz/corpus/<target>/
#   Fuzz/run-fuzzers.sh regressions BIN_DIR TARGET...    each target once over every file of Fuzz/Regressions/<target>/
#
# Crash, leak, timeout and out-of-memory inputs go to .fuzz/crashes/<target>/, logs to .fuzz/logs/<target>.log.
# Prints one line per target (executions, coverage, result) and exits 1 if any target failed.
set -u
# The Swift runtime's backtracer reads the crashed process's memory in a way ASan reports as a stack-buffer-underflow,
# hiding the real failure: let libFuzzer print the stack instead.
export SWIFT_BACKTRACE=enable=no
mode=$1 bin=$2; shift 2
if [ "$mode" = fuzz ]; then seconds=$1; shift; fi
cd "$(dirname "$0")/.."
mkdir -p .fuzz/logs
failed=() summary=()

# What a failed run's log says went wrong.
cause() {
    local log=$1
    if grep -q 'ERROR: libFuzzer: timeout' "$log"; then echo timeout
    elif grep -q -e 'ERROR: libFuzzer: out-of-memory' -e 'malloc(.*) exceeds limit' "$log"; then echo out-of-memory
    elif grep -q 'ERROR: LeakSanitizer' "$log"; then echo leak
    elif grep -q 'ERROR: AddressSanitizer' "$log"; then
        echo "asan: $(grep -m1 -o 'AddressSanitizer: [a-z-]*' "$log" | cut -d' ' -f2)"
    elif grep -q -E '(Fatal error|Precondition failed|Assertion failed)' "$log"; then
        echo "swift trap: $(grep -m1 -o -E '(Fatal error|Precondition failed|Assertion failed).*' "$log" | cut -c1-160)"
    elif grep -q 'deadly signal' "$log"; then echo deadly signal
    else echo "exit $2"
    fi
}

# The first frame of the failure's stack in our code (not libFuzzer, the sanitizer, libc or the Swift runtime).
demangle=$(command -v swift-demangle || echo cat)
[ "$demangle" = cat ] || demangle="$demangle --simplified"
stack_top() {
    grep -E '^ +#[0-9]+ 0x[0-9a-f]+ in ' "$1" \
        | grep -v -E 'compiler-rt|llvm-project|libswiftCore|libc\.so|/libc-|__sanitizer|__asan|fuzzer::|LLVMFuzzerTestOneInput|_assertionFailure|_fatalErrorMessage|swift_|abort|raise' \
        | head -1 | sed -E 's/^ +#[0-9]+ 0x[0-9a-f]+ in //' | $demangle | cut -c1-200
}

# The input that failed: the artifact libFuzzer wrote, or (regressions) the file it was running.
input_of() {
    grep -o -m1 'Test unit written to .*' "$1" | sed 's/Test unit written to //' | grep . \
        || grep '^Running: ' "$1" | tail -1 | sed 's/^Running: //'
}

for target in "$@"; do
    binary=$bin/fuzz-$target
    log=.fuzz/logs/$target.log
    crashes=.fuzz/crashes/$target
    mkdir -p "$crashes"
    if [ ! -x "$binary" ]; then
        summary+=("$(printf '%-13s missing binary %s' "$target" "$binary")"); failed+=("$target"); continue
    fi
    flags=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1)
    if [ "$mode" = fuzz ]; then
        corpus=.fuzz/corpus/$target
        mkdir -p "$corpus"
        [ -f "Fuzz/Dictionaries/$target.dict" ] && flags+=(-dict="Fuzz/Dictionaries/$target.dict")
        echo "== fuzz-$target for ${seconds}s (corpus $corpus, $(ls "$corpus" | wc -l) inputs)"
        "$binary" "${flags[@]}" -max_total_time="$seconds" "$corpus" >"$log" 2>&1
        status=$?
    else
        inputs=()
        if [ -d "Fuzz/Regressions/$target" ]; then
            while IFS= read -r file; do inputs+=("$file"); done < <(find "Fuzz/Regressions/$target" -type f ! -name '*.md' | sort)
        fi
        if [ ${#inputs[@]} -eq 0 ]; then
            summary+=("$(printf '%-13s no regression inputs' "$target")"); continue
        fi
        echo "== fuzz-$target over ${#inputs[@]} regression input(s)"
        # One process per input: libFuzzer stops at the first input that fails.
        : >"$log"
        status=0 failing=0
        for input in "${inputs[@]}"; do
            one=$log.one
            "$binary" "${flags[@]}" -runs=1 "$input" >"$one" 2>&1
            one_status=$?
            cat "$one" >>"$log"
            if [ $one_status -ne 0 ]; then
                failing=$((failing + 1))
                echo "   FAILED $input: $(cause "$one" $one_status) at $(stack_top "$one")"
                [ $status -eq 0 ] && { status=$one_status; cp "$one" "$log.first"; }
            fi
            rm -f "$one"
        done
        if [ $status -ne 0 ]; then
            summary+=("$(printf '%-13s %d of %d regression inputs FAILED (first: %s); log: %s' "$target" $failing \
                ${#inputs[@]} "$(input_of "$log.first")" "$log")")
            rm -f "$log.first"
            failed+=("$target")
        else
            summary+=("$(printf '%-13s %d regression input(s) ok' "$target" ${#inputs[@]})")
        fi
        continue
    fi
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    coverage=$(grep -o ' cov: [0-9]* ft: [0-9]*' "$log" | tail -1 | sed 's/^ //')
    if [ $status -eq 0 ]; then
        result=ok
    else
        result="FAILED ($(cause "$log" $status)) at $(stack_top "$log"); input: $(input_of "$log"); log: $log"
        failed+=("$target")
    fi
    summary+=("$(printf '%-13s executions %-9s %-20s %s' "$target" "${executions:-?}" "${coverage:-cov: ?}" "$result")")
done

echo
echo "== libFuzzer summary ($mode)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
