# The figures of one live run (live-run.sh's per-job lines), in the
# workload's own time (wall seconds x scale), as accord-sim computes them
# (contrib/sim/run_summary.cpp): JCT = end - submit, nearest-rank p99,
# makespan = last end - first submit, GPU-hours = GPUs x run time.
# Usage: awk -v policy=NAME -v scale=X -v cdf=FILE -f live-figures.awk RUN.tsv
# prints: policy,jobs,completed_once,jct_mean_s,jct_p99_s,queueing_mean_s,makespan_s,gpu_hours
# (completed_once: jobs COMPLETED with exit 0:0, no restart, whose emulator
# reported its steps done exactly once); writes each job's JCT in hours to cdf.
# Insertion sort of a[1..n] (mawk has no asort; a run has few jobs).
function sort(a, n,    i, j, v) {
    for (i = 2; i <= n; i++) {
        v = a[i]
        for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]
        a[j + 1] = v
    }
}
BEGIN { FS = "\t"; first = -1; last = -1 }
{
    gpus = $3; submit = $5; start = $6; end = $7
    n++
    if ($8 == "COMPLETED" && $9 == "0:0" && $10 == 0 && $12 == 1) once++
    if (submit < 0 || start < 0 || end < 0) { missing++; next }
    m++
    jct[m] = (end - submit) * scale
    jct_sum += jct[m]
    queue_sum += (start - submit) * scale
    gpu_s += gpus * (end - start) * scale
    if (first < 0 || submit < first) first = submit
    if (end > last) last = end
    print jct[m] / 3600 > cdf
}
END {
    if (missing) { printf "live-figures: %d jobs without submit/start/end times\n", missing > "/dev/stderr"; exit 1 }
    sort(jct, m)
    p99 = jct[int(0.99 * m) + (0.99 * m > int(0.99 * m))]
    printf "%s,%d,%d,%.1f,%.1f,%.1f,%.1f,%.3f\n", policy, n, once + 0, jct_sum / m, p99, queue_sum / m,
        (last - first) * scale, gpu_s / 3600
}
