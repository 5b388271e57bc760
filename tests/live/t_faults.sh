# Faults (issue 7, docs/reliability.md "Faults"): a full and a read-only
# StateSaveLocation, a slurmd killed while a job is placed on it, slurmctld
# killed with SIGKILL in the middle of scheduling cycles. Each fault must end
# with a log line naming it, no job lost or run twice, and scheduling going
# on. Jobs append their id to one file when they start, so a job run twice
# shows twice. Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1 with accord_debug=1,
# StateSaveLocation on a 16 MB tmpfs (FAULTS_STATE, mounted by
# run-live-tests.sh). Run in file order: the samples file must not exist
# before the full-disk test; the slurmd tests come last, as Slurm may count
# one of the node's GPUs as in use after them (docs/reliability.md, "Faults").

FAULTS_STATE=$CLUSTER_DIR-state
FAULTS_RAN=$CLUSTER_DIR-ran     # job ids, one line per start
FAULTS_SAMPLES=$FAULTS_STATE/accord-samples.log
FAULTS_STATS=$FAULTS_STATE/accord-stats.json

ctld_log() { echo "$CLUSTER_DIR/log/slurmctld.log"; }

# Lines of slurmctld.log holding TEXT.
log_count() { grep -cF -- "$1" "$(ctld_log)"; }

logged() { [ "$(log_count "$1")" -ge 1 ]; }

# A job that records its start, then sleeps $1 seconds; prints its id.
recording_job() {  # recording_job SECONDS SBATCH-ARGS...
    submit "${@:2}" --wrap "echo \$SLURM_JOB_ID >>$FAULTS_RAN; sleep $1"
}

# Waits for the job to run; if it does not, prints what slurmctld said of it.
starts_or_shows_why() {
    wait_state "$1" RUNNING 20 && return 0
    grep -F "JobId=$1" "$(ctld_log)" | tail -n 8 | sed 's/^/# /'
    return 1
}

times_ran() { grep -cx -- "$1" "$FAULTS_RAN" 2>/dev/null; }

# Once the job has recorded its start (RUNNING in Slurm comes first), that
# it did so once.
ran_once() {
    wait_until 10 bash -c "grep -qx -- '$1' $FAULTS_RAN" || { echo "# job $1 never ran"; return 1; }
    equals "$(times_ran "$1")" 1
}

# A running job's progress report, as accord-report sends it from the job.
report_rate() {  # report_rate JOBID RATE
    SLURM_JOB_ID=$1 "$ACCORD_REPORT" --steps-per-second "$2"
}

stored_samples_of() { awk -F'\t' -v j="$1" '$3 == j' "$FAULTS_SAMPLES" 2>/dev/null | wc -l; }

stored() { [ "$(stored_samples_of "$1")" -ge 1 ]; }

# Fills the tmpfs to its last block. Run twice: slurmctld may free blocks of
# its own failed state saves between the two.
fill_state_dir() {
    local i
    for i in 1 2; do
        dd if=/dev/zero of="$FAULTS_STATE/filler$i" bs=4k status=none 2>/dev/null
    done
    [ "$(df --output=avail -B1 "$FAULTS_STATE" | tail -n 1)" -lt 4096 ]
}

free_state_dir() { rm -f "$FAULTS_STATE"/filler*; }

# A pending GPU job held back only by a blocker on the same node; prints
# "BLOCKER WAITER". The waiter records its start.
blocked_pair() {  # blocked_pair NODE GRES
    local blocker waiter
    blocker=$(submit -w "$1" --gres="$2" --wrap 'sleep 300')
    wait_state "$blocker" RUNNING >/dev/null
    waiter=$(recording_job 5 -w "$1" --gres="$2")
    echo "$blocker $waiter"
}

