# sched/accord against sched/backfill on one small heterogeneous workload:
# Gavel's artifact-evaluation trace (15 jobs asking 1 or 2 GPUs without a
# type) on 2 x 4 K80 + 2 x 4 P100 + 2 x 4 V100, at 200x, through
# contrib/live-compare (its own two clusters, about 3 minutes). No noise
# tolerance: Slurm's one-second times are 200 s of the workload's time,
# a few percent of a mean JCT of hours, and accord-sim predicts Accord's
# mean JCT at about half of backfill's.

# Column $2 of figures.csv's line for run $1.
figure() { awk -F, -v run="$1" -v c="$2" '$1 == run { print $c }' "$3"; }

test_compare() {
    local build=${ACCORD_LIVE_BIN_DIR:-${ACCORD_BUILD_DIR:-}} out=$CLUSTER_DIR-compare data
    data=$(cd "$here/../.." && pwd)/../shared/data/gavel
    if [ -z "$build" ]; then
        check "ACCORD_LIVE_BIN_DIR or ACCORD_BUILD_DIR names a build" false
        return
    fi
    rm -rf "$out"
    check "live-compare.sh runs backfill, accord and the simulator" \
        bash "$here/../../contrib/live-compare/live-compare.sh" --name short --spec k80:2x4,p100:2x4,v100:2x4 \
        --time-scale 200 --build "$build" --out "$out" -- --throughputs "$data/simulation_throughputs.json" \
        --trace "$data/traces/physical_cluster/artifact_evaluation.trace"
    local f=$out/figures.csv run
    for run in "live sched/backfill" "live sched/accord"; do
        check "$run: all 15 jobs listed" equals "$(figure "$run" 2 "$f")" 15
        check "$run: every job completed exactly once" equals "$(figure "$run" 3 "$f")" 15
    done
    for run in backfill accord; do
        check "jobs-$run.md sets each of the 15 jobs beside its prediction" \
            equals "$(grep -c '^| [0-9]' "$out/jobs-$run.md")" 15
    done
    check "the simulator also predicted accord-np with each job type's speed" \
        test -n "$(figure "sim accord-np with job-type speeds" 4 "$f")"
    # Every job reports its steps/s through accord-report under both
    # schedulers; sched/accord stores them (at most one per job per 10 s).
    check "sched/accord stored the jobs' progress reports" \
        test "$(grep -c '^accord-sample-' "$out/cluster-accord/state/accord-samples.log" 2>/dev/null)" -ge 15
    local accord backfill
    accord=$(figure "live sched/accord" 4 "$f") backfill=$(figure "live sched/backfill" 4 "$f")
    check "accord's mean JCT ($accord s) is not above backfill's ($backfill s)" \
        awk -v a="$accord" -v b="$backfill" 'BEGIN { exit !(a != "" && b != "" && a <= b) }'
}
