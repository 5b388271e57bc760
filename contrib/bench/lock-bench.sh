#!/usr/bin/env bash
# Lock-time benchmark: one scheduling cycle with 1,000 pending jobs on 64
# emulated GPU nodes, sched/accord against sched/backfill, in one run.
#
# For each scheduler in turn it brings up a fresh emulated cluster
# (contrib/cluster/accord-cluster), pins one exclusive blocker job on every
# node so nothing else can start, submits the same 1,000 GPU jobs (separate
# jobs, mixed GPU types, sizes and time limits, generated deterministically),
# lets the scheduler settle and records CYCLES cycles:
#   sched/accord:   "locks held" and "planning" from its accord_debug log line
#   sched/backfill: sdiag's "Last cycle" (backfill holds its locks for the
#                   whole cycle apart from yields) and "Last depth cycle"
# It prints a table and rewrites the results block of docs/benchmarks.md.
# Needs root, the Slurm 22.05 daemons and sched_accord.so installed.
set -euo pipefail

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CLUSTER=$REPO/contrib/cluster/accord-cluster

DIR=/tmp/accord-bench
SPEC=a100:16x8,v100:16x4,t4:32x4
JOBS=1000
CYCLES=20
DOC=$REPO/docs/benchmarks.md
WRITE_DOC=1
GOAL_US=10000
SETTLE_TIMEOUT=180    # seconds to wait for the scheduler to see every job
export ACCORD_CLUSTER_PORT_BASE=${ACCORD_CLUSTER_PORT_BASE:-19000}
export ACCORD_CLUSTER_TIMEOUT=${ACCORD_CLUSTER_TIMEOUT:-120}

ACCORD_PARAMS=sched_interval=-1,defer,accord_interval=1,accord_debug=1
# Main scheduler off (sched_interval=-1: schedule() returns at once), so the
# backfill pass is all that runs. bf_max_job_test above JOBS (default 500),
# bf_max_time well above a cycle (it defaults to bf_interval, 1 s, and is
# checked against the wall clock second), bf_window (minutes) longer than the
# whole planned schedule, bf_continue off (default). bf_yield_interval stays
# at its default (2 s).
BACKFILL_PARAMS=sched_interval=-1,defer,bf_interval=1,bf_max_job_test=2000,bf_max_time=300,bf_window=4320

usage() {
    cat <<EOF
Usage: $PROG [--dir DIR] [--spec SPEC] [--jobs N] [--cycles N] [--doc FILE | --no-doc]

Measures sched/accord's lock time and planning time per cycle and
sched/backfill's cycle time on the same workload, one after the other in
this run, and writes the results block of $DOC.

  --dir DIR      cluster directory (default $DIR); raw results in DIR-results
  --spec SPEC    accord-cluster node spec (default $SPEC)
  --jobs N       pending benchmark jobs (default $JOBS)
  --cycles N     cycles recorded per scheduler (default $CYCLES)
  --doc FILE     Markdown file whose results block is rewritten
  --no-doc       print only

Environment: ACCORD_CLUSTER_PORT_BASE (default 19000 here).
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
        --cycles) CYCLES=$(val "$@"); shift 2 ;;
        --doc) DOC=$(val "$@"); shift 2 ;;
        --no-doc) WRITE_DOC=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown option '$1' (see $PROG --help)" ;;
    esac
done
[[ $JOBS =~ ^[1-9][0-9]*$ && $CYCLES =~ ^[1-9][0-9]*$ ]] || die "--jobs and --cycles must be positive numbers"
[ "$(id -u)" -eq 0 ] || die "needs root (it starts slurmctld and slurmds)"
[ -e /usr/lib/x86_64-linux-gnu/slurm-wlm/sched_accord.so ] || die "sched_accord.so not installed (make install)"
DIR=$(realpath -m -- "$DIR")
RESULTS=$DIR-results   # not inside DIR: accord-cluster wants DIR its own
export SLURM_CONF=$DIR/etc/slurm.conf

# ------------------------------------------------------------ cleanup ----

TICKER_PID=""
MONITOR_PID=""
CLUSTER_UP=0

