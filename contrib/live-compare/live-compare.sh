#!/usr/bin/env bash
# The live comparison of one workload: sched/backfill, then sched/accord,
# each on a fresh emulated cluster of the same spec, the same jobs
# submitted at the same (compressed) times with the same time limits
# (live-run.sh); then accord-sim's prediction for the same jobs (policies
# slurm and accord-np, the latter ranking GPU types by the plugin's own
# accord_gpu_speed table, and once more knowing each job type's measured
# speed). Writes OUT/figures.csv (one line per run), OUT/jct-cdf.svg,
# OUT/jobs-SCHED.md (each live job beside its prediction) and OUT/block.md
# (the results as docs/live-comparison.md shows them), and with --doc
# replaces the workload's block in that file.
set -euo pipefail

PROG=${0##*/}
here=$(cd "$(dirname "$0")" && pwd)

usage() {
    cat <<EOF
Usage: $PROG --name NAME --spec SPEC --time-scale X --build DIR --out DIR
             [--doc FILE --img-dir DIR] [--command TEXT] -- ACCORD-SIM-JOB-OPTIONS...
  --name NAME       the workload's name in the report and the block markers
  --spec SPEC       emulated cluster, TYPE:NODESxGPUS,... (as accord-cluster and accord-sim)
  --time-scale X    workload seconds per wall second
  --build DIR       build directory (accord-sim, accord-live-workload, accord-dl-job, .libs)
  --out DIR         results; the clusters run under DIR/cluster-SCHED
  --doc FILE        replace the block <!-- live-compare:NAME:begin/end --> of FILE
  --img-dir DIR     where the plot goes with --doc (as live-compare-NAME.svg)
  --command TEXT    the command to name in the block as the one that produced it
After --: accord-sim's options for throughputs (--throughputs only) and jobs,
e.g. --throughputs T.json --trace X.trace [--first N].
EOF
}

die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

name='' spec='' scale='' build='' out='' doc='' img_dir='' command=''
while [ $# -gt 0 ]; do
    case $1 in
        --name) name=$2; shift 2 ;;
        --spec) spec=$2; shift 2 ;;
        --time-scale) scale=$2; shift 2 ;;
        --build) build=$(realpath -e "$2"); shift 2 ;;
        --out) out=$2; shift 2 ;;
        --doc) doc=$2; shift 2 ;;
        --img-dir) img_dir=$2; shift 2 ;;
        --command) command=$2; shift 2 ;;
        --) shift; break ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option '$1'" ;;
    esac
