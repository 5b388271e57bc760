#!/usr/bin/env bash
# One live run of the comparison: brings up an emulated GPU cluster under
# one scheduler, replays a submission plan (accord-live-workload's output)
# through the real sbatch at compressed time, each job an accord-dl-job,
# follows every job through `scontrol show job` until all have ended, stops
# the cluster and writes one tab-separated line per job:
#   index job_id gpus arrival_s submit start end state exit_code restarts nodes done_lines
# (submit/start/end: Slurm's own times, seconds since the epoch, submit
# being EligibleTime, when the held job was released; done_lines: how many
# times the job's emulator reported its steps done).
set -euo pipefail

PROG=${0##*/}
here=$(cd "$(dirname "$0")" && pwd)
cluster="$here/../cluster/accord-cluster"

usage() {
    cat <<EOF
Usage: $PROG --scheduler accord|backfill --plan FILE --spec SPEC --time-scale X
             --throughputs FILE --build DIR --dir DIR --out FILE [--timeout S]
  --build DIR    build directory: accord-dl-job, and .libs/sched_accord.so for accord
  --dir DIR      cluster directory (wiped); job output goes to DIR/jobs
  --timeout S    give up S wall seconds after the last submission (default 600)
Environment: ACCORD_CLUSTER_PORT_BASE (accord-cluster's ports).
EOF
}

die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

sched='' plan='' spec='' scale='' table='' build='' dir='' out='' timeout=600
while [ $# -gt 0 ]; do
    case $1 in
        --scheduler) sched=$2; shift 2 ;;
        --plan) plan=$2; shift 2 ;;
        --spec) spec=$2; shift 2 ;;
        --time-scale) scale=$2; shift 2 ;;
        --throughputs) table=$(realpath -e "$2"); shift 2 ;;
        --build) build=$(realpath -e "$2"); shift 2 ;;
        --dir) dir=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --timeout) timeout=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option '$1'" ;;
    esac
done
[ -n "$sched" ] && [ -n "$plan" ] && [ -n "$spec" ] && [ -n "$scale" ] && [ -n "$table" ] \
    && [ -n "$build" ] && [ -n "$dir" ] && [ -n "$out" ] || { usage >&2; die "missing option"; }
[ -x "$build/accord-dl-job" ] || die "no $build/accord-dl-job (make accord-dl-job)"
[ -x "$build/accord-report" ] || die "no $build/accord-report (make accord-report)"

# Both schedulers look at the queue every second. Backfill plans at a 1 s
# resolution instead of its 60 s default: at compressed time 60 s would be
# hours of the workload's time (docs/live-comparison.md, "Fairness").
case $sched in
    accord)
        params="sched_interval=-1,defer,accord_interval=1,$(sed -n 's/^# \(accord_gpu_speed=.*\)/\1/p' "$plan")"
        up_opts=(--scheduler accord --plugin-dir "$build/.libs")
        ;;
    backfill)
        params=bf_interval=1,bf_resolution=1
        up_opts=(--scheduler backfill)
        ;;
    *) die "--scheduler: '$sched' is not accord or backfill" ;;
esac

"$cluster" down --dir "$dir" >/dev/null 2>&1 || true
"$cluster" up --dir "$dir" --spec "$spec" --sched-params "$params" "${up_opts[@]}" >/dev/null
trap '"$cluster" down --dir "$dir" >/dev/null 2>&1' EXIT
export SLURM_CONF=$dir/etc/slurm.conf
# A fresh job directory: job ids restart at 1 on a new cluster, and a
# checkpoint left by an earlier run's job 1 would be resumed by this one's.
jobs_dir=$dir/jobs
rm -rf "$jobs_dir" "$dir/snap" "$dir/ids"
mkdir -p "$jobs_dir"
types=$(sinfo -h -o %R | grep -vx all | sort | paste -sd,)

# The wall time limit of a job: its limit at compressed time, in whole
# minutes (Slurm's unit), rounded up.
limit_minutes() {
    awk -v l="$1" -v x="$scale" 'BEGIN { m = l / x / 60; print (m == int(m) ? m : int(m) + 1) }'
}

