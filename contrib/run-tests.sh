#!/usr/bin/env bash
# The whole test suite on a fresh Debian 12 machine, as root: installs what
# is needed, builds, runs `make check` (cmocka unit tests, plugin symbol
# checks, golden simulator runs, man pages against --help, the bounded fuzz
# run when clang has libFuzzer), the sanitizer runs (contrib/sanitize.sh),
# installs the plugin and runs the live tests on an emulated GPU cluster.
# Ends with one "total: N passed, N failed" line.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACCORD_BUILD_DIR:-$root/build}
export ACCORD_BUILD_DIR=$build

bash "$root/contrib/install-deps.sh" || exit 1
bash "$root/contrib/build.sh" || exit 1

cd "$build" || exit 1
make check
unit_rc=$?
[ $unit_rc -eq 0 ] || cat test-suite.log

# cmocka's summaries inside automake's per-test logs.
sum_field() { cat tests/unit/*.log | sed -n "s/^\\[  $1  \\] \\([0-9]*\\) test.*/\\1/p" | awk '{s += $1} END {print s + 0}'; }
unit_passed=$(sum_field PASSED)
unit_failed=$(sum_field FAILED)
# The fuzz run's "fuzz: N passed, N failed", one per target (none without libFuzzer).
plain_counts() { sed -n "s/^$1: \\([0-9]*\\) passed, \\([0-9]*\\) failed$/\\1 \\2/p" "$2" 2>/dev/null | tail -n 1; }
read -r fuzz_passed fuzz_failed < <(plain_counts fuzz tests/fuzz/run-fuzz.sh.log)
unit_passed=$((unit_passed + ${fuzz_passed:-0}))
unit_failed=$((unit_failed + ${fuzz_failed:-0}))

san_out=$(mktemp)
bash "$root/contrib/sanitize.sh" | tee "$san_out"
san_rc=${PIPESTATUS[0]}
read -r san_passed san_failed < <(plain_counts sanitize "$san_out")
rm -f "$san_out"
cd "$build" || exit 1

make install >/dev/null || exit 1
live_out=$(mktemp)
bash "$root/tests/live/run-live-tests.sh" | tee "$live_out"
live_rc=${PIPESTATUS[0]}
read -r live_passed live_failed < <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$live_out" | tail -n 1)
rm -f "$live_out"

passed=$(( ${unit_passed:-0} + ${san_passed:-0} + ${live_passed:-0} ))
failed=$(( ${unit_failed:-0} + ${san_failed:-0} + ${live_failed:-0} ))
[ $unit_rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1   # a test program that crashed
[ $san_rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
[ $live_rc -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "total: $passed passed, $failed failed"
[ $unit_rc -eq 0 ] && [ $san_rc -eq 0 ] && [ $live_rc -eq 0 ]
