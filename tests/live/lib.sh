# Helpers for the live tests: a real slurmctld and slurmds (started by
# run-live-tests.sh), the real sbatch/srun/scontrol/squeue.
# Each test is a function `test_*`; `check` records one assertion.

PASSED=0
FAILED=0
CURRENT_TEST=""

check() {  # check DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@"; then
        PASSED=$((PASSED + 1)); echo "ok - $CURRENT_TEST: $what"
    else
        FAILED=$((FAILED + 1)); echo "not ok - $CURRENT_TEST: $what"
    fi
}

# Field of `scontrol show job` (first match), e.g. job_field 12 JobState.
job_field() {
    scontrol -o show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}

# SystemComment holds spaces, so it is read from the non-oneliner output.
job_comment() {
    scontrol show job "$1" 2>/dev/null | sed -n 's/^ *SystemComment=//p' | head -n 1
}

# Waits until the job is in STATE (RUNNING, PENDING, COMPLETED...).
wait_state() {  # wait_state JOBID STATE [SECONDS]
    local deadline=$((SECONDS + ${3:-30}))
    while [ $SECONDS -lt $deadline ]; do
        [ "$(job_field "$1" JobState)" = "$2" ] && return 0
        sleep 0.5
    done
    echo "# job $1 is $(job_field "$1" JobState) ($(job_field "$1" Reason)), not $2"
    return 1
}

# Waits until the predicate command succeeds.
wait_until() {  # wait_until SECONDS COMMAND...
    local deadline=$((SECONDS + $1)); shift
    while [ $SECONDS -lt $deadline ]; do
        "$@" && return 0
        sleep 0.5
    done
    return 1
}

submit() {  # submit SBATCH-ARGS... -> prints the job id
    sbatch --parsable -o /dev/null "$@" | cut -d';' -f1
}

# Lets a few scheduling cycles pass (accord_interval=1 in the tests).
settle() { sleep "${1:-3}"; }

reset_queue() {
    scancel --user=root >/dev/null 2>&1 || true
    wait_until 30 queue_empty || echo "# queue did not drain"
}

# Finished jobs stay listed for MinJobAge; only live ones count here.
queue_empty() { [ -z "$(squeue -h -t PD,R,CG,CF,S -o %i 2>/dev/null | head -n 1)" ]; }

equals() { [ "$1" = "$2" ] || { echo "# expected '$2', got '$1'"; return 1; }; }
differs() { [ "$1" != "$2" ] || { echo "# both are '$1'"; return 1; }; }
contains() { case "$1" in *"$2"*) return 0;; esac; echo "# '$1' lacks '$2'"; return 1; }
lacks() { case "$1" in *"$2"*) echo "# '$1' has '$2'"; return 1;; esac; }
matches() { [[ $1 =~ $2 ]] || { echo "# '$1' does not match /$2/"; return 1; }; }

# ---- on a cluster with accounting (accord-cluster up --accounting) ----

# sacctmgr without its prompt and its chatter.
acct() { sacctmgr -i "$@" >/dev/null; }

# sacctmgr changes reach slurmctld asynchronously, through slurmdbd.
# Succeeds once slurmctld's association manager shows TEXT.
ctld_shows() {  # ctld_shows TEXT SCONTROL-ASSOC_MGR-ARGS...
    local text=$1; shift
    scontrol show assoc_mgr "$@" 2>/dev/null | grep -qF -- "$text"
}

# Succeeds once slurmctld would accept a job with these sbatch options
# (an unknown QOS or association is refused at submission).
accepted() { sbatch --test-only "$@" --wrap true >/dev/null 2>&1; }

run_tests() {  # run_tests test_a test_b ...
    local t
    for t in "$@"; do
        CURRENT_TEST=${t#test_}
        reset_queue
        "$t"
    done
}

# The build whose tools (accord-ctl, accord-train) the tests run; empty
# when none is named.
LIVE_BIN=${ACCORD_LIVE_BIN_DIR:-${ACCORD_BUILD_DIR:-${PLUGIN_DIR:+$PLUGIN_DIR/..}}}
LIVE_CTL=${LIVE_BIN:+$LIVE_BIN/}accord-ctl

# Starts Slurm refused since slurmctld started, from accord-ctl stats.
refused_starts() { "$LIVE_CTL" stats 2>/dev/null | sed -n 's/.*refused by Slurm at start: \([0-9]*\)).*/\1/p'; }

# Stops slurmctld (SIGTERM, as an admin would) and starts it again with the
# same state directory; the running jobs go on on their slurmds.
restart_slurmctld() {
    local pidfile=$CLUSTER_DIR/pids/slurmctld.pid pid
    read -r pid <"$pidfile"
    kill -TERM "$pid"
    wait_until 20 bash -c "! kill -0 $pid 2>/dev/null" || return 1
    setsid slurmctld -D -i </dev/null >>"$CLUSTER_DIR/log/slurmctld.out" 2>&1 &
    echo $! >"$pidfile"
    disown
    wait_until 30 bash -c "scontrol ping 2>/dev/null | grep -q 'is UP'"
}