stop_bg() {
    local pid
    for pid in $TICKER_PID $MONITOR_PID; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    TICKER_PID="" MONITOR_PID=""
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

# ------------------------------------------------------------ workload ---

submit_jobs() {  # the JOBS benchmark jobs, one sbatch each (not an array)
    local i
    for ((i = 0; i < JOBS; i++)); do
        # shellcheck disable=SC2046  # job_args is split on purpose
        sbatch --parsable -o /dev/null -J "bench$i" $(job_args "$i") --wrap 'sleep 600' >/dev/null
    done
}


# sched/backfill skips a cycle when no job, node, partition or reservation
# changed since the previous one (_more_work()). Touching one blocker's
# comment every second keeps it cycling; done under both schedulers so the
# background load is the same.
start_ticker() {
    local job=$1
    (
        k=0
        while :; do
            scontrol update jobid="$job" comment="bench-tick-$k" >/dev/null 2>&1 || true
            k=$((k + 1))
            sleep 1
        done
    ) &
    TICKER_PID=$!
}

# sdiag holds no slurmctld lock. Every 0.25 s, appends one line per new
# backfill cycle: cycles last_cycle_us depth depth_try queue_len.
start_monitor() {
    local out=$1
    (
        prev=-1
        while :; do
            line=$(sdiag 2>/dev/null | awk -F: '
                /^Backfilling stats/ {bf = 1}
                bf && /^[ \t]*Total cycles:/ {c = $2 + 0}
                bf && /^[ \t]*Last cycle:/ {l = $2 + 0}
                bf && /^[ \t]*Last depth cycle:/ {d = $2 + 0}
                bf && /^[ \t]*Last depth cycle \(try sched\):/ {dt = $2 + 0}
                bf && /^[ \t]*Last queue length:/ {q = $2 + 0}
                END {if (c != "") print c, l, d, dt, q}' || true)
            if [ -n "$line" ] && [ "${line%% *}" != "$prev" ]; then
                echo "$line" >>"$out"
                prev=${line%% *}
            fi
            sleep 0.25
        done
    ) &
    MONITOR_PID=$!
}

# Accord's per-cycle log lines, from line $1 of slurmctld.log on, as
# "considered started reserved refused lock_us plan_us wait_us".
accord_cycles() {
    tail -n +"$1" "$DIR/log/slurmctld.log" | awk '
        function num(re,   s) {
            if (!match($0, re)) return "NA"
            s = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", s); return s
        }
        /sched\/accord: cycle: / {
            print num("considered [0-9]+"), num("started [0-9]+"), num("reserved [0-9]+"),
                  num("refused [0-9]+"), num("locks held [0-9]+"), num("planning [0-9]+"),
                  num("waited [0-9]+")
        }'
}

# ------------------------------------------------------------ statistics -

median() {  # median of the numbers on stdin (mean of the middle two)
    sort -n | awk '{v[NR] = $1} END {if (NR == 0) {print "NA"; exit}
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%d\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
maxof() { sort -n | tail -n 1; }
minof() { sort -n | head -n 1; }
col() { awk -v c="$1" '{print $c}' "$2"; }
ms() { awk -v u="$1" 'BEGIN {if (u == "NA") print "NA"; else printf (u < 1000 ? "%.3f" : "%.1f"), u / 1000}'; }

# ------------------------------------------------------------ phases -----

PHASE_SUBMIT_S=()

phase() {  # phase accord|backfill
    local sched=$1 params t0 submit_s first_blocker logline out
    [ "$sched" = accord ] && params=$ACCORD_PARAMS || params=$BACKFILL_PARAMS
    say "== sched/$sched: cluster up ($SPEC, $TOTAL_NODES nodes)"
    "$CLUSTER" up --dir "$DIR" --spec "$SPEC" --scheduler "$sched" --sched-params "$params" >/dev/null
    CLUSTER_UP=1

    submit_blockers
    wait_for 60 "$TOTAL_NODES blocker jobs to run" blockers_running
    first_blocker=$(squeue -h -t R -o %i | sort -n | head -n 1)
    say "$TOTAL_NODES blocker jobs running (every GPU taken)"

    out=$RESULTS/$sched-cycles.txt
    : >"$out"
    start_ticker "$first_blocker"
    [ "$sched" = backfill ] && start_monitor "$RESULTS/backfill-sdiag.txt"

    t0=$(date +%s.%N)
    submit_jobs
    submit_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
    PHASE_SUBMIT_S+=("$submit_s")
    say "$JOBS jobs submitted in ${submit_s} s ($(count_state PD) pending)"
    (($(count_state PD) == JOBS)) || die "expected $JOBS pending jobs, squeue shows $(count_state PD)"

    if [ "$sched" = accord ]; then
        # Cycles that started after the last submission: skip the first two.
        logline=$(($(wc -l <"$DIR/log/slurmctld.log") + 1))
        local deadline=$((SECONDS + SETTLE_TIMEOUT + CYCLES * 5))
        while (($(accord_cycles "$logline" | wc -l) < CYCLES + 2)); do
            ((SECONDS < deadline)) || die "sched/accord logged too few cycles (see $DIR/log/slurmctld.log)"
            sleep 1
        done
        accord_cycles "$logline" | tail -n +3 | head -n "$CYCLES" >"$out"
        cp "$DIR/state/accord-stats.json" "$RESULTS/accord-stats.json" 2>/dev/null || true
    else
        # First backfill cycle that saw the whole queue, plus one more, then CYCLES.
        local deadline=$((SECONDS + SETTLE_TIMEOUT)) start_c=""
        while [ -z "$start_c" ]; do
            ((SECONDS < deadline)) || die "sched/backfill never saw all $JOBS jobs (see $RESULTS/backfill-sdiag.txt)"
            sleep 1
            start_c=$(awk -v j="$JOBS" '$5 >= j {print $1; exit}' "$RESULTS/backfill-sdiag.txt")
        done
        deadline=$((SECONDS + CYCLES * 10 + 60))
        while (($(awk -v s="$start_c" '$1 > s + 1' "$RESULTS/backfill-sdiag.txt" | wc -l) < CYCLES)); do
            ((SECONDS < deadline)) || die "sched/backfill ran too few cycles (see $RESULTS/backfill-sdiag.txt)"
            sleep 1
        done
        awk -v s="$start_c" '$1 > s + 1' "$RESULTS/backfill-sdiag.txt" | head -n "$CYCLES" >"$out"
        # How far ahead backfill planned: the latest expected start it set.
        squeue -h -t PD --start -o %S | grep -v N/A | sort | tail -n 1 >"$RESULTS/backfill-last-start.txt" || true
        squeue -h -t PD --start -o %S | grep -c N/A >"$RESULTS/backfill-no-start.txt" || true
    fi
    (($(count_state R) == TOTAL_NODES)) || die "some benchmark job started; the blockers did not hold every GPU"
    sdiag >"$RESULTS/$sched-sdiag-final.txt" 2>&1 || true
    cp "$DIR/log/slurmctld.log" "$RESULTS/$sched-slurmctld.log"
    cluster_down
    say "sched/$sched: recorded $(wc -l <"$out") cycles"
}

# ------------------------------------------------------------ report -----

SO=/usr/lib/x86_64-linux-gnu/slurm-wlm/sched_accord.so
plugin_id() { echo "sched_accord.so sha256 $(sha256sum "$SO" | cut -c1-12), installed $(date -r "$SO" '+%Y-%m-%d %H:%M')"; }


report() {
    local a=$RESULTS/accord-cycles.txt b=$RESULTS/backfill-cycles.txt
    local a_lock_med a_lock_max a_lock_min a_plan_med a_plan_max a_cons_med a_cons_min a_start_max
    local b_cyc_med b_cyc_max b_cyc_min b_depth_med b_depth_min b_try_med b_queue_med
    local ratio_med ratio_max status command runtime slurm_v commit last_start no_start
    local a_wait_med a_wait_max wait_row wait_note so_id times
    a_lock_med=$(col 5 "$a" | median) a_lock_max=$(col 5 "$a" | maxof) a_lock_min=$(col 5 "$a" | minof)
    a_plan_med=$(col 6 "$a" | median) a_plan_max=$(col 6 "$a" | maxof)
    a_cons_med=$(col 1 "$a" | median) a_cons_min=$(col 1 "$a" | minof)
    a_start_max=$(col 2 "$a" | maxof)
    a_wait_med=$(col 7 "$a" | median) a_wait_max=$(col 7 "$a" | maxof)
    wait_row="| sched/accord: waiting for the locks (not in the above) | $(ms "$a_wait_med") ms | $(ms "$a_wait_max") ms | |"
    wait_note="\"locks held\" runs from lock acquired to lock released; waiting for the locks is logged apart (row above)"
    b_cyc_med=$(col 2 "$b" | median) b_cyc_max=$(col 2 "$b" | maxof) b_cyc_min=$(col 2 "$b" | minof)
    b_depth_med=$(col 3 "$b" | median) b_depth_min=$(col 3 "$b" | minof)
    b_try_med=$(col 4 "$b" | median) b_queue_med=$(col 5 "$b" | median)
    ratio_med=$(awk -v a="$a_lock_med" -v b="$b_cyc_med" 'BEGIN {printf "%.3f", a / b}')
    ratio_max=$(awk -v a="$a_lock_max" -v b="$b_cyc_max" 'BEGIN {printf "%.3f", a / b}')
    times=$(awk -v a="$a_lock_med" -v b="$b_cyc_med" 'BEGIN {printf "%.0f", b / a}')
    if ((a_lock_max <= GOAL_US)); then
        status="**met**: every recorded cycle held the locks ≤ $((GOAL_US / 1000)) ms"
    elif ((a_lock_med <= GOAL_US)); then
        status="**met at the median, not at the max** (max $(ms "$a_lock_max") ms > $((GOAL_US / 1000)) ms)"
    else
        status="**not met** (median $(ms "$a_lock_med") ms > $((GOAL_US / 1000)) ms)"
    fi
    runtime=$((SECONDS - START_SECONDS))
    command="contrib/bench/lock-bench.sh${ARGS_GIVEN[*]:+ ${ARGS_GIVEN[*]}}"
    [ -n "${MAKELEVEL:-}" ] && command="make bench  # runs $command"
    slurm_v=$(slurmctld -V 2>/dev/null || echo "slurm ?")
    commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "?")
    git -C "$REPO" diff --quiet HEAD -- plugin 2>/dev/null || commit="$commit + uncommitted plugin changes"
    so_id=$(plugin_id)
    [ "$so_id" = "$SO_ID_START" ] || so_id="$so_id; WARNING: reinstalled during the run, was $SO_ID_START"
    last_start=$(cat "$RESULTS/backfill-last-start.txt" 2>/dev/null || true)
    no_start=$(cat "$RESULTS/backfill-no-start.txt" 2>/dev/null || echo "?")

    cat >"$RESULTS/results.md" <<EOF
Measured $(date '+%Y-%m-%d %H:%M %Z') on $(machine); $slurm_v; Accord at $commit
($so_id).

Command: \`$command\` (whole run: ${runtime} s, both schedulers one after
the other; submitting the $JOBS jobs took ${PHASE_SUBMIT_S[0]} s and ${PHASE_SUBMIT_S[1]} s).
Cluster: \`$SPEC\` = $TOTAL_NODES nodes, every node held by one exclusive
blocker job, $JOBS separate GPU jobs pending. $CYCLES cycles per scheduler.

| per cycle, over $CYCLES cycles each          | median | max | min |
|---------------------------------------------|-------:|----:|----:|
| sched/accord: slurmctld locks held          | $(ms "$a_lock_med") ms | $(ms "$a_lock_max") ms | $(ms "$a_lock_min") ms |
${wait_row:+$wait_row
}| sched/accord: planning (no lock held)       | $(ms "$a_plan_med") ms | $(ms "$a_plan_max") ms | |
| sched/backfill: cycle ("Last cycle", sdiag) | $(ms "$b_cyc_med") ms | $(ms "$b_cyc_max") ms | $(ms "$b_cyc_min") ms |
| **ratio accord lock / backfill cycle**      | **$ratio_med** | $ratio_max | |

- At the median, sched/backfill's cycle is ${times}x sched/accord's lock time.
- Jobs looked at per cycle: sched/accord considered $a_cons_med (min $a_cons_min),
  started at most $a_start_max; sched/backfill "Last depth cycle" $b_depth_med
  (min $b_depth_min), "(try sched)" $b_try_med, "Last queue length" $b_queue_med.
- sched/backfill's latest planned start: ${last_start:-none}; pending jobs
  without one: $no_start.
- sched/accord: $wait_note.
- Goal (sched/accord holds the locks ≤ $((GOAL_US / 1000)) ms per cycle): $status.
EOF
    echo
    cat "$RESULTS/results.md"
    echo
    if ((WRITE_DOC)); then
        write_block "$DOC" lock-bench "$RESULTS/results.md" "## Lock time per cycle (1,000 pending jobs, 64 nodes)"
        say "results written to $DOC"
    fi
}

# ------------------------------------------------------------ main -------

START_SECONDS=$SECONDS
parse_spec
"$CLUSTER" down --dir "$DIR" >/dev/null 2>&1 || true   # a cluster left by an earlier run
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
cd "$RESULTS"   # sbatch writes nothing (-o /dev/null), but stay out of the repo
say "machine: $(machine)"
SO_ID_START=$(plugin_id)
say "plugin: $SO_ID_START"
phase accord
phase backfill
report
