# accord_policy=preempt (run-live-tests.sh: accord_min_run=5,
# accord_restart_cost=1, accord_preempt_interval=60, accord_migrate=1,
# accord_first_queue=800): a requeue-able job
# holding a node's a100 GPUs is requeued for a higher-priority job, which
# then starts there (in a cycle that considers requeues); the requeued
# job runs again within seconds (not after Slurm's 121 s credential delay),
# planned from its typeless request as submitted, and ends; a --no-requeue
# job is never touched.
# The allocator orders by attained service (core/allocator.h): a running
# job is displaced only once it is past the first queue, 800 GPU-s, which
# takes 100 s on a node's 8 GPUs, and the requeue waits for the next cycle
# that considers requeues (up to 60 s). This test takes about 4 minutes.

PREEMPT_RAN=$CLUSTER_DIR/preempt-ran

# Records "JOBID RESTART-COUNT" when it starts; runs long the first time,
# briefly once requeued.
requeue_recording_job() {  # requeue_recording_job SBATCH-ARGS...
    submit "$@" -t 30 --wrap "echo \$SLURM_JOB_ID \${SLURM_RESTART_COUNT:-0} >>$PREEMPT_RAN;
        if [ \${SLURM_RESTART_COUNT:-0} -gt 0 ]; then sleep 5; else sleep 900; fi"
}

runs_of() { grep -c "^$1 " "$PREEMPT_RAN" 2>/dev/null; }

test_requeue_for_a_higher_priority_job() {
    local low keep high blocked log=$CLUSTER_DIR/log/slurmctld.log
    low=$(requeue_recording_job --requeue -w a100-1 --gres=gpu:8)
    keep=$(requeue_recording_job --no-requeue -w a100-2 --gres=gpu:a100:8)
    check "the requeue-able job runs" wait_state "$low" RUNNING
    check "the --no-requeue job runs" wait_state "$keep" RUNNING
    high=$(submit -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 10')
    blocked=$(submit -w a100-2 --gres=gpu:a100:8 -t 5 --wrap 'sleep 10')
    # priority/basic counts down from near 2^32 by submission: above all of them.
    scontrol update jobid="$high" priority=4294967000
    scontrol update jobid="$blocked" priority=4294967000
    check "the requeue-able job is requeued once past the allocator's first queue" \
        wait_until 300 grep -q "JobId=$low requeued by sched/accord for JobId=$high" "$log"
    check "its SystemComment says why" contains "$(job_comment "$low")" \
        "accord: requeued by sched/accord for JobId=$high: predicted gain"
    check "the higher-priority job starts on its GPUs" wait_state "$high" RUNNING 60
    check "its start waited for the requeued job to complete, not refused by Slurm" equals "$(refused_starts)" 0
    check "the requeued job runs again soon after" wait_state "$low" RUNNING 60
    check "from its request as submitted, not the a100 type chosen for its first run" grep -qF \
        "JobId=$low pending again: GPU request back to gpu:8/node as submitted (its last run had gpu:a100:8/node)" "$log"
    check "which it is given again" contains "$(job_comment "$low")" "requested gpu:8/node -> chose gpu:a100:8/node"
    check "and ends" wait_state "$low" COMPLETED 60
    check "it ran twice, the second time as a restart" equals "$(grep "^$low " "$PREEMPT_RAN" | tr '\n' ' ')" \
        "$low 0 $low 1 "
    check "the --no-requeue job is still in its first run" equals "$(job_field "$keep" JobState) $(runs_of "$keep")" \
        "RUNNING 1"
    check "the job behind it waits" equals "$(job_field "$blocked" JobState)" PENDING
    check "one requeue line in all" equals "$(grep -c 'requeued by sched/accord' "$log")" 1
}

# accord_migrate: a typeless gpu:4 job that could only start on a t4 node
# (the a100 and v100 nodes busy) is requeued to move to the a100 node once
# it frees, and runs there, its request rewritten again from gpu:4.
test_running_job_moves_to_a_faster_type() {
    local a1 a2 v1 v2 mover log=$CLUSTER_DIR/log/slurmctld.log
    a1=$(submit --no-requeue -w a100-1 --gres=gpu:a100:8 -t 10 --wrap 'sleep 600')
    a2=$(submit --no-requeue -w a100-2 --gres=gpu:a100:8 -t 10 --wrap 'sleep 600')
    v1=$(submit --no-requeue -w v100-1 --gres=gpu:v100:4 -t 10 --wrap 'sleep 600')
    v2=$(submit --no-requeue -w v100-2 --gres=gpu:v100:4 -t 10 --wrap 'sleep 600')
    for j in "$a1" "$a2" "$v1" "$v2"; do wait_state "$j" RUNNING || true; done
    mover=$(requeue_recording_job --requeue --gres=gpu:4)
    check "the typeless job starts on a t4 node" wait_state "$mover" RUNNING
    check "rewritten to t4" equals "$(job_field "$mover" TresPerNode)" gres:gpu:t4:4
    scancel "$a1"
    check "once an a100 node frees, it is requeued to move there" wait_until 90 grep -qF \
        "JobId=$mover requeued by sched/accord to move to 4 a100 GPU(s): predicted speed-up 3.00x" "$log"
    check "it runs again soon after" wait_state "$mover" RUNNING 60
    check "on the a100 node" equals "$(job_field "$mover" NodeList)" a100-1
    check "chosen again from its request as submitted" contains "$(job_comment "$mover")" \
        "requested gpu:4/node -> chose gpu:a100:4/node"
    check "it ran twice, the second time as a restart" equals \
        "$(grep "^$mover " "$PREEMPT_RAN" | tr '\n' ' ')" "$mover 0 $mover 1 "
    check "the jobs that did not allow a requeue were left alone" equals \
        "$(job_field "$a2" JobState) $(job_field "$v1" JobState) $(job_field "$v2" JobState)" "RUNNING RUNNING RUNNING"
}