# Releases the held jobs $@ at once (one RPC, in submit order).
release() {
    local IFS=,
    [ $# -eq 0 ] || scontrol release "$*" >/dev/null
}

# Submits the plan line by line at arrival / scale wall seconds after $1;
# prints "index job_id gpus arrival" per job. Every job asks for GPUs
# without a type; one its job type cannot run everywhere gets the
# partitions of the types it can. Jobs of one arrival time are submitted
# held and released together, so that a scheduler sees them arrive at once
# as the trace has them, however long sbatch takes on a loaded machine
# (their arrival is Slurm's EligibleTime: the release).
submit_all() {
    local start=$1 index=0 arrival gpus steps limit_s job_types job_type due now partition id
    local group_arrival='' group=()
    while IFS=$'\t' read -r arrival gpus steps limit_s job_types job_type; do
        if [ "$arrival" != "$group_arrival" ]; then
            release "${group[@]}"
            group=() group_arrival=$arrival
        fi
        due=$(awk -v s="$start" -v a="$arrival" -v x="$scale" 'BEGIN { printf "%.3f", s + a / x }')
        now=$(date +%s.%N)
        sleep "$(awk -v d="$due" -v n="$now" 'BEGIN { print (d > n ? d - n : 0) }')"
        partition=all
        [ "$job_types" = "$types" ] || partition=$job_types
        id=$(sbatch --parsable --hold -J "$job_type" -p "$partition" --gpus="$gpus" -t "$(limit_minutes "$limit_s")" \
            -D "$jobs_dir" -o "job-%j.out" \
            --wrap "exec $(printf '%q ' "$build/accord-dl-job" --throughputs "$table" \
                --job-type "$job_type" --steps "$steps" --time-scale "$scale" --recheck 2 \
                --report-cmd "$build/accord-report --steps-per-second {rate}")")
        group+=("${id%%;*}")
        echo "$index ${id%%;*} $gpus $arrival"
        index=$((index + 1))
    done < <(grep -v '^#' "$plan")
    release "${group[@]}"
}

# Keeps the last `scontrol -o show job` line of every job in $1/JOBID.
snapshot_jobs() {
    scontrol -o show job 2>/dev/null | awk -v d="$1" '/^JobId=/ {
        split($1, id, "="); f = d "/" id[2]; print > f; close(f) }'
}

# How many jobs of IDS_FILE $2 have not ended in snapshot dir $1.
unfinished() {
    local index id rest n=0
    while read -r index id rest; do
        grep -qE 'JobState=(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE) ' \
            "$1/$id" 2>/dev/null || n=$((n + 1))
    done <"$2"
    echo "$n"
}

field() { tr ' ' '\n' <"$1" | sed -n "s/^$2=//p" | head -n 1; }
epoch() { case $1 in Unknown|None|'') echo -1 ;; *) date -d "$1" +%s ;; esac; }

snap=$dir/snap ids=$dir/ids
mkdir -p "$snap"
submit_all "$(date +%s.%N)" >"$ids" &
submitter=$!
while kill -0 "$submitter" 2>/dev/null; do snapshot_jobs "$snap"; sleep 1; done
wait "$submitter" || die "submitting failed"
deadline=$((SECONDS + timeout))
while snapshot_jobs "$snap"; [ "$(unfinished "$snap" "$ids")" -gt 0 ]; do
    ((SECONDS < deadline)) || die "jobs still running ${timeout}s after the last submission"
    sleep 1
done

while read -r index id gpus arrival; do
    f=$snap/$id
    done_lines=$(grep -c '^done at' "$jobs_dir/job-$id.out" 2>/dev/null || true)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$index" "$id" "$gpus" "$arrival" \
        "$(epoch "$(field "$f" EligibleTime)")" "$(epoch "$(field "$f" StartTime)")" \
        "$(epoch "$(field "$f" EndTime)")" "$(field "$f" JobState)" "$(field "$f" ExitCode)" \
        "$(field "$f" Restarts)" "$(field "$f" NodeList)" "${done_lines:-0}"
done <"$ids" >"$out"
