#!/usr/bin/env bash
# Load benchmark (issue 7): 10,000 pending jobs on a 64-node emulated GPU
# cluster, held for a while under sched/accord, then under sched/backfill,
# in one run. For each scheduler it brings up a fresh cluster
# (contrib/cluster/accord-cluster), pins an exclusive blocker job on every
# node so nothing else starts, submits the same JOBS jobs (lock-bench's mix,
# bench-workload.sh) with the partitions down so that neither scheduler
# slows the submission, brings the partitions up, waits until the scheduler
# sees the whole queue and then, for HOLD seconds:
#   - every 2 s, times one `squeue` (all jobs) and one `sbatch --hold`
#     (a probe that never runs) from this shell;
#   - every 5 s, reads slurmctld's VmRSS from /proc;
#   - sched/accord: each cycle's "locks held" from its accord_debug line;
#     sched/backfill: each new "Last cycle" from sdiag.
# It prints a table and rewrites the results block in docs/reliability.md.
# Needs root and the Slurm 22.05 daemons; sched_accord.so installed, or
# --plugin-dir naming a build's .libs.
set -euo pipefail

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CLUSTER=$REPO/contrib/cluster/accord-cluster

DIR=/tmp/accord-load-bench
SPEC=a100:16x8,v100:16x4,t4:32x4
JOBS=10000
HOLD=300
PLUGIN_DIR=""
DOC=$REPO/docs/reliability.md
WRITE_DOC=1
SUBMITTERS=4          # parallel sbatch loops while the partitions are down
SETTLE_TIMEOUT=600    # seconds to wait for the scheduler to see every job
export ACCORD_CLUSTER_PORT_BASE=${ACCORD_CLUSTER_PORT_BASE:-19200}
export ACCORD_CLUSTER_TIMEOUT=${ACCORD_CLUSTER_TIMEOUT:-120}

usage() {
    cat <<EOF
Usage: $PROG [--dir DIR] [--spec SPEC] [--jobs N] [--hold SECONDS]
             [--plugin-dir DIR] [--doc FILE | --no-doc]

Holds N pending jobs under sched/accord, then sched/backfill, and measures
squeue and sbatch latency (ratio accord/backfill), each cycle's lock time
and slurmctld's memory (VmRSS) over the hold.

  --dir DIR         cluster directory (default $DIR); raw results in DIR-results
  --spec SPEC       accord-cluster node spec (default $SPEC)
  --jobs N          pending jobs (default $JOBS)
  --hold SECONDS    how long each scheduler holds them (default $HOLD)
  --plugin-dir DIR  sched_accord.so from DIR (e.g. a build's .libs), not installed
  --doc FILE        Markdown file whose load-bench block is rewritten
  --no-doc          print only

Environment: ACCORD_CLUSTER_PORT_BASE (default 19200 here).
EOF
}

# shellcheck source=bench-workload.sh
. "$HERE/bench-workload.sh"

ARGS_GIVEN=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --dir) DIR=$(val "$@"); shift 2 ;;
        --spec) SPEC=$(val "$@"); shift 2 ;;
        --jobs) JOBS=$(val "$@"); shift 2 ;;
        --hold) HOLD=$(val "$@"); shift 2 ;;
        --plugin-dir) PLUGIN_DIR=$(val "$@"); shift 2 ;;
        --doc) DOC=$(val "$@"); shift 2 ;;
        --no-doc) WRITE_DOC=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown option '$1' (see $PROG --help)" ;;
    esac
done
[[ $JOBS =~ ^[1-9][0-9]*$ && $HOLD =~ ^[1-9][0-9]*$ ]] || die "--jobs and --hold must be positive numbers"
[ "$(id -u)" -eq 0 ] || die "needs root (it starts slurmctld and slurmds)"
if [ -n "$PLUGIN_DIR" ]; then
    PLUGIN_DIR=$(realpath -e -- "$PLUGIN_DIR") || die "--plugin-dir: no directory '$PLUGIN_DIR'"
    SO=$PLUGIN_DIR/sched_accord.so
else
    SO=/usr/lib/x86_64-linux-gnu/slurm-wlm/sched_accord.so
fi
[ -e "$SO" ] || die "no $SO (make install, or --plugin-dir)"
DIR=$(realpath -m -- "$DIR")
RESULTS=$DIR-results   # not inside DIR: accord-cluster wants DIR its own
export SLURM_CONF=$DIR/etc/slurm.conf

