#!/usr/bin/env bash
# Memory over a long run (issue 7): slurmctld's memory under sched/accord
# and under sched/backfill, side by side in one run, while jobs keep coming
# and going. Two emulated clusters run at the same time on the same machine
# (so both see the same noise), each fed the same deterministic stream of
# jobs for HOLD seconds: one job every 60/RATE s, 1-4 GPUs, typed or not,
# each with an --accord-model family (of FAMILIES), running 5-40 s and
# sending three progress reports (accord-report) as it goes. Every 10 s it
# reads each slurmctld's VmRSS from /proc and counts its queue. The first
# WARMUP seconds are left out of the growth figures: Slurm keeps finished
# jobs MinJobAge (300 s), so its memory rises until then whatever the
# scheduler. It prints a table and rewrites the results block in
# docs/reliability.md. Needs root, the Slurm 22.05 daemons and a build
# (sched_accord.so, spank_accord.so, accord-report).
set -euo pipefail

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CLUSTER=$REPO/contrib/cluster/accord-cluster

DIR=/tmp/accord-churn-bench
SPEC=a100:4x8,v100:4x4,t4:8x4
RATE=6            # jobs per minute, each cluster
HOLD=3600
WARMUP=600
FAMILIES=40
BUILD=""
DOC=$REPO/docs/reliability.md
WRITE_DOC=1
PORT_BASE=${ACCORD_CLUSTER_PORT_BASE:-19400}
export ACCORD_CLUSTER_TIMEOUT=${ACCORD_CLUSTER_TIMEOUT:-120}

usage() {
    cat <<EOF
Usage: $PROG --build DIR [--dir DIR] [--spec SPEC] [--rate N] [--hold SECONDS]
             [--warmup SECONDS] [--families N] [--doc FILE | --no-doc]

Feeds the same stream of short jobs (with progress reports) to a cluster
under sched/accord and one under sched/backfill at the same time for HOLD
seconds, and compares slurmctld's memory (VmRSS) over the run.

  --build DIR       build directory: .libs/sched_accord.so, .libs/spank_accord.so,
                    accord-report
  --dir DIR         clusters in DIR-accord and DIR-backfill, results in DIR-results
                    (default $DIR)
  --spec SPEC       accord-cluster node spec of each cluster (default $SPEC)
  --rate N          jobs submitted per minute to each cluster (default $RATE)
  --hold SECONDS    how long jobs are fed (default $HOLD)
  --warmup SECONDS  left out of the growth figures (default $WARMUP; >= MinJobAge 300)
  --families N      --accord-model families the jobs cycle through (default $FAMILIES)
  --doc FILE        Markdown file whose churn-bench block is rewritten
  --no-doc          print only

Environment: ACCORD_CLUSTER_PORT_BASE (default 19400; backfill's cluster uses +500; slurmds take base+100 on).
EOF
}

# shellcheck source=bench-workload.sh
. "$HERE/bench-workload.sh"

ARGS_GIVEN=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --build) BUILD=$(val "$@"); shift 2 ;;
        --dir) DIR=$(val "$@"); shift 2 ;;
        --spec) SPEC=$(val "$@"); shift 2 ;;
        --rate) RATE=$(val "$@"); shift 2 ;;
        --hold) HOLD=$(val "$@"); shift 2 ;;
        --warmup) WARMUP=$(val "$@"); shift 2 ;;
        --families) FAMILIES=$(val "$@"); shift 2 ;;
        --doc) DOC=$(val "$@"); shift 2 ;;
        --no-doc) WRITE_DOC=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown option '$1' (see $PROG --help)" ;;
    esac
done
for v in RATE HOLD WARMUP FAMILIES; do
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "--${v,,} must be a positive whole number, not '${!v}'"
done
((RATE <= 60)) || die "--rate must be at most 60 jobs per minute, not $RATE"
((WARMUP < HOLD)) || die "--warmup ($WARMUP s) must be shorter than --hold ($HOLD s)"
[ "$(id -u)" -eq 0 ] || die "needs root (it starts slurmctld and slurmds)"
[ -n "$BUILD" ] || die "--build DIR is needed (see $PROG --help)"
BUILD=$(realpath -e -- "$BUILD") || die "--build: no directory '$BUILD'"
for f in .libs/sched_accord.so .libs/spank_accord.so accord-report; do
    [ -e "$BUILD/$f" ] || die "no $BUILD/$f (make in the build directory first)"
