# Queue semantics: priority, arrays, dependencies, holds.

fill_a100() {  # occupies both a100 nodes for $1 seconds
    local a b
    a=$(submit --gres=gpu:a100:8 -w a100-1 -t 5 --wrap "sleep $1")
    b=$(submit --gres=gpu:a100:8 -w a100-2 -t 5 --wrap "sleep $1")
    wait_state "$a" RUNNING && wait_state "$b" RUNNING
}

test_higher_priority_starts_first() {
    local low high
    fill_a100 6
    low=$(submit -N 2 --gres=gpu:a100:8 -p a100 --wrap 'sleep 30')
    high=$(submit -N 2 --gres=gpu:a100:8 -p a100 --wrap 'sleep 30')
    # priority/basic ranks by submission; lowering the earlier job's
    # priority must put the later one first.
    scontrol update jobid="$low" priority=1
    check "higher-priority job starts first" wait_state "$high" RUNNING 40
    check "lower-priority job still waits" equals "$(job_field "$low" JobState)" PENDING
}

test_array_starts_every_task_that_fits() {
    local arr running
    arr=$(submit --array=0-9 --gres=gpu:t4:1 -p t4 --wrap 'sleep 30')
    wait_until 20 bash -c "[ \$(squeue -h -j $arr -t R | wc -l) -ge 8 ]"
    running=$(squeue -h -j "$arr" -t R | wc -l)
    check "8 of 10 tasks run on 8 t4 GPUs" equals "$running" 8
    check "2 tasks wait" equals "$(squeue -h -j "$arr" -t PD -r | wc -l)" 2
}

# Planned in one cycle with a typeless GPU array on the same nodes, a
# CPU-only job stays CPU-only (it was once told the array's GPU types).
test_cpu_job_beside_typeless_array_names_no_gpu() {
    local arr cpu
    arr=$(submit --hold --array=0-1 --gres=gpu:1 -t 5 --wrap 'sleep 30')
    cpu=$(submit --hold -n 2 -t 5 --wrap 'sleep 30')
    scontrol release "$arr,$cpu"
    check "typeless array's tasks run" wait_until 20 bash -c "[ \$(squeue -h -j $arr -t R | wc -l) -eq 2 ]"
    check "CPU-only job runs" wait_state "$cpu" RUNNING
    check "CPU-only job's decision names no GPU" lacks "$(job_comment "$cpu")" "gpu:"
}

test_array_task_limit_respected() {
    local arr
    arr=$(submit --array=0-5%2 -n 1 -p cpu --wrap 'sleep 30')
    settle 4
    check "%2 limit: 2 tasks run" equals "$(squeue -h -j "$arr" -t R | wc -l)" 2
}

test_dependency_waits_for_its_job() {
    local first second
    first=$(submit -n 1 --wrap 'sleep 4')
    second=$(submit -n 1 --dependency=afterok:"$first" --wrap 'sleep 1')
    settle 2
    check "dependent job waits" equals "$(job_field "$second" Reason)" Dependency
    check "dependent job runs after its dependency" wait_state "$second" RUNNING 30
}

test_held_job_waits_until_released() {
    local j; j=$(submit --hold -n 1 --wrap 'sleep 10')
    settle
    check "held job does not start" equals "$(job_field "$j" JobState)" PENDING
    check "held job reason" equals "$(job_field "$j" Reason)" JobHeldUser
    scontrol release "$j"
    check "released job starts" wait_state "$j" RUNNING
}