# Every job in the queue is considered each cycle: accord_max_jobs and
# bf_max_job_test above JOBS. Otherwise as lock-bench.sh (main scheduler
# off, so each plugin's own cycle is all that runs).
ACCORD_PARAMS=sched_interval=-1,defer,accord_interval=1,accord_debug=1,accord_max_jobs=$((JOBS + 1000))
BACKFILL_PARAMS=sched_interval=-1,defer,bf_interval=1,bf_max_job_test=$((JOBS + 1000)),bf_max_time=300,bf_window=4320

# ------------------------------------------------------------ cleanup ----

BG_PIDS=()
CLUSTER_UP=0

stop_bg() {
    local pid
    for pid in "${BG_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    BG_PIDS=()
}

cluster_down() {
    stop_bg
    if ((CLUSTER_UP)); then
        "$CLUSTER" down --dir "$DIR" >/dev/null 2>&1 || true
        CLUSTER_UP=0
    fi
}
trap cluster_down EXIT
trap 'exit 130' INT TERM

# ------------------------------------------------------------ load -------


partitions() { sinfo -h -o %R | sort -u; }

set_partitions() {  # set_partitions up|down
    local p
    for p in $(partitions); do scontrol update partitionname="$p" state="$1"; done
}

# Submitter $1 of SUBMITTERS: jobs i with i mod SUBMITTERS = $1.
submit_share() {
    local i
    for ((i = $1; i < JOBS; i += SUBMITTERS)); do
        # shellcheck disable=SC2046  # job_args is split on purpose
        sbatch --parsable -o /dev/null -J "load$i" $(job_args "$i") --wrap 'sleep 600' >/dev/null \
            || die "sbatch of job $i failed"
    done
}

submit_jobs() {
    local k pids=()
    for ((k = 0; k < SUBMITTERS; k++)); do
        submit_share "$k" &
        pids+=($!)
    done
    for k in "${pids[@]}"; do wait "$k" || die "a submitter failed"; done
}

# Milliseconds "$@" took (EPOCHREALTIME: no fork for the clock).
time_ms() {
    local t0=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f\n", (b - a) * 1000}'
}

probe_sbatch() { sbatch --hold --parsable -o /dev/null -J probe -p all -N 1 --gres=gpu:1 -t 10 --wrap true; }

# Every 2 s: squeue and sbatch latency, one line each to $1-squeue/-sbatch.
start_probes() {
    local out=$1
    (
        while :; do
            time_ms squeue >>"$out-squeue.txt"
            time_ms probe_sbatch >>"$out-sbatch.txt"
            sleep 2
        done
    ) &
    BG_PIDS+=($!)
}

# Every 5 s: seconds since the hold began and slurmctld's VmRSS in kB.
start_rss() {
    local out=$1 pid=$2 t0=$SECONDS
    (
        while :; do
            awk -v t=$((SECONDS - t0)) '/^VmRSS:/ {print t, $2}' "/proc/$pid/status" >>"$out" 2>/dev/null || true
            sleep 5
        done
    ) &
    BG_PIDS+=($!)
}