done
DIR=$(realpath -m -- "$DIR")
RESULTS=$DIR-results
SCHEDS=(accord backfill)

# ------------------------------------------------------------ cleanup ----

BG_PIDS=()

clusters_down() {
    local pid s
    for pid in "${BG_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${BG_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    BG_PIDS=()
    for s in "${SCHEDS[@]}"; do "$CLUSTER" down --dir "$DIR-$s" >/dev/null 2>&1 || true; done
}
trap clusters_down EXIT
trap 'exit 130' INT TERM

# ------------------------------------------------------------ jobs -------

# The sbatch arguments and run time of stream job $1, a pure function of
# $1: "SECONDS ARGS...". 1, 2 or 4 GPUs on one node; two in three typed.
churn_job() {
    local i=$1 h t g secs
    local -a sizes=(1 1 2 4)
    h=$((((i + 1) * 2654435761) % 4294967296))
    h=$(((h ^ (h >> 16)) * 73244475 % 4294967296))
    t=$(((h >> 4) % ${#TYPES[@]}))
    g=${sizes[$(((h >> 8) % 4))]}
    ((g > GPUS[t])) && g=${GPUS[t]}
    secs=$((5 + (h >> 12) % 36))
    if (((h >> 20) % 3)); then
        echo "$secs -p ${TYPES[t]} --gres=gpu:${TYPES[t]}:$g"
    else
        echo "$secs -p all --gres=gpu:$g"
    fi
}

# A job's script: three progress reports over its run time. The rate is
# its family's, so the reports teach Accord something; backfill refuses
# them (no plugin to take them), which the job ignores.
job_script() {  # job_script SECONDS FAMILY
    local step=$(($1 / 3 + 1)) rate=$((10 + $2 % 7))
    echo "for k in 1 2 3; do sleep $step; $BUILD/accord-report --steps-per-second $rate.5 2>/dev/null || true; done"
}

feed() {  # feed SCHED: one job every 60/RATE s for HOLD s
    local sched=$1 i=0 due t0=$EPOCHREALTIME secs args family
    export SLURM_CONF=$DIR-$sched/etc/slurm.conf
    while :; do
        ((i * 60 < HOLD * RATE)) || break
        due=$(awk -v t="$t0" -v i="$i" -v r="$RATE" 'BEGIN {printf "%.3f", t + i * 60 / r}')
        sleep "$(awk -v d="$due" -v n="$EPOCHREALTIME" 'BEGIN {print (d > n ? d - n : 0)}')"
        read -r secs args < <(churn_job "$i")
        family=$((i % FAMILIES))
        # shellcheck disable=SC2086  # args is split on purpose
        sbatch --parsable -o /dev/null -J "churn$i" $args -N 1 -t 5 --accord-model="family$family" \
            --wrap "$(job_script "$secs" "$family")" >/dev/null 2>>"$RESULTS/$sched-sbatch-errors.txt" || true
        i=$((i + 1))
    done
    echo "$i" >"$RESULTS/$sched-submitted.txt"
}

# Every 10 s: "seconds rss_kB pending running" of SCHED's slurmctld.
sample() {  # sample SCHED PID
    local sched=$1 pid=$2 t0=$SECONDS pd r
    export SLURM_CONF=$DIR-$sched/etc/slurm.conf
    while :; do
        pd=$(squeue -h -t PD -o %i 2>/dev/null | wc -l)
        r=$(squeue -h -t R -o %i 2>/dev/null | wc -l)
        awk -v t=$((SECONDS - t0)) -v pd="$pd" -v r="$r" '/^VmRSS:/ {print t, $2, pd, r}' \
            "/proc/$pid/status" >>"$RESULTS/$sched-rss.txt" 2>/dev/null || true
        sleep 10
    done
}

cluster_up() {  # cluster_up SCHED PORT_BASE
    local sched=$1 params=bf_interval=1
    [ "$sched" = accord ] && params=sched_interval=-1,defer,accord_interval=1
    ACCORD_CLUSTER_PORT_BASE=$2 "$CLUSTER" up --dir "$DIR-$sched" --spec "$SPEC" --scheduler "$sched" \
        --sched-params "$params" --plugin-dir "$BUILD/.libs" --spank "$BUILD/.libs/spank_accord.so" >/dev/null \
        || die "accord-cluster up ($sched) failed"
}

# ------------------------------------------------------------ report -----

mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }

# One row: RSS after the warm-up, max before and after half time, at the
# end, its least-squares slope after the warm-up (kB/h), jobs fed and ended.
rss_row() {  # rss_row SCHED
    local f=$RESULTS/$1-rss.txt fed left
    fed=$(cat "$RESULTS/$1-submitted.txt")
    left=$(tail -n 1 "$f" | awk '{print $3 + $4}')
    awk -v w="$WARMUP" -v h="$HOLD" -v s="$1" -v fed="$fed" -v left="$left" '
        $1 >= w {n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2
                 if (!n0) {n0 = 1; start = $2}
                 half = w + (h - w) / 2
                 if ($1 < half && $2 > m1) m1 = $2
                 if ($1 >= half && $2 > m2) m2 = $2
                 last = $2}
        END {slope = (n > 1) ? (n * sxy - sx * sy) / (n * sxx - sx * sx) * 3600 : 0
             printf "| sched/%s | %.0f MB | %.0f MB | %.0f MB | %.0f MB | %+.0f kB/h | %d | %d |\n",
                 s, start / 1024, m1 / 1024, m2 / 1024, last / 1024, slope, fed, fed - left}' "$f"
}

report() {
    local commit command
    commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "?")
    git -C "$REPO" diff --quiet HEAD -- plugin 2>/dev/null || commit="$commit + uncommitted plugin changes"
    command="contrib/bench/churn-bench.sh${ARGS_GIVEN[*]:+ ${ARGS_GIVEN[*]}}"
    cat >"$RESULTS/results.md" <<EOF
Measured $(date '+%Y-%m-%d %H:%M %Z') on $(nproc) CPUs; $(slurmctld -V 2>/dev/null || echo "slurm ?");
Accord at $commit. Command: \`$command\` (whole run $((SECONDS - START_SECONDS)) s).
Two clusters \`$SPEC\` at once, one under each scheduler, each fed the same $RATE jobs a minute for
$HOLD s (1-4 GPUs, 5-40 s, $FAMILIES \`--accord-model\` families, three progress reports each).
slurmctld's VmRSS every 10 s; the first $WARMUP s (Slurm keeps ended jobs 300 s) are left out.

| scheduler | after warm-up | max, first half | max, second half | end | slope after warm-up | jobs fed | jobs ended |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(rss_row accord)
$(rss_row backfill)

Accord's stored samples at the end: $(wc -l <"$DIR-accord/state/accord-samples.log" 2>/dev/null || echo "?") lines.
EOF
    echo
    cat "$RESULTS/results.md"
    if ((WRITE_DOC)); then
        write_block "$DOC" churn-bench "$RESULTS/results.md"
        say "results written to $DOC"
    fi
}

# ------------------------------------------------------------ main -------

START_SECONDS=$SECONDS
parse_spec
clusters_down
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
cluster_up accord "$PORT_BASE"
cluster_up backfill $((PORT_BASE + 500))
say "clusters up: $SPEC under sched/accord and sched/backfill; feeding $RATE jobs/min each for $HOLD s"
for s in "${SCHEDS[@]}"; do
    read -r pid <"$DIR-$s/pids/slurmctld.pid"
    sample "$s" "$pid" &
    BG_PIDS+=($!)
done
feed accord &
feeders=($!)
feed backfill &
feeders+=($!)
wait "${feeders[@]}"
sleep 60   # the last jobs end
report
