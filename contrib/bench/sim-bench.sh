#!/usr/bin/env bash
# Simulator benchmark (`make bench-sim`, part of `make bench`): every
# accord-sim policy side by side on the same workloads, and the figures and
# plots of docs/benchmarks.md's "Policies in accord-sim" block:
#  1. JCT vs load: Philly-like workloads (seeded) at several arrival rates on
#     Gavel's simulated cluster (36 V100 + 36 P100 + 36 K80), Gavel's table.
#  2. JCT CDF per policy at the middle load.
#  3. The Sia setup: Sia's workload CSVs on its T4/RTX 2080Ti/A100 cluster
#     (accord-sim's default with --sia-profiles) with Sia's profiles.
#  4. Decision latency of one round vs cluster size (64 to 8,192 GPUs) and
#     queue length (100 to 5,000 jobs), per round policy (decision-latency),
#     and its plot at 1,000 jobs.
#  5. Speed: 10,000 jobs on 2,048 GPUs, CPU time per policy (and wall time).
# Needs only a built accord-sim, gnuplot and ../shared/data.
set -euo pipefail

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
DATA=${ACCORD_DATA:-$REPO/../shared/data}
SIM=${ACCORD_SIM:-$REPO/build/accord-sim}
DECISION_LATENCY=${ACCORD_DECISION_LATENCY:-$REPO/build/decision-latency}
DOC=$REPO/docs/benchmarks.md
IMG=$REPO/docs/img
WORK=${TMPDIR:-/tmp}/accord-sim-bench
JOBS=400
RATES="3 5 7 9"
SPEED_JOBS=10000
SPEED_CAP=900
WRITE_DOC=1
POLICY=all

GAVEL_TABLE=$DATA/gavel/simulation_throughputs.json
PHILLY=$DATA/gavel/philly_job_distribution.csv
GAVEL_CLUSTER=v100:9x4,p100:9x4,k80:9x4
GAVEL_GPUS=108

usage() {
    cat <<EOF
Usage: $PROG [--sim PATH] [--jobs N] [--rates "R1 R2 ..."] [--speed-jobs N] [--speed-cap S]
       [--policy LIST] [--no-doc]

Runs every accord-sim policy on the same workloads and rewrites the
"sim-bench" block of $DOC and the plots in $IMG.

  --sim PATH        accord-sim binary (default \$ACCORD_SIM or build/accord-sim)
  --jobs N          jobs per load point (default $JOBS)
  --rates "..."     arrival rates in jobs per hour on 108 GPUs (default "$RATES")
  --speed-jobs N    jobs of the speed run on 2,048 GPUs (default $SPEED_JOBS)
  --speed-cap S     CPU seconds each policy may take in the speed run (default $SPEED_CAP)
  --policy LIST     accord-sim policies, joined by commas (default all)
  --no-doc          print the block instead of rewriting the document
EOF
}

while [ $# -gt 0 ]; do
    case $1 in
    --sim) SIM=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --rates) RATES=$2; shift 2 ;;
    --speed-jobs) SPEED_JOBS=$2; shift 2 ;;
    --speed-cap) SPEED_CAP=$2; shift 2 ;;
    --policy) POLICY=$2; shift 2 ;;
    --no-doc) WRITE_DOC=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$PROG: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done

for f in "$SIM" "$DECISION_LATENCY" "$GAVEL_TABLE" "$PHILLY"; do
    [ -e "$f" ] || { echo "$PROG: $f not found" >&2; exit 1; }
done
command -v gnuplot >/dev/null || { echo "$PROG: gnuplot not found (contrib/install-deps.sh installs it)" >&2; exit 1; }
rm -rf "$WORK"
mkdir -p "$WORK" "$IMG"

# One accord-sim run of every policy; NAME.csv = per-policy summary,
# NAME.jobs = per-job times.
simulate() {
    local name=$1
    shift
    "$SIM" --quiet --policy "$POLICY" --summary-csv "$WORK/$name.csv" --jobs-csv "$WORK/$name.jobs" \
        --out "$WORK/$name.json" "$@"
}

# The value of COLUMN for POLICY in a summary CSV.
column_of() {
    awk -F, -v p="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
                                  $1 == p { print $k }' "$1"
}

policies_of() { awk -F, 'NR > 1 { print $1 }' "$1"; }

# Markdown table of the named columns of a summary CSV.
table_of() {
    local csv=$1
    shift
    awk -F, -v cols="$*" '
        BEGIN { n = split(cols, want, " ") }
        NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i
                  printf "| policy |"; for (i = 1; i <= n; i++) printf " %s |", want[i]; print ""
                  printf "|---|"; for (i = 1; i <= n; i++) printf "---:|"; print ""; next }
        { printf "| %s |", $1
          for (i = 1; i <= n; i++) { v = $at[want[i]]; printf (v ~ /^[0-9.e+-]+$/ ? " %.4g |" : " %s |"), v }
          print "" }' "$csv"
}