test_full_state_dir_is_logged_and_scheduling_goes_on() {
    local r blocker waiter stats_line samples_line
    r=$(submit -p v100 -w v100-1 --gres=gpu:v100:1 --wrap 'sleep 120')
    check "the reporting job runs" wait_state "$r" RUNNING
    read -r blocker waiter < <(blocked_pair a100-1 gpu:a100:8)
    check "a job waits behind a blocker" wait_state "$waiter" PENDING
    check "no samples file yet (the test needs a first write)" test ! -e "$FAULTS_SAMPLES"
    check "StateSaveLocation fills up" fill_state_dir
    stats_line="error: sched/accord: $FAULTS_STATS not written, scheduling goes on: cannot write $FAULTS_STATS.new: No space left on device"
    check "the stats file's failure is logged, naming file and reason" wait_until 10 logged "$stats_line"
    fill_state_dir >/dev/null
    check "a report is accepted by slurmctld" report_rate "$r" 7
    samples_line="error: sched/accord: throughput samples not stored: cannot write $FAULTS_SAMPLES: No space left on device"
    check "the samples' failure is logged, naming file and reason" wait_until 10 logged "$samples_line"
    scancel "$blocker"
    check "the waiting job starts on a full disk" wait_state "$waiter" RUNNING 30
    settle 3
    check "each failure is logged once, not every cycle" equals "$(log_count "$stats_line") $(log_count "$samples_line")" "1 1"
    free_state_dir
    check "once there is room, the stats file is written again, and that is logged" wait_until 10 \
        logged "sched/accord: $FAULTS_STATS written again"
    check "the report is stored then (it stayed in the Comment)" wait_until 10 stored "$r"
    settle 2
    check "and stored once" equals "$(stored_samples_of "$r")" 1
    check "the waiting job ran once" ran_once "$waiter"
}

test_read_only_state_dir_is_logged_and_scheduling_goes_on() {
    local r blocker waiter stats_line samples_line
    r=$(submit -p v100 -w v100-2 --gres=gpu:v100:1 --wrap 'sleep 120')
    check "the reporting job runs" wait_state "$r" RUNNING
    read -r blocker waiter < <(blocked_pair a100-2 gpu:a100:8)
    check "a job waits behind a blocker" wait_state "$waiter" PENDING
    # A remount fails while a file is open for writing: sstate may be saving.
    check "StateSaveLocation becomes read-only" wait_until 5 mount -o remount,ro "$FAULTS_STATE"
    stats_line="error: sched/accord: $FAULTS_STATS not written, scheduling goes on: cannot create $FAULTS_STATS.new: Read-only file system"
    check "the stats file's failure is logged, naming file and reason" wait_until 10 logged "$stats_line"
    check "a report is accepted by slurmctld" report_rate "$r" 9
    samples_line="error: sched/accord: throughput samples not stored: cannot open $FAULTS_SAMPLES: Read-only file system"
    check "the samples' failure is logged, naming file and reason" wait_until 10 logged "$samples_line"
    scancel "$blocker"
    check "the waiting job starts on a read-only disk" wait_state "$waiter" RUNNING 30
    check "StateSaveLocation becomes writable again" wait_until 5 mount -o remount,rw "$FAULTS_STATE"
    check "the report is stored then" wait_until 10 stored "$r"
    settle 2
    check "and stored once" equals "$(stored_samples_of "$r")" 1
    check "the waiting job ran once" ran_once "$waiter"
}