done
[ -n "$name" ] && [ -n "$spec" ] && [ -n "$scale" ] && [ -n "$build" ] && [ -n "$out" ] && [ $# -gt 0 ] \
    || { usage >&2; die "missing option"; }
[ -z "$doc" ] || [ -n "$img_dir" ] || die "--doc needs --img-dir"
command -v gnuplot >/dev/null || die "gnuplot not found (contrib/install-deps.sh installs it)"
job_options=("$@")
table=''
for ((i = 0; i < ${#job_options[@]} - 1; i++)); do
    [ "${job_options[$i]}" != --throughputs ] || table=${job_options[$((i + 1))]}
done
[ -n "$table" ] || die "the job options need --throughputs (accord-dl-job reads Gavel's schema)"

mkdir -p "$out"
out=$(realpath "$out")
"$build/accord-live-workload" "${job_options[@]}" --cluster "$spec" >"$out/plan.tsv"
jobs=$(grep -vc '^#' "$out/plan.tsv")
echo "$PROG: $name: $jobs jobs on $spec, time scale $scale"

for sched in backfill accord; do
    started=$SECONDS
    bash "$here/live-run.sh" --scheduler "$sched" --plan "$out/plan.tsv" --spec "$spec" --time-scale "$scale" \
        --throughputs "$table" --build "$build" --dir "$out/cluster-$sched" --out "$out/live-$sched.tsv"
    echo "$PROG: $name: sched/$sched done in $((SECONDS - started)) s"
done

# The prediction ranks GPU types by the table the plugin is given; a second
# run shows what knowing each job type's measured speed would add.
gpu_speed=$(sed -n 's/^# accord_gpu_speed=//p' "$out/plan.tsv")
[ -n "$gpu_speed" ] || die "$out/plan.tsv names no accord_gpu_speed"
"$build/accord-sim" "${job_options[@]}" --cluster "$spec" --policy slurm,accord-np --quiet \
    --gpu-speed "$gpu_speed" --out "$out/sim.json" --summary-csv "$out/sim.csv" --jobs-csv "$out/sim-jobs.csv"
"$build/accord-sim" "${job_options[@]}" --cluster "$spec" --policy accord-np --quiet \
    --out /dev/null --summary-csv "$out/sim-job-types.csv"
for sched in backfill accord; do
    policy=slurm
    [ "$sched" = backfill ] || policy=accord-np
    awk -v scale="$scale" -v policy="$policy" -f "$here/live-jobs.awk" \
        "$out/plan.tsv" "$out/live-$sched.tsv" "$out/sim-jobs.csv" >"$out/jobs-$sched.md"
done

# figures.csv: live runs from Slurm's times, then the simulator's.
{
    echo "run,jobs,completed_once,jct_mean_s,jct_p99_s,queueing_mean_s,makespan_s,gpu_hours"
    for sched in backfill accord; do
        awk -v policy="live sched/$sched" -v scale="$scale" -v cdf="$out/cdf-live-$sched.dat" \
            -f "$here/live-figures.awk" "$out/live-$sched.tsv"
    done
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
        $1 == "slurm" || $1 == "accord-np" {
            printf "sim %s,%d,%d,%s,%s,%s,%s,%s\n", $1, $k["jobs"], $k["jobs"], $k["jct_mean_s"], $k["jct_p99_s"],
                $k["queueing_mean_s"], $k["makespan_s"], $k["gpu_hours"] }' "$out/sim.csv"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
        $1 == "accord-np" {
            printf "sim accord-np with job-type speeds,%d,%d,%s,%s,%s,%s,%s\n", $k["jobs"], $k["jobs"], $k["jct_mean_s"],
                $k["jct_p99_s"], $k["queueing_mean_s"], $k["makespan_s"], $k["gpu_hours"] }' "$out/sim-job-types.csv"
} >"$out/figures.csv"
awk -F, -v dir="$out" '/^# policy / { f = dir "/cdf-sim-" substr($0, 10) ".dat"; next }
    /^trace_line/ { next }
    { print ($(NF - 2) - $(NF - 4)) / 3600 > f }' "$out/sim-jobs.csv"
for f in "$out"/cdf-*.dat; do sort -g -o "$f" "$f"; done

gnuplot <<EOF
set terminal svg size 720,440 font "sans,12"
set output "$out/jct-cdf.svg"
set title "JCT CDF, $name: $jobs jobs on $spec"
set xlabel "JCT (hours of the workload's time, log scale)"
set ylabel "fraction of jobs"
set logscale x
set key bottom right
plot "$out/cdf-live-backfill.dat" using 1:(1.0) smooth cnormal lw 2 title "live sched/backfill", \
     "$out/cdf-live-accord.dat" using 1:(1.0) smooth cnormal lw 2 title "live sched/accord", \
     "$out/cdf-sim-slurm.dat" using 1:(1.0) smooth cnormal dt 2 title "accord-sim slurm", \
     "$out/cdf-sim-accord-np.dat" using 1:(1.0) smooth cnormal dt 2 title "accord-sim accord-np"
EOF

# The block: the figures table, accord over backfill, live over sim.
{
    echo "<!-- live-compare:$name:begin -->"
    echo "Produced by \`${command:-$PROG --name $name ...}\` on $(date -u +%Y-%m-%d):"
    echo "$jobs jobs, cluster \`$spec\`, time scale $scale (workload seconds per wall second)."
    echo
    echo "| run | jobs | completed once | mean JCT (h) | p99 JCT (h) | mean queueing (h) | makespan (h) | GPU-hours |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    awk -F, 'NR > 1 { printf "| %s | %d | %d | %.2f | %.2f | %.2f | %.2f | %.1f |\n",
        $1, $2, $3, $4 / 3600, $5 / 3600, $6 / 3600, $7 / 3600, $8 }' "$out/figures.csv"
    echo
    awk -F, 'NR > 1 { jct[$1] = $4; p99[$1] = $5; mk[$1] = $7; gh[$1] = $8 }
        function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "n/a" }
        END {
            printf "Accord / backfill, mean JCT: live %s, sim %s (with job-type speeds %s); p99 JCT: live %s, sim %s.\n",
                ratio(jct["live sched/accord"], jct["live sched/backfill"]), ratio(jct["sim accord-np"], jct["sim slurm"]),
                ratio(jct["sim accord-np with job-type speeds"], jct["sim slurm"]),
                ratio(p99["live sched/accord"], p99["live sched/backfill"]), ratio(p99["sim accord-np"], p99["sim slurm"])
            printf "Live / sim, mean JCT: backfill %s, accord %s; makespan: backfill %s, accord %s; GPU-hours: backfill %s, accord %s.\n",
                ratio(jct["live sched/backfill"], jct["sim slurm"]), ratio(jct["live sched/accord"], jct["sim accord-np"]),
                ratio(mk["live sched/backfill"], mk["sim slurm"]), ratio(mk["live sched/accord"], mk["sim accord-np"]),
                ratio(gh["live sched/backfill"], gh["sim slurm"]), ratio(gh["live sched/accord"], gh["sim accord-np"])
        }' "$out/figures.csv"
    echo
    echo "![JCT CDF, $name](img/live-compare-$name.svg)"
    echo "<!-- live-compare:$name:end -->"
} >"$out/block.md"
cat "$out/block.md"

if [ -n "$doc" ]; then
    cp "$out/jct-cdf.svg" "$img_dir/live-compare-$name.svg"
    if grep -q "<!-- live-compare:$name:begin" "$doc"; then
        awk -v blk="$out/block.md" -v n="$name" '$0 ~ "<!-- live-compare:" n ":begin" {
                while ((getline l < blk) > 0) print l; skip = 1; next }
            $0 ~ "<!-- live-compare:" n ":end" { skip = 0; next } !skip' "$doc" >"$doc.new"
        mv "$doc.new" "$doc"
    else
        { echo; cat "$out/block.md"; } >>"$doc"
    fi
    echo "$PROG: wrote $doc and $img_dir/live-compare-$name.svg"
fi
