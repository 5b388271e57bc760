# accord_order=gittins (run-live-tests.sh: accord_policy=preempt,
# accord_first_queue=400, accord_min_run=5, accord_restart_cost=1,
# accord_preempt_interval=20) under Slurm's priority/basic: a completed
# job's GPU service is stored in StateSaveLocation and read again after a
# restart of slurmctld, and a job of its family near the service it held
# ranks above a newer job of a family never completed, so it is not
# requeued for it, as accord_order=service would (t_order.sh). About 5
# minutes. It restarts slurmctld.

GITTINS_FILE=$CLUSTER_DIR/state/accord-finished.log

test_job_near_its_familys_end_is_not_requeued_for_a_new_family() {
    local first second newer log=$CLUSTER_DIR/log/slurmctld.log line
    check "slurmctld's log says how jobs are ranked" grep -qF \
        "jobs ranked by the Gittins index of their model family from its completed jobs' GPU service" "$log"
    first=$(submit --requeue --accord-model=resnet50 -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 120')
    check "a resnet50 job completes" wait_state "$first" COMPLETED 200
    wait_until 10 grep -sqP "^accord-finished-1\t[0-9]+\t$first\t" "$GITTINS_FILE"
    line=$(grep -P "^accord-finished-1\t[0-9]+\t$first\t" "$GITTINS_FILE")
    check "its GPU service is stored with its family" matches "$line" \
        $'^accord-finished-1\t[0-9]+\t'"$first"$'\tresnet50\t9[5-9][0-9]\t[0-9a-f]{8}$'
    check "slurmctld restarts" restart_slurmctld
    check "and reads it back" wait_until 10 grep -qF "1 completed jobs' GPU service found in $GITTINS_FILE" "$log"
    second=$(submit --requeue --accord-model=resnet50 -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 120')
    check "a second resnet50 job runs" wait_state "$second" RUNNING
    sleep 75  # past the first queue: 600 GPU-s of the 960 its family held
    newer=$(submit --requeue --accord-model=yolov3 -w a100-1 --gres=gpu:a100:8 -t 5 --wrap 'sleep 20')
    check "by Slurm's priority the newer job ranks below it" \
        test "$(job_field "$newer" Priority)" -lt "$(job_field "$second" Priority)"
    check "the resnet50 job runs to its end" wait_state "$second" COMPLETED 120
    check "it was never requeued, as service order would have" equals "$(grep -c "JobId=$second requeued" "$log")" 0
    check "the newer job then runs and ends" wait_state "$newer" COMPLETED 90
    check "both completed jobs are stored" equals "$(grep -sc $'\tresnet50\t' "$GITTINS_FILE")" 2
}
