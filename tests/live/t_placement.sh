# Where Accord puts CPU, GPU, multi-node and exclusive jobs.
# Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1, accord_gpu_speed=a100:3/v100:2/t4:1.

test_cpu_job_runs_on_cpu_node() {
    local j; j=$(submit -n 1 --wrap 'sleep 20')
    check "cpu job runs" wait_state "$j" RUNNING
    check "cpu job keeps off GPU nodes" equals "$(job_field "$j" NodeList)" cpu-1
}

test_typeless_gpu_goes_to_fastest_type() {
    local j; j=$(submit --gres=gpu:2 --wrap 'sleep 20')
    check "gpu:2 runs" wait_state "$j" RUNNING
    check "gpu:2 placed on an a100 node" matches "$(job_field "$j" NodeList)" '^a100-[12]$'
    check "decision names the type and the rule" contains "$(job_comment "$j")" "gpu:a100:2/node (Accord's allocator for the whole queue)"
}

test_typeless_gpu_falls_back_when_fastest_full() {
    local a b j
    a=$(submit --gres=gpu:a100:8 -w a100-1 --wrap 'sleep 30')
    b=$(submit --gres=gpu:a100:8 -w a100-2 --wrap 'sleep 30')
    wait_state "$a" RUNNING; wait_state "$b" RUNNING
    j=$(submit --gres=gpu:2 --wrap 'sleep 20')
    check "gpu:2 runs while a100s are full" wait_state "$j" RUNNING
    check "gpu:2 placed on the next fastest type" matches "$(job_field "$j" NodeList)" '^v100-[12]$'
}

test_typed_gpu_request_is_kept() {
    local j; j=$(submit --gres=gpu:t4:1 --wrap 'sleep 20')
    check "gpu:t4:1 runs" wait_state "$j" RUNNING
    check "gpu:t4:1 stays on t4 though a100 is free" matches "$(job_field "$j" NodeList)" '^t4-[12]$'
}

test_gpu_job_gets_device_environment() {
    local out
    out=$(timeout 60 srun -t 1 --gres=gpu:v100:2 bash -c 'echo "$CUDA_VISIBLE_DEVICES"' 2>/dev/null)
    check "srun job sees two GPU devices" matches "$out" '^[0-9],[0-9]$'
}

test_multi_node_job_spans_nodes() {
    local j; j=$(submit -N 2 --gres=gpu:v100:4 --wrap 'sleep 20')
    check "2-node job runs" wait_state "$j" RUNNING
    check "2-node job on both v100 nodes" equals "$(job_field "$j" NodeList)" "v100-[1-2]"
}

test_exclusive_job_gets_idle_node() {
    local small ex ex2
    small=$(submit -n 1 -p t4 -w t4-1 --wrap 'sleep 30')
    wait_state "$small" RUNNING
    ex=$(submit --exclusive -p t4 --wrap 'sleep 30')
    check "exclusive job runs" wait_state "$ex" RUNNING
    check "exclusive job avoids the busy node" equals "$(job_field "$ex" NodeList)" t4-2
    ex2=$(submit --exclusive -p t4 --wrap 'sleep 30')
    settle
    check "second exclusive job waits" equals "$(job_field "$ex2" JobState)" PENDING
    check "waiting exclusive job says why" equals "$(job_field "$ex2" Reason)" Resources
}

test_per_job_gpus_span_nodes() {
    local j; j=$(submit --gpus=a100:16 --wrap 'sleep 20')
    check "--gpus=a100:16 runs on 8-GPU nodes" wait_state "$j" RUNNING
    check "--gpus=a100:16 spans both a100 nodes" equals "$(job_field "$j" NodeList)" "a100-[1-2]"
}

test_cpus_per_gpu_counted() {
    local first second
    # A t4 node has 8 CPUs: two jobs of 2 GPUs x 3 CPUs cannot share one.
    first=$(submit -p t4 --gres=gpu:t4:2 --cpus-per-gpu=3 --wrap 'sleep 20')
    second=$(submit -p t4 --gres=gpu:t4:2 --cpus-per-gpu=3 --wrap 'sleep 20')
    check "2 GPUs x 3 CPUs runs" wait_state "$first" RUNNING
    check "it got its 6 CPUs" equals "$(job_field "$first" NumCPUs)" 6
    check "the second such job runs too" wait_state "$second" RUNNING
    check "on the other node, as CPUs per GPU require" differs "$(job_field "$first" NodeList)" "$(job_field "$second" NodeList)"
}

test_whole_node_memory_waits_for_an_idle_node() {
    local small whole
    small=$(submit -p cpu -n 1 --wrap 'sleep 6')
    wait_state "$small" RUNNING
    whole=$(submit -p cpu -n 1 --mem=0 --wrap 'sleep 5')
    settle
    check "--mem=0 job waits while the node's memory is partly used" equals "$(job_field "$whole" JobState)" PENDING
    check "Accord planned no start Slurm had to refuse" bash -c "! scontrol show job $whole | grep -q refused"
    check "it runs once the node is idle" wait_state "$whole" RUNNING 30
}
