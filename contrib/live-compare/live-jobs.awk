# Job by job: one live run beside accord-sim's prediction for it, so that a
# gap between the two figures can be traced to the jobs that make it.
# Usage: awk -v scale=X -v policy=SIM_POLICY -f live-jobs.awk PLAN.tsv RUN.tsv SIM-JOBS.csv
# (PLAN: accord-live-workload's plan; RUN: live-run.sh's per-job lines;
# SIM-JOBS: accord-sim --jobs-csv, whose section "# policy SIM_POLICY" is
# read; its jobs are in plan order). Prints a Markdown table in the
# workload's time (wall seconds x scale, from the run's first submission):
# per job its type, GPUs, where and when it ran live and in the simulator,
# and live JCT over simulated JCT.
function types(nodelist,    t) {
    t = nodelist
    gsub(/-[^,]*/, "", t)    # "p100-[1-2],v100-1" -> "p100,v100"
    return t
}
BEGIN { FS = "\t"; first = -1 }
FILENAME == ARGV[1] {
    if ($0 !~ /^#/) job_type[++planned] = $6
    next
}
FILENAME == ARGV[2] {
    n = $1 + 1
    gpus[n] = $3; submit[n] = $5; start[n] = $6; end[n] = $7; nodes[n] = $11
    if (first < 0 || $5 < first) first = $5
    next
}
/^# policy / { section = substr($0, 10); row = 0; next }
section == policy && $0 !~ /^trace_line/ {
    split($0, f, ",")
    row++
    sim_start[row] = f[5]; sim_end[row] = f[6]; sim_arrival[row] = f[4]; sim_type[row] = f[7]
}
END {
    print "| job | type | GPUs | live on | live start (h) | live JCT (h) | sim on | sim start (h) | sim JCT (h) | live/sim JCT |"
    print "|---:|---|---:|---|---:|---:|---|---:|---:|---:|"
    for (n = 1; n <= planned; n++) {
        live_jct = (end[n] - submit[n]) * scale
        sim_jct = sim_end[n] - sim_arrival[n]
        printf "| %d | %s | %d | %s | %.2f | %.2f | %s | %.2f | %.2f | %.2f |\n", n, job_type[n], gpus[n],
            types(nodes[n]), (start[n] - first) * scale / 3600, live_jct / 3600, sim_type[n],
            sim_start[n] / 3600, sim_jct / 3600, (sim_jct > 0 ? live_jct / sim_jct : 0)
    }
}
