#!/usr/bin/env bash
# The sanitizer runs of the test suite (docs/reliability.md), after make check:
#  1. AddressSanitizer + UndefinedBehaviorSanitizer: a second out-of-tree
#     build ($ACCORD_SANITIZE_DIR, default BUILD-sanitize) with
#     CXXFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -O1";
#     every cmocka unit test and the golden simulator runs. UBSan halts on
#     its first finding, so any finding fails the test it is in.
#  2. ThreadSanitizer over the agent thread's start, wake-up, reconfigure
#     and stop/join (tests/unit/test_agent_thread with plugin/slurm/agent_thread).
# The build leaves out LibTorch (--without-torch). Ends with one
# "sanitize: N passed, N failed" line (cmocka tests, plus one per golden
# run and one for a test program that crashed); exits non-zero on any failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACCORD_BUILD_DIR:-$root/build}
asan_dir=${ACCORD_SANITIZE_DIR:-$build-sanitize}
jobs=${ACCORD_JOBS:-2}
san="-fsanitize=address,undefined -fno-omit-frame-pointer"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1}
log() { printf 'sanitize: %s\n' "$*"; }
start=$SECONDS

mkdir -p "$asan_dir" && cd "$asan_dir" || exit 1
if [ ! -f Makefile ]; then
    "$root/configure" --quiet --without-torch CXXFLAGS="$san -O1 -g" LDFLAGS="$san" >configure.log 2>&1 \
        || { cat configure.log; log "configure failed"; echo "sanitize: 0 passed, 1 failed"; exit 1; }
fi
# Only what the tests run: the unit tests and accord-sim, not the plugins.
unit_tests=$(sed -n '/^UNIT_TESTS = /,/^[^\t]/p' "$root/Makefile.am" | grep -o 'tests/unit/test_[a-z_]*')
make -s -j"$jobs" accord-sim $unit_tests >build.log 2>&1 \
    || { tail -n 30 build.log; log "ASan+UBSan build failed"; echo "sanitize: 0 passed, 1 failed"; exit 1; }
log "ASan+UBSan build in $((SECONDS - start)) s"

rm -f tests/unit/*.log tests/golden/*.log
make -s check-TESTS TESTS="$(echo $unit_tests) tests/golden/run-golden.sh" >check.log 2>&1
check_rc=$?
sum_field() { cat tests/unit/*.log | sed -n "s/^\\[  $1  \\] \\([0-9]*\\) test.*/\\1/p" | awk '{s += $1} END {print s + 0}'; }
passed=$(sum_field PASSED)
failed=$(sum_field FAILED)
golden_ok=$(grep -c '^golden: .* matches' tests/golden/run-golden.sh.log 2>/dev/null)
golden_bad=$(grep -c '^golden: .* differs' tests/golden/run-golden.sh.log 2>/dev/null)
passed=$((passed + ${golden_ok:-0}))
failed=$((failed + ${golden_bad:-0}))
if [ $check_rc -ne 0 ]; then
    grep -l -E 'ERROR: AddressSanitizer|runtime error|ERROR: LeakSanitizer' tests/unit/*.log tests/golden/*.log 2>/dev/null
    grep -h -A 12 -E 'ERROR: AddressSanitizer|runtime error|ERROR: LeakSanitizer' tests/unit/*.log tests/golden/*.log 2>/dev/null | head -n 40
    [ "$failed" -gt 0 ] || failed=1
fi
log "ASan+UBSan unit tests and golden runs in $((SECONDS - start)) s (exit $check_rc)"

tsan_dir=$asan_dir/tsan
mkdir -p "$tsan_dir"
tsan_start=$SECONDS
tsan_rc=1
if ${CXX:-g++} -std=c++17 -O1 -g -fsanitize=thread -I"$root/plugin" -I"$root/tests/unit" \
        "$root/tests/unit/test_agent_thread.cpp" "$root/plugin/slurm/agent_thread.cpp" \
        $(pkg-config --cflags --libs cmocka) -lpthread -o "$tsan_dir/test_agent_thread" >"$tsan_dir/build.log" 2>&1; then
    "$tsan_dir/test_agent_thread" >"$tsan_dir/test.log" 2>&1
    tsan_rc=$?
else
    cat "$tsan_dir/build.log"
fi
tsan_passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$tsan_dir/test.log" 2>/dev/null)
tsan_failed=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$tsan_dir/test.log" 2>/dev/null)
passed=$((passed + ${tsan_passed:-0}))
failed=$((failed + ${tsan_failed:-0}))
if [ $tsan_rc -ne 0 ]; then
    grep -A 20 'WARNING: ThreadSanitizer' "$tsan_dir/test.log" | head -n 40
    [ "${tsan_failed:-0}" -gt 0 ] || failed=$((failed + 1))
fi
log "TSan agent thread test in $((SECONDS - tsan_start)) s (exit $tsan_rc)"
log "all in $((SECONDS - start)) s"
echo "sanitize: $passed passed, $failed failed"
[ $check_rc -eq 0 ] && [ $tsan_rc -eq 0 ]
