# accord_order=service (run-live-tests.sh: accord_policy=preempt,
# accord_first_queue=400, accord_min_run=5, accord_restart_cost=1,
# accord_preempt_interval=20) under Slurm's priority/basic, which ranks jobs
# by submission alone: a job past a service queue is requeued for a newer
# one below it, and keeps the service of its run, so that the newer job is
# not requeued back for it once that one passes the first queue too.
# Service queues of 8 GPUs: queue 0 below 50 s, 1 below 100 s, 2 below 200 s.
# This test takes about 4 minutes.

ORDER_RAN=$CLUSTER_DIR/order-ran

test_job_past_a_queue_is_requeued_for_a_newer_one() {
    local busy old new log=$CLUSTER_DIR/log/slurmctld.log
    rm -f "$ORDER_RAN"
    check "slurmctld's log says how jobs are ranked" grep -qF \
        "jobs ranked by attained GPU service (first queue 400 GPU-s), then Slurm's priority" "$log"
    # The other a100 node busy: the allocator pools a type's GPUs over its
    # nodes, so with it free the newer job would seem to fit there.
    busy=$(submit --no-requeue -w a100-2 --gres=gpu:a100:8 -t 10 --wrap 'sleep 600')
    old=$(submit --requeue -w a100-1 --gres=gpu:8 -t 30 --wrap "echo \$SLURM_JOB_ID >>$ORDER_RAN;
        if [ \${SLURM_RESTART_COUNT:-0} -gt 0 ]; then sleep 5; else sleep 900; fi")
    check "the older job runs" wait_state "$old" RUNNING
    check "so does the job on the other a100 node" wait_state "$busy" RUNNING
    # Past 800 GPU-s, its second queue, before the newer job is submitted.
    sleep 105
    new=$(submit --requeue -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 90')
    check "by Slurm's priority the newer job ranks below the older one" \
        test "$(job_field "$new" Priority)" -lt "$(job_field "$old" Priority)"
    check "the older job is requeued for the newer one, below its service queue" \
        wait_until 60 grep -q "JobId=$old requeued by sched/accord for JobId=$new" "$log"
    check "its SystemComment says how it ranked" matches "$(job_comment "$old")" \
        "^accord: requeued by sched/accord for JobId=$new: predicted gain [0-9]+ GPU-s over restart cost 8 GPU-s; ranked by attained service: (8[0-9][0-9]|9[0-9][0-9]|1[0-9]{3}) GPU-s so far, queue 2( |$)"
    check "the newer job starts on its GPUs" wait_state "$new" RUNNING 60
    # From 50 s on the newer job is past the first queue; the older one, had
    # its service been forgotten, would be below it and have it requeued.
    check "the newer job runs to its end: the older one's service was kept" wait_state "$new" COMPLETED 150
    check "so it was never requeued" equals "$(grep -c "JobId=$new requeued" "$log")" 0
    check "the older job then runs again and ends" wait_state "$old" COMPLETED 90
    check "it ran twice" equals "$(grep -c "^$old\$" "$ORDER_RAN")" 2
    check "one requeue line in all" equals "$(grep -c 'requeued by sched/accord' "$log")" 1
}