# The accord agent thread's id in slurmctld $1.
agent_tid() { grep -lx accord /proc/"$1"/task/*/comm 2>/dev/null | head -n 1 | cut -d/ -f5; }

# SIGKILLs slurmctld $1 while its accord thread $2 is runnable (state R):
# the agent sleeps between cycles, so a runnable agent is inside a cycle.
# Polls with shell builtins only (a few microseconds per look) for up to
# 20 s; prints "mid-cycle", or "between cycles" if it never saw the thread
# runnable (and killed it anyway).
kill_mid_cycle() {  # kill_mid_cycle PID TID
    local state deadline=$((SECONDS + 20))
    while ((SECONDS < deadline)); do
        read -r _ _ state _ <"/proc/$1/task/$2/stat" || break
        if [ "$state" = R ]; then
            kill -KILL "$1"
            echo mid-cycle
            return
        fi
    done
    kill -KILL "$1"
    echo "between cycles"
}

# Starts slurmctld on the state it left: no -i, so state it cannot recover
# whole stops it.
start_slurmctld() {
    setsid slurmctld -D </dev/null >>"$CLUSTER_DIR/log/slurmctld.out" 2>&1 &
    echo $! >"$CLUSTER_DIR/pids/slurmctld.pid"
    disown
    wait_until 30 bash -c "scontrol ping 2>/dev/null | grep -q 'is UP'"
}

stats_file_reads() { "$LIVE_BIN/accord-ctl" --stats-file "$FAULTS_STATS" stats >/dev/null; }

every_job_listed_once() {  # every_job_listed_once ID...
    local listed missing
    listed=$(squeue -h -t all -o %i | sort)
    missing=$(printf '%s\n' "$@" | sort | comm -23 - <(uniq <<<"$listed"))
    [ -z "$missing" ] || { echo "# not listed: $missing"; return 1; }
    [ -z "$(uniq -d <<<"$listed")" ] || { echo "# listed twice: $(uniq -d <<<"$listed")"; return 1; }
}

each_ran_once() {  # each_ran_once ID...
    local j
    for j in "$@"; do
        [ "$(times_ran "$j")" = 1 ] || { echo "# job $j ran $(times_ran "$j") times"; return 1; }
    done
}

saved_since() {  # saved_since UNIX-TIME: Slurm's job state file is that new
    [ "$(stat -c %Y "$FAULTS_STATE/job_state")" -ge "$1" ]
}

# Only jobs Slurm has saved count: slurmctld writes its job state at most
# every 5 s (SAVE_MAX_WAIT), so a SIGKILL loses the jobs submitted, and
# forgets the starts made, in the last seconds before it, whatever the
# scheduler (docs/reliability.md). Hence the kills come once every job is
# submitted and started jobs have run for over 5 s.
test_slurmctld_sigkilled_mid_cycle_loses_nothing() {
    local -a runners waiting
    local r j i pid tid how caught=0 lines samples submitted round
    if [ -z "$LIVE_BIN" ] || [ ! -x "$LIVE_BIN/accord-ctl" ]; then
        check "ACCORD_LIVE_BIN_DIR or ACCORD_BUILD_DIR names a build with accord-ctl" false
        return
    fi
    # Every GPU taken for the whole test, one runner per GPU node.
    for r in a100-1:a100:8 a100-2:a100:8 v100-1:v100:4 v100-2:v100:4 t4-1:t4:4 t4-2:t4:4; do
        runners+=("$(recording_job 120 -w "${r%%:*}" --gres="gpu:${r#*:}")")
    done
    for j in "${runners[@]}"; do wait_state "$j" RUNNING >/dev/null; done
    check "every GPU is taken" equals "$(squeue -h -t R -o %i | wc -l)" "${#runners[@]}"
    report_rate "${runners[0]}" 11
    # A queue long enough for a cycle to take a few milliseconds.
    for ((i = 0; i < 200; i++)); do
        waiting+=("$(recording_job 1 --gres=gpu:1 -t 2)")
    done
    submitted=$(date +%s)
    check "200 jobs wait" equals "$(squeue -h -t PD -o %i | wc -l)" 200
    check "the runner's report is stored" wait_until 10 stored "${runners[0]}"
    for round in 1 2 3; do
        sleep 6   # over SAVE_MAX_WAIT since the last submission or restart
        check "round $round: Slurm saved its job state after the last submission" saved_since "$submitted"
        sleep "0.$((RANDOM % 10))"   # a random offset into the cycle
        read -r pid <"$CLUSTER_DIR/pids/slurmctld.pid"
        tid=$(agent_tid "$pid")
        check "round $round: the accord thread is found" test -n "$tid"
        how=$(kill_mid_cycle "$pid" "$tid")
        echo "# round $round: slurmctld killed $how"
        [ "$how" = mid-cycle ] && caught=$((caught + 1))
        check "round $round: slurmctld is dead" wait_until 10 bash -c "! kill -0 $pid 2>/dev/null"
        check "round $round: the stats file is whole (accord-ctl reads it)" stats_file_reads
        lines=$(grep -c . "$FAULTS_SAMPLES")
        check "round $round: slurmctld restarts on its saved state" start_slurmctld
        samples="sched/accord: $lines throughput samples found in $FAULTS_SAMPLES"
        check "round $round: the plugin reads back every sample" wait_until 10 \
            bash -c "[ \"\$(grep -cF '$samples' $(ctld_log))\" -ge $round ]"
        check "round $round: every job is listed once" every_job_listed_once "${runners[@]}" "${waiting[@]}"
        check "round $round: the runners still run" equals \
            "$(squeue -h -t R -o %i | sort | paste -sd' ')" "$(printf '%s\n' "${runners[@]}" | sort | paste -sd' ')"
    done
    check "at least one kill came mid-cycle (the accord thread runnable)" test "$caught" -ge 1
    check "no damaged sample line was skipped" equals "$(log_count 'damaged throughput sample lines')" 0
    scancel "${runners[@]}"
    j=$(recording_job 1 --gres=gpu:1)
    check "scheduling resumes: every waiting job and a new one end" wait_until 90 queue_empty
    check "each of the $((${#runners[@]} + ${#waiting[@]} + 1)) jobs ran exactly once" \
        each_ran_once "${runners[@]}" "${waiting[@]}" "$j"
}

# Until a node registers with a restarted slurmctld (a few seconds), Slurm
# counts its GPUs per type from slurm.conf, and a job's end there does not
# lower its type's count (gres_ctld.c): the GPUs look free, but no start
# gets them. sched/accord must plan none there (before, it planned the
# waiters every cycle and Slurm refused them) and start them once the node
# registers.
test_gpus_freed_before_a_node_registers_after_restart() {
    local blocker pid waiters=() i
    blocker=$(submit -p t4 -w t4-1 --gres=gpu:t4:4 --wrap 'sleep 300')
    check "t4-1 is taken" wait_state "$blocker" RUNNING
    # Untyped, as sched/accord types a request by the node's records.
    for i in 1 2; do waiters+=("$(recording_job 5 -p t4 -w t4-1 --gres=gpu:1)"); done
    read -r pid <"$CLUSTER_DIR/pids/slurmctld.pid"
    kill -TERM "$pid"
    check "slurmctld stops" wait_until 30 bash -c "! kill -0 $pid 2>/dev/null"
    check "slurmctld restarts on its saved state" start_slurmctld
    scancel "$blocker"
    for i in "${waiters[@]}"; do
        check "job $i starts once t4-1 registers" starts_or_shows_why "$i"
    done
    check "no start was planned that Slurm refused since the restart" equals "$(refused_starts)" 0
}

# The slurmd of t4-1 is killed; slurmctld still counts the node idle (it
# notices after SlurmdTimeout, 60 s), so sched/accord places a job there and
# the launch fails. Slurm requeues the job; it must not run until the node is
# back, then run once. An admin's `scontrol update` marks the node down and
# back (without it Slurm ends the failed launch by itself after about 80 s),
# and lets the job start at once (a requeued job waits 2 minutes).
# Kills NODE's slurmd; once it is dead, prints how many "now responding"
# lines slurmctld had logged for NODE.
kill_slurmd() {  # kill_slurmd NODE
    local pid responding
    read -r pid <"$CLUSTER_DIR/pids/slurmd-$1.pid"
    responding=$(log_count "Node $1 now responding")
    kill -KILL "$pid"
    wait_until 5 bash -c "! kill -0 $pid 2>/dev/null" && echo "$responding"
}

# Starts NODE's slurmd again; waits for it to register (more than RESPONDING
# "now responding" lines).
restart_slurmd() {  # restart_slurmd NODE RESPONDING
    setsid slurmd -D -N "$1" </dev/null >>"$CLUSTER_DIR/log/slurmd-$1.out" 2>&1 &
    echo $! >"$CLUSTER_DIR/pids/slurmd-$1.pid"
    disown
    wait_until 30 bash -c "[ \$(grep -cF 'Node $1 now responding' $(ctld_log)) -gt $2 ]"
}

test_slurmd_killed_while_a_job_is_placed_on_it() {
    local blocker j other responding
    blocker=$(submit -p t4 -w t4-2 --gres=gpu:t4:4 --wrap 'sleep 300')
    check "t4-2 is taken" wait_state "$blocker" RUNNING
    responding=$(kill_slurmd t4-1)
    check "t4-1's slurmd is dead" test -n "$responding"
    j=$(recording_job 5 -p t4 --gres=gpu:t4:1)
    check "sched/accord places the job on t4-1" wait_until 10 logged "sched/accord: started JobId=$j in t4 on t4-1"
    check "the failed launch is logged: Slurm requeues the job" wait_until 30 logged "requeue JobId=$j"
    check "the job did not run" equals "$(times_ran "$j")" 0
    other=$(recording_job 2 -p v100 --gres=gpu:v100:1)
    check "a job submitted after the fault starts elsewhere" wait_state "$other" RUNNING 15
    check "the restarted slurmd registers" restart_slurmd t4-1 "$responding"
    # The restarted slurmd takes the kill of the failed launch, then Slurm
    # finishes the requeue (the next test marks the node DOWN before that).
    check "Slurm requeues the job once the node is back" wait_until 30 logged "Requeuing JobId=$j"
    if [[ $(sinfo -h -n t4-1 -o %T) == down* ]]; then scontrol update nodename=t4-1 state=resume; fi
    # Slurm holds a requeued job for the credential window + 1 s (121 s) so that
    # its new launch credential is newer than the kill t4-1 revoked it with;
    # the test shortens the hold, keeping the credentials' 1 s grain apart.
    sleep 2
    scontrol update jobid="$j" starttime=now
    check "the job then starts" starts_or_shows_why "$j"
    check "and ran once" ran_once "$j"
    check "the other job ran once" ran_once "$other"
}

# Marking the node DOWN while the failed launch's kill waits for it makes
# Slurm 22.05 clear the job's completing state without finishing the requeue
# (docs/reliability.md): without Accord finishing it, the job would be
# runnable at once, old allocation attached, as soon as the node is back.
# Whether the pending job may not start for more than SECONDS (its
# StartTime, which Slurm shows as the begin time it is held to).
held_beyond() {  # held_beyond JOBID SECONDS
    local start
    start=$(job_field "$1" StartTime)
    [ "$(date -d "$start" +%s 2>/dev/null || echo 0)" -gt $(($(date +%s) + $2)) ] && return 0
    echo "# StartTime=$start, Reason=$(job_field "$1" Reason)"
    return 1
}

# Waits up to 30 s for NODE to take jobs (idle, or mixed: Slurm may count
# a GPU of the failed launch as in use, see the file's head); prints its
# state if it does not.
node_in_service() {  # node_in_service NODE
    wait_until 30 bash -c "[[ \$(sinfo -h -n $1 -o %T) =~ ^(idle|mixed)$ ]]" && return 0
    echo "# $1 is $(sinfo -h -n "$1" -o %T)"
    return 1
}

test_node_marked_down_before_a_requeue_finishes() {
    local j responding
    responding=$(kill_slurmd v100-1)
    check "v100-1's slurmd is dead" test -n "$responding"
    j=$(recording_job 5 -p v100 -w v100-1 --gres=gpu:v100:1)
    check "sched/accord places the job on v100-1" wait_until 10 logged "sched/accord: started JobId=$j in v100 on v100-1"
    check "the failed launch is logged: Slurm requeues the job" wait_until 30 logged "requeue JobId=$j"
    scontrol update nodename=v100-1 state=down reason=t_faults
    check "sched/accord finishes the requeue Slurm left unfinished" wait_until 10 \
        logged "sched/accord: JobId=$j: Slurm left its requeue unfinished (pending with its old allocation on v100-1"
    check "Slurm logs the requeue as finished" wait_until 5 logged "Requeuing JobId=$j"
    check "the job keeps Slurm's hold of the credential window" held_beyond "$j" 100
    check "the restarted slurmd registers" restart_slurmd v100-1 "$responding"
    if [[ $(sinfo -h -n v100-1 -o %T) == down* ]]; then scontrol update nodename=v100-1 state=resume; fi
    check "v100-1 is back in service" node_in_service v100-1
    settle 10
    check "the job still waits for its hold once the node is back" equals "$(job_field "$j" JobState)" PENDING
    check "and never ran" equals "$(times_ran "$j")" 0
    scancel "$j"
}

# For run-live-tests.sh: a fresh 16 MB tmpfs for StateSaveLocation (accord-
# cluster --state-dir wants it empty) and an empty record of job starts.
faults_mount_state() {
    faults_unmount_state
    mkdir -p "$FAULTS_STATE" && mount -t tmpfs -o size=16m,mode=755 tmpfs "$FAULTS_STATE" || return 1
    : >"$FAULTS_RAN"
}

faults_unmount_state() {
    if mountpoint -q "$FAULTS_STATE"; then umount "$FAULTS_STATE" || return 1; fi
    rm -rf "$FAULTS_STATE"
}
