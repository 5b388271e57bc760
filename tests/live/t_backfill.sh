# EASY backfill: the blocked head job gets a reservation that later jobs
# may not delay.

test_blocked_large_job_gets_reservation() {
    local blocker big short long other
    blocker=$(submit --gres=gpu:a100:4 -w a100-1 -t 3 --wrap 'sleep 60')
    wait_state "$blocker" RUNNING
    big=$(submit -N 2 --gres=gpu:a100:8 -p a100 -t 5 --wrap 'sleep 5')
    settle
    check "large job waits for resources" equals "$(job_field "$big" Reason)" Resources
    check "large job has a reservation" contains "$(job_comment "$big")" "reserved a100-1,a100-2"
    check "large job has a start time" matches "$(job_field "$big" StartTime)" '^20[0-9-]+T'

    short=$(submit --gres=gpu:a100:2 -p a100 -t 1 --wrap 'sleep 20')
    check "short job ending before the reservation is backfilled" wait_state "$short" RUNNING
    long=$(submit --gres=gpu:a100:2 -p a100 -t 30 --wrap 'sleep 20')
    settle
    check "long job that would delay the reservation waits" equals "$(job_field "$long" JobState)" PENDING
    check "long job waits for priority" equals "$(job_field "$long" Reason)" Priority
    other=$(submit --gres=gpu:v100:1 -t 30 --wrap 'sleep 20')
    check "job on other nodes is not held back" wait_state "$other" RUNNING
}

# While a job's epilog runs on a node, Slurm starts nothing there
# (select_nodes(): "Requested nodes are busy"). Jobs for t4-1 that become
# eligible during a 5-s epilog wait for its end: none of their starts is
# planned only to be refused.
test_no_start_planned_while_an_epilog_runs() {
    local epilog=$CLUSTER_DIR/etc/epilog-5s.sh refused j
    local -a later=()
    printf '#!/bin/sh\nsleep 5\n' >"$epilog"
    chmod +x "$epilog"
    echo "Epilog=$epilog" >>"$SLURM_CONF"
    scontrol reconfigure
    settle
    refused=$(refused_starts)
    check "accord-ctl reads the refused count" test -n "$refused"
    submit --gres=gpu:t4:1 -w t4-1 --wrap 'sleep 2' >/dev/null
    for _ in 1 2 3; do
        later+=("$(submit --gres=gpu:t4:1 -w t4-1 --begin=now+4 --wrap 'sleep 30')")
    done
    for j in "${later[@]}"; do
        check "a job eligible during the epilog runs after it" wait_state "$j" RUNNING 30
    done
    check "no start was refused by Slurm" equals "$(refused_starts)" "$refused"
    sed -i "\|^Epilog=$epilog\$|d" "$SLURM_CONF"
    scontrol reconfigure
}