# Backfill cycles as sdiag shows them: "cycles last_cycle_us queue_len",
# one line per new cycle (lock-bench's monitor, every 0.5 s).
start_sdiag() {
    local out=$1
    (
        prev=-1
        while :; do
            line=$(sdiag 2>/dev/null | awk -F: '
                /^Backfilling stats/ {bf = 1}
                bf && /^[ \t]*Total cycles:/ {c = $2 + 0}
                bf && /^[ \t]*Last cycle:/ {l = $2 + 0}
                bf && /^[ \t]*Last queue length:/ {q = $2 + 0}
                END {if (c != "") print c, l, q}' || true)
            if [ -n "$line" ] && [ "${line%% *}" != "$prev" ]; then
                echo "$line" >>"$out"
                prev=${line%% *}
            fi
            sleep 0.5
        done
    ) &
    BG_PIDS+=($!)
}

# sched/accord's cycle lines from line $1 of slurmctld.log on, as
# "considered lock_us plan_us".
accord_cycles() {
    tail -n +"$1" "$DIR/log/slurmctld.log" | awk '
        function num(re,   s) {
            if (!match($0, re)) return "NA"
            s = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", s); return s
        }
        /sched\/accord: cycle: / {print num("considered [0-9]+"), num("locks held [0-9]+"), num("planning [0-9]+")}'
}

accord_sees_all() { accord_cycles "$LOGLINE" | awk -v j="$JOBS" '$1 >= j {f = 1} END {exit !f}'; }

backfill_sees_all() { awk -v j="$JOBS" '$3 >= j {f = 1} END {exit !f}' "$RESULTS/backfill-sdiag.txt" 2>/dev/null; }

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

# ------------------------------------------------------------ phases -----

phase() {  # phase accord|backfill
    local sched=$1 params pid t0
    [ "$sched" = accord ] && params=$ACCORD_PARAMS || params=$BACKFILL_PARAMS
    say "== sched/$sched: cluster up ($SPEC, $TOTAL_NODES nodes)"
    # Slurm's MaxJobCount (10,000) counts the blockers and the probes too.
    "$CLUSTER" up --dir "$DIR" --spec "$SPEC" --scheduler "$sched" --sched-params "$params" \
        --max-jobs $((2 * JOBS + 1000)) ${PLUGIN_DIR:+--plugin-dir "$PLUGIN_DIR"} >/dev/null
    CLUSTER_UP=1
    read -r pid <"$DIR/pids/slurmctld.pid"
    echo "up $(rss_kb "$pid")" >"$RESULTS/$sched-rss-points.txt"

    submit_blockers
    wait_for 120 "$TOTAL_NODES blocker jobs to run" blockers_running
    set_partitions down
    t0=$SECONDS
    submit_jobs
    say "$JOBS jobs submitted in $((SECONDS - t0)) s with the partitions down ($(count_state PD) pending)"
    (($(count_state PD) == JOBS)) || die "expected $JOBS pending jobs, squeue shows $(count_state PD)"
    echo "submitted $(rss_kb "$pid")" >>"$RESULTS/$sched-rss-points.txt"

    LOGLINE=$(($(wc -l <"$DIR/log/slurmctld.log") + 1))
    [ "$sched" = backfill ] && start_sdiag "$RESULTS/backfill-sdiag.txt"
    set_partitions up
    t0=$SECONDS
    if [ "$sched" = accord ]; then
        wait_for "$SETTLE_TIMEOUT" "sched/accord to consider all $JOBS jobs" accord_sees_all
    else
        wait_for "$SETTLE_TIMEOUT" "sched/backfill to see all $JOBS jobs" backfill_sees_all
    fi
    say "sched/$sched sees the whole queue after $((SECONDS - t0)) s; holding for $HOLD s"
    LOGLINE=$(($(wc -l <"$DIR/log/slurmctld.log") + 1))
    [ "$sched" = backfill ] && : >"$RESULTS/backfill-sdiag.txt"
    start_probes "$RESULTS/$sched"
    start_rss "$RESULTS/$sched-rss.txt" "$pid"
    sleep "$HOLD"
    stop_bg
    [ "$sched" = accord ] && accord_cycles "$LOGLINE" >"$RESULTS/accord-cycles.txt"
    echo "end $(rss_kb "$pid")" >>"$RESULTS/$sched-rss-points.txt"
    (($(count_state R) == TOTAL_NODES)) || die "a benchmark job started; the blockers did not hold every GPU"
    sdiag >"$RESULTS/$sched-sdiag-final.txt" 2>&1 || true
    cp "$DIR/log/slurmctld.log" "$RESULTS/$sched-slurmctld.log"
    cluster_down
    say "sched/$sched: $(wc -l <"$RESULTS/$sched-squeue.txt") squeue and sbatch probes"
}

# ------------------------------------------------------------ report -----

# "median p95 max" of the numbers in column $1 of file $2.
summary() {
    awk -v c="$1" '{print $c}' "$2" | sort -g | awk '{v[NR] = $1}
        END {if (NR == 0) {print "NA NA NA"; exit}
             p = int(NR * 0.95 + 0.999); if (p > NR) p = NR
             m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
             print m, v[p], v[NR]}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
ms_of_us() { awk -v u="$1" 'BEGIN {printf "%.1f", u / 1000}'; }
mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
point() { awk -v p="$1" '$1 == p {print $2}' "$2"; }


rss_row() {  # rss_row SCHED
    local f=$RESULTS/$1-rss.txt p=$RESULTS/$1-rss-points.txt first last max half
    first=$(head -n 1 "$f" | cut -d' ' -f2) last=$(tail -n 1 "$f" | cut -d' ' -f2)
    max=$(cut -d' ' -f2 "$f" | sort -n | tail -n 1)
    half=$(awk -v n="$(wc -l <"$f")" 'NR <= n / 2 {if ($2 > m) m = $2} END {print m}' "$f")
    echo "| sched/$1 | $(mb "$(point up "$p")") MB | $(mb "$(point submitted "$p")") MB | $(mb "$first") MB | $(mb "$half") MB | $(mb "$max") MB | $(mb "$last") MB | $((last - first)) kB |"
}

report() {
    local a_sq b_sq a_sb b_sb a_lock b_cyc cycles commit command slurm_v
    read -r -a a_sq < <(summary 1 "$RESULTS/accord-squeue.txt")
    read -r -a b_sq < <(summary 1 "$RESULTS/backfill-squeue.txt")
    read -r -a a_sb < <(summary 1 "$RESULTS/accord-sbatch.txt")
    read -r -a b_sb < <(summary 1 "$RESULTS/backfill-sbatch.txt")
    read -r -a a_lock < <(summary 2 "$RESULTS/accord-cycles.txt")
    read -r -a b_cyc < <(summary 2 "$RESULTS/backfill-sdiag.txt")
    cycles=$(wc -l <"$RESULTS/accord-cycles.txt")
    commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "?")
    git -C "$REPO" diff --quiet HEAD -- plugin 2>/dev/null || commit="$commit + uncommitted plugin changes"
    command="contrib/bench/load-bench.sh${ARGS_GIVEN[*]:+ ${ARGS_GIVEN[*]}}"
    [ -n "${MAKELEVEL:-}" ] && command="make bench  # runs $command"
    slurm_v=$(slurmctld -V 2>/dev/null || echo "slurm ?")

    cat >"$RESULTS/results.md" <<EOF
Measured $(date '+%Y-%m-%d %H:%M %Z') on $(machine); $slurm_v; Accord at $commit
(sched_accord.so sha256 $(sha256sum "$SO" | cut -c1-12)). Command: \`$command\`
(whole run $((SECONDS - START_SECONDS)) s). Cluster \`$SPEC\` = $TOTAL_NODES nodes, one
exclusive blocker job per node, $JOBS GPU jobs pending (lock-bench's mix), held
$HOLD s under each scheduler; probes every 2 s from one shell on the same machine.

| during the hold | sched/accord median / p95 / max | sched/backfill median / p95 / max | ratio accord/backfill (median, p95) |
| --- | ---: | ---: | ---: |
| \`squeue\` (all $JOBS+ jobs), ms | ${a_sq[0]} / ${a_sq[1]} / ${a_sq[2]} | ${b_sq[0]} / ${b_sq[1]} / ${b_sq[2]} | $(ratio "${a_sq[0]}" "${b_sq[0]}"), $(ratio "${a_sq[1]}" "${b_sq[1]}") |
| \`sbatch --hold\` (one job), ms | ${a_sb[0]} / ${a_sb[1]} / ${a_sb[2]} | ${b_sb[0]} / ${b_sb[1]} / ${b_sb[2]} | $(ratio "${a_sb[0]}" "${b_sb[0]}"), $(ratio "${a_sb[1]}" "${b_sb[1]}") |
| locks held per cycle, ms | $(ms_of_us "${a_lock[0]}") / $(ms_of_us "${a_lock[1]}") / $(ms_of_us "${a_lock[2]}") ($cycles cycles) | cycle $(ms_of_us "${b_cyc[0]}") / $(ms_of_us "${b_cyc[1]}") / $(ms_of_us "${b_cyc[2]}") ($(wc -l <"$RESULTS/backfill-sdiag.txt") cycles) | $(ratio "${a_lock[0]}" "${b_cyc[0]}"), $(ratio "${a_lock[1]}" "${b_cyc[1]}") |

slurmctld's VmRSS (from /proc, every 5 s of the hold):

| scheduler | cluster up | $JOBS submitted | hold start | max, first half | max | hold end | end - start |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(rss_row accord)
$(rss_row backfill)
EOF
    echo
    cat "$RESULTS/results.md"
    echo
    if ((WRITE_DOC)); then
        write_block "$DOC" load-bench "$RESULTS/results.md"
        say "results written to $DOC"
    fi
}

# ------------------------------------------------------------ main -------

START_SECONDS=$SECONDS
parse_spec
"$CLUSTER" down --dir "$DIR" >/dev/null 2>&1 || true   # a cluster left by an earlier run
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
cd "$RESULTS"
say "machine: $(machine); plugin: $SO"
phase accord
phase backfill
report
