# SchedulerParameters handling, on a cluster started with bad parameters
# (see run-live-tests.sh). Run in file order: the last one stops slurmctld.

test_invalid_parameters_are_named_and_defaults_used() {
    local log=$CLUSTER_DIR/log/slurmctld.log j
    check "bad accord_interval named with its range" grep -q "invalid accord_interval=abc: expected an integer in \[1, 3600\]" "$log"
    check "bad accord_max_jobs named with its range" grep -q "invalid accord_max_jobs=0: expected an integer in \[1, 1000000\]" "$log"
    check "bad accord_min_run named with its range" grep -q "invalid accord_min_run=-5: expected an integer in \[0, 604800\]" "$log"
    check "bad accord_preempt_interval named with its range" \
        grep -q "invalid accord_preempt_interval=1h: expected an integer in \[0, 86400\]" "$log"
    check "bad accord_order named with what it accepts" \
        grep -q "invalid accord_order=las: expected priority, service or gittins; using the default" "$log"
    check "unknown accord_ key named" grep -q "unknown key accord_bogus" "$log"
    check "bad accord_fairness named with its range" grep -q "invalid accord_fairness=0.5: expected 0 (off) or a number in \[1, 1000\]; using the default" "$log"
    check "the default, no fairness bound, is in force" grep -q "finish-time fairness off" "$log"
    check "missing sched_interval=-1 warned about" grep -q "lacks sched_interval=-1" "$log"
    check "missing defer warned about" grep -q "lacks defer" "$log"
    j=$(submit -n 1 --wrap 'sleep 5')
    check "scheduling goes on with the defaults" wait_state "$j" RUNNING 30
}

# accord_fairness=1.2 on the four t4 GPUs of each t4 node: a job of both
# nodes (1 min limit, 60 s alone, a fair share: 8 of 32 GPUs for 4 jobs) is
# over the bound after waiting 12 s. The starving job waits ~40 s behind two
# fillers; the higher-priority one arrives 5 s before they end. The starving
# job starts first (without the bound it would wait: t_queue's
# test_higher_priority_starts_first).
test_starving_job_overtakes_with_the_bound() {
    local log=$CLUSTER_DIR/log/slurmctld.log conf=$CLUSTER_DIR/etc/slurm.conf a b starving fresh
    sed -i 's/^SchedulerParameters=.*/SchedulerParameters=sched_interval=-1,defer,accord_interval=1,accord_fairness=1.2/' "$conf"
    scontrol reconfigure
    check "reconfigure puts the bound in force" wait_until 20 grep -q 'finish-time fairness bound 1.2' "$log"
    a=$(submit --gres=gpu:t4:4 -w t4-1 -p t4 -t 1 --wrap 'sleep 40')
    b=$(submit --gres=gpu:t4:4 -w t4-2 -p t4 -t 1 --wrap 'sleep 40')
    wait_state "$a" RUNNING && wait_state "$b" RUNNING
    starving=$(submit -N 2 --gres=gpu:t4:4 -p t4 -t 1 --wrap 'sleep 5')
    scontrol update jobid="$starving" priority=1
    sleep 35
    fresh=$(submit -N 2 --gres=gpu:t4:4 -p t4 -t 1 --wrap 'sleep 5')
    check "the job over the bound starts first" wait_state "$starving" RUNNING 40
    check "the higher-priority job waits" equals "$(job_field "$fresh" JobState)" PENDING
    check "SystemComment says why" contains "$(job_comment "$starving")" "planned ahead of higher-priority jobs: predicted finish-time fairness"
    reset_queue
}

test_reconfigure_rereads_parameters() {
    local log=$CLUSTER_DIR/log/slurmctld.log conf=$CLUSTER_DIR/etc/slurm.conf
    check "no cycle lines before accord_debug" bash -c "! grep -q 'sched/accord: cycle:' '$log'"
    sed -i 's/^SchedulerParameters=.*/SchedulerParameters=sched_interval=-1,defer,accord_interval=3600,accord_debug=1/' "$conf"
    scontrol reconfigure
    check "reconfigure wakes the agent, which logs its cycle" wait_until 20 grep -q 'sched/accord: cycle: considered' "$log"
    check "the new interval is in force" grep -q 'cycle every 3600 s' "$log"
    check "cycle counters are written" wait_until 10 grep -q '"cycles": [1-9]' "$CLUSTER_DIR/state/accord-stats.json"
}

# fini() must wake and join the agent even in the middle of a long wait.
test_shutdown_is_prompt() {
    local pid; pid=$(cat "$CLUSTER_DIR/run/slurmctld.pid")
    kill -TERM "$pid"
    check "slurmctld stops within 15 s while the agent waits 3600 s" wait_until 15 bash -c "! kill -0 $pid 2>/dev/null"
}