ratio_table() {  # mean JCT of every policy over accord's
    local csv=$1 base
    base=$(column_of "$csv" accord jct_mean_s)
    awk -F, -v b="$base" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "jct_mean_s") k = i; next }
        { printf "%s %.3f; ", $1, $k / b }' "$csv"
}

start=$(date +%s)

# 1-2. JCT vs load on Gavel's cluster, and the CDF at the middle load.
for rate in $RATES; do
    simulate "load-$rate" --throughputs "$GAVEL_TABLE" --generate "$JOBS" --philly "$PHILLY" \
        --arrival-rate "$rate" --seed 0 --cluster "$GAVEL_CLUSTER"
done
first_rate=${RATES%% *}
mapfile -t POLICIES < <(policies_of "$WORK/load-$first_rate.csv")
{
    printf "rate"
    printf " %s" "${POLICIES[@]}"
    echo
    for rate in $RATES; do
        printf "%s" "$rate"
        for p in "${POLICIES[@]}"; do printf " %s" "$(column_of "$WORK/load-$rate.csv" "$p" jct_mean_s)"; done
        echo
    done
} >"$WORK/load.dat"
gnuplot <<EOF
set terminal svg size 720,440 font "sans,12"
set output "$IMG/jct-vs-load.svg"
set title "Mean JCT vs load: $JOBS Philly-like jobs, 108 GPUs (36 V100/P100/K80), Gavel's table"
set xlabel "arrival rate (jobs per hour)"
set ylabel "mean JCT (hours)"
set key outside right
plot for [i=2:$((${#POLICIES[@]} + 1))] "$WORK/load.dat" using 1:(column(i)/3600) with linespoints title columnheader(i)
EOF

mid_rate=$(echo $RATES | awk '{ print $(int((NF + 1) / 2)) }')
awk -F, -v dir="$WORK" '/^# policy / { out = dir "/cdf-" substr($0, 10) ".dat"; next }
    /^trace_line/ { next }
    { print ($6 - $4) / 3600 > out }' "$WORK/load-$mid_rate.jobs"
for f in "$WORK"/cdf-*.dat; do sort -g -o "$f" "$f"; done
gnuplot <<EOF
set terminal svg size 720,440 font "sans,12"
set output "$IMG/jct-cdf.svg"
set title "JCT CDF: $JOBS Philly-like jobs at $mid_rate jobs/h, 108 GPUs, Gavel's table"
set xlabel "JCT (hours, log scale)"
set ylabel "fraction of jobs"
set logscale x
set key bottom right
files = system("ls $WORK/cdf-*.dat")
plot for [f in files] f using 1:(1.0) smooth cnormal title system("basename " . f . " .dat | sed s/cdf-//")
EOF

# 3. The Sia setup: Sia's workloads on its 64-GPU T4/RTX 2080Ti/A100 cluster.
SIA_WORKLOADS="philly/workload-1 philly/workload-2 saturn/workload-1"
for w in $SIA_WORKLOADS; do
    simulate "sia-${w//\//-}" --sia-profiles "$DATA/sia/profiles" --sia-workload "$DATA/sia/workloads/$w.csv"
done

# 4. Decision latency of one round vs cluster size and queue length.
"$DECISION_LATENCY" "$GAVEL_TABLE" "$PHILLY" "$POLICY" >"$WORK/latency.md"
# The plot: first rounds at 1,000 waiting jobs (the goal's queue), a line per policy.
awk -F'|' -v dir="$WORK" 'NR > 2 && $4 + 0 == 1000 { p = $2; gsub(/ /, "", p)
    print $3 + 0, $5 + 0 > (dir "/latency-" p ".dat") }' "$WORK/latency.md"
gnuplot <<EOF
set terminal svg size 720,440 font "sans,12"
set output "$IMG/latency-vs-gpus.svg"
set title "First round's decision latency, 1,000 waiting Philly-like jobs"
set xlabel "GPUs in the cluster (log scale)"
set ylabel "ms (log scale)"
set logscale xy
set key outside right
files = system("ls $WORK/latency-*.dat")
plot for [f in files] f using 1:2 with linespoints title system("basename " . f . " .dat | sed s/latency-//"), \\
     100 with lines dashtype 2 title "goal at 2,048 GPUs"
EOF

# 5. Speed: 10,000 jobs on 2,048 GPUs, each policy alone with a cap on its
# CPU time. CPU time, not wall time, is the figure: this machine is shared,
# and a loaded one stretches wall times several-fold.
speed_rate=$(awk -v r="$mid_rate" -v b="$GAVEL_GPUS" 'BEGIN { printf "%.3f", r * 2048 / b }')
echo "policy cpu_s wall_s" >"$WORK/speed.txt"
TIMEFORMAT=%U
for p in "${POLICIES[@]}"; do
    [ "$p" != bound-isolated-fastest ] || continue
    if { time bash -c 'ulimit -t "$1"; shift; exec "$@"' cap "$SPEED_CAP" \
        "$SIM" --quiet --policy "$p" --summary-csv "$WORK/speed-$p.csv" --out /dev/null \
        --throughputs "$GAVEL_TABLE" --generate "$SPEED_JOBS" --philly "$PHILLY" --arrival-rate "$speed_rate" \
        --seed 0 --cluster v100:171x4,p100:171x4,k80:170x4 2>"$WORK/speed-$p.err"; } 2>"$WORK/speed-$p.time"; then
        echo "$p $(cat "$WORK/speed-$p.time") $(column_of "$WORK/speed-$p.csv" "$p" wall_s)" >>"$WORK/speed.txt"
    else
        echo "$p >$SPEED_CAP -" >>"$WORK/speed.txt"
    fi
done

elapsed=$(($(date +%s) - start))
commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)
block=$WORK/block.md
{
    echo "<!-- sim-bench:begin (generated by contrib/bench/sim-bench.sh; edit outside) -->"
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs, Accord at $commit; whole run ${elapsed} s."
    echo "Command: \`make bench-sim\` (\`contrib/bench/sim-bench.sh\`). Throughputs: \`gavel/simulation_throughputs.json\`;"
    echo "workloads drawn from \`gavel/philly_job_distribution.csv\` with \`--seed 0\` (../shared/data)."
    echo
    echo "#### Gavel's cluster (36 V100 + 36 P100 + 36 K80), $JOBS jobs per load"
    echo
    echo "![mean JCT vs load](img/jct-vs-load.svg)"
    echo
    for rate in $RATES; do
        echo "At $rate jobs/h (mean JCT over accord's: $(ratio_table "$WORK/load-$rate.csv")):"
        echo
        table_of "$WORK/load-$rate.csv" jct_mean_s jct_median_s jct_p99_s queueing_mean_s makespan_s gpu_hours utilization ftf_worst ftf_share_above_1
        echo
    done
    echo "![JCT CDF](img/jct-cdf.svg)"
    echo
    echo "#### The Sia setup (t4:6x4,rtx2080ti:3x8,a100:2x8; Sia's profiles, elastic jobs, adaptive batch)"
    echo
    for w in $SIA_WORKLOADS; do
        f=$WORK/sia-${w//\//-}.csv
        echo "\`sia/workloads/$w.csv\` (mean JCT over accord's: $(ratio_table "$f")):"
        echo
        table_of "$f" jct_mean_s jct_median_s jct_p99_s makespan_s gpu_hours utilization
        echo
    done
    echo "#### Decision latency of one round (\`decision-latency\`, round policies; Philly-like jobs, all waiting)"
    echo
    echo "Cluster: a third each V100, P100 and K80 in 4-GPU nodes. The goal for accord: ≤ 100 ms for"
    echo "1,000 jobs on 2,048 GPUs."
    echo
    echo "![decision latency vs cluster size](img/latency-vs-gpus.svg)"
    echo
    cat "$WORK/latency.md"
    echo
    echo "#### Speed: $SPEED_JOBS jobs on 2,048 GPUs (v100:171x4,p100:171x4,k80:170x4, $speed_rate jobs/h)"
    echo
    echo "Each policy alone, capped at $SPEED_CAP s of CPU (goal: under 60 s for the policies without a solver)."
    echo "CPU time is the process's user time; wall time depends on what else ran on the machine."
    echo
    echo "| policy | CPU time (s) | wall time (s) |"
    echo "|---|---:|---:|"
    awk 'NR > 1 { printf "| %s | %s | %s |\n", $1, $2, $3 }' "$WORK/speed.txt"
    echo "<!-- sim-bench:end -->"
} >"$block"

if [ "$WRITE_DOC" = 1 ]; then
    if grep -q '<!-- sim-bench:begin' "$DOC"; then
        awk -v blk="$block" '/<!-- sim-bench:begin/ { while ((getline l < blk) > 0) print l; skip = 1; next }
            /<!-- sim-bench:end/ { skip = 0; next } !skip' "$DOC" >"$DOC.new"
        mv "$DOC.new" "$DOC"
    else
        { echo; echo "## Policies in accord-sim"; echo; cat "$block"; } >>"$DOC"
    fi
    echo "$PROG: wrote $DOC and $IMG/*.svg"
else
    cat "$block"
fi
