# SchedulerParameters handling, on a cluster started with bad parameters
# (see run-live-tests.sh). Run in file order: the last one stops slurmctld.

test_invalid_parameters_are_named_and_defaults_used() {
    local log=$CLUSTER_DIR/log/slurmctld.log j
    check "bad accord_interval named with its range" grep -q "invalid accord_interval=abc: expected an integer in \[1, 3600\]" "$log"
    check "bad accord_max_jobs named with its range" grep -q "invalid accord_max_jobs=0: expected an integer in \[1, 1000000\]" "$log"
    check "bad accord_min_run named with its range" grep -q "invalid accord_min_run=-5: expected an integer in \[0, 604800\]" "$log"
    check "unknown accord_ key named" grep -q "unknown key accord_bogus" "$log"
    check "missing sched_interval=-1 warned about" grep -q "lacks sched_interval=-1" "$log"
    check "missing defer warned about" grep -q "lacks defer" "$log"
    j=$(submit -n 1 --wrap 'sleep 5')
    check "scheduling goes on with the defaults" wait_state "$j" RUNNING 30
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
