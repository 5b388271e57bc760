# accord_order=service (run-live-tests.sh: accord_policy=preempt,
# accord_first_queue=400, accord_min_run=5, accord_restart_cost=1,
# accord_preempt_interval=20) under Slurm's priority/basic, which ranks jobs
# by submission alone: a job past a service queue is requeued for a newer
# one below it, and keeps the service of its run, so that the newer job is
# not requeued back for it once that one passes the first queue too; so
# does a job Slurm requeues itself.
# Service queues of 8 GPUs: queue 0 below 50 s, 1 below 100 s, 2 below 200 s.
# Each test takes about 4 minutes.

ORDER_RAN=$CLUSTER_DIR/order-ran

# Sets OLD: a requeue-able job on a100-1's 8 GPUs that records its runs,
# long the first time and brief once requeued, run past 800 GPU-s (its
# second queue). Stopped, it takes 5 s to end, so that a requeued run is
# seen completing over several cycles (as on a loaded machine). The other
# a100 node stays free: the allocator pools a type's GPUs over their nodes
# and counts a newer job pinned to a100-1 as served there, which must not
# keep it from displacing the older job.
older_job_past_its_second_queue() {
    rm -f "$ORDER_RAN"
    OLD=$(submit --requeue -w a100-1 --gres=gpu:8 -t 30 --wrap "echo \$SLURM_JOB_ID >>$ORDER_RAN;
        trap 'sleep 5; exit 0' TERM;
        if [ \${SLURM_RESTART_COUNT:-0} -gt 0 ]; then sleep 5; else sleep 900 & wait; fi")
    check "the older job runs" wait_state "$OLD" RUNNING
    sleep 105
}

test_job_past_a_queue_is_requeued_for_a_newer_one() {
    local old new log=$CLUSTER_DIR/log/slurmctld.log
    check "slurmctld's log says how jobs are ranked" grep -qF \
        "jobs ranked by attained GPU service (first queue 400 GPU-s), then Slurm's priority" "$log"
    older_job_past_its_second_queue
    old=$OLD
    new=$(submit --requeue -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 90')
    check "by Slurm's priority the newer job ranks below the older one" \
        test "$(job_field "$new" Priority)" -lt "$(job_field "$old" Priority)"
    check "the older job is requeued for the newer one, below its service queue" \
        wait_until 60 grep -q "JobId=$old requeued by sched/accord for JobId=$new" "$log"
    check "its SystemComment says how it ranked" matches "$(job_comment "$old")" \
        "^accord: requeued by sched/accord for JobId=$new: predicted gain [0-9]+ GPU-s over restart cost 8 GPU-s; ranked by attained service: (8[0-9][0-9]|9[0-9][0-9]|1[0-9]{3}) GPU-s so far, queue 2( |$)"
    check "the newer job starts on its GPUs" wait_state "$new" RUNNING 60
    check "the other a100 node was free all along" equals "$(sinfo -h -n a100-2 -o %T)" idle
    # From 50 s on the newer job is past the first queue; the older one, had
    # its service been forgotten, would be below it and have it requeued.
    check "the newer job runs to its end: the older one's service was kept" wait_state "$new" COMPLETED 150
    check "so it was never requeued" equals "$(grep -c "JobId=$new requeued" "$log")" 0
    check "the older job then runs again and ends" wait_state "$old" COMPLETED 90
    check "it ran twice" equals "$(grep -c "^$old\$" "$ORDER_RAN")" 2
    check "one requeue line in all" equals "$(grep -c 'requeued by sched/accord' "$log")" 1
}

# The same older job requeued by an admin (Slurm's own requeue, as after a
# node failure): Accord saw its service while it ran, and it keeps it, so
# the newer job that starts in its place is not requeued for it once past
# the first queue either.
test_job_requeued_by_slurm_keeps_its_service() {
    local old new log=$CLUSTER_DIR/log/slurmctld.log
    older_job_past_its_second_queue
    old=$OLD
    scontrol requeue "$old"
    new=$(submit --requeue -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 90')
    check "the newer job starts in its place" wait_state "$new" RUNNING 60
    # Slurm holds its requeued job about two minutes; an admin lets it go.
    scontrol update jobid="$old" StartTime=now
    check "the older job keeps the service Accord saw it attain" wait_until 30 grep -qE \
        "JobId=$old pending again, requeued by Slurm: keeps its service, ranked by attained service: [0-9]+ GPU-s so far, queue 2$" \
        "$log"
    check "the newer job runs to its end" wait_state "$new" COMPLETED 150
    check "so it was never requeued" equals "$(grep -c "JobId=$new requeued" "$log")" 0
    check "the older job then runs again and ends" wait_state "$old" COMPLETED 90
    check "it ran twice" equals "$(grep -c "^$old\$" "$ORDER_RAN")" 2
}
