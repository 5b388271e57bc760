# SchedulerParameters handling. These tests restart the cluster with their
# own settings (see run-live-tests.sh).

test_invalid_parameters_are_named_and_defaults_used() {
    local log=$CLUSTER_DIR/log/slurmctld.log j
    check "bad accord_interval named with its range" grep -q "invalid accord_interval=abc: expected an integer in \[1, 3600\]" "$log"
    check "bad accord_max_jobs named with its range" grep -q "invalid accord_max_jobs=0: expected an integer in \[1, 1000000\]" "$log"
    check "unknown accord_ key named" grep -q "unknown key accord_bogus" "$log"
    check "missing sched_interval=-1 warned about" grep -q "lacks sched_interval=-1" "$log"
    check "missing defer warned about" grep -q "lacks defer" "$log"
    j=$(submit -n 1 --wrap 'sleep 5')
    check "scheduling goes on with the defaults" wait_state "$j" RUNNING 30
}

test_reconfigure_rereads_parameters() {
    local log=$CLUSTER_DIR/log/slurmctld.log conf=$CLUSTER_DIR/etc/slurm.conf
    check "no cycle lines before accord_debug" bash -c "! grep -q 'sched/accord: cycle:' '$log'"
    sed -i 's/^SchedulerParameters=.*/SchedulerParameters=sched_interval=-1,defer,accord_interval=1,accord_debug=1/' "$conf"
    scontrol reconfigure
    check "accord_debug=1 after reconfigure logs each cycle" wait_until 20 grep -q 'sched/accord: cycle: considered' "$log"
    check "cycle counters are written" wait_until 10 grep -q '"cycles": [1-9]' "$CLUSTER_DIR/state/accord-stats.json"
}
