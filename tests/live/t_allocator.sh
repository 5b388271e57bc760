# accord_policy=allocator (the default): Accord's allocator chooses the GPU
# type and, within a --accord-gpus range, the count of every pending job,
# rewrites the request to it and tells both in SystemComment; a count that
# would be predicted slower than the request is never chosen.
# Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1, accord_gpu_speed=a100:3/v100:2/t4:1.
# A lone job grows to the largest power of two a node holds within its
# range (core/allocator.h, rule 3).

test_count_range_gets_the_count_the_allocator_chose() {
    local j; j=$(submit --gres=gpu:2 --accord-gpus=1-4 -t 60 --wrap 'sleep 20')
    check "--gres=gpu:2 --accord-gpus=1-4 runs" wait_state "$j" RUNNING
    check "TresPerNode names the chosen type and count" equals "$(job_field "$j" TresPerNode)" gres:gpu:a100:4
    check "it got four a100 GPUs" equals "$(job_gres "$j")" gpu:a100:4
    check "SystemComment keeps the original and names the allocator's choice" contains "$(job_comment "$j")" \
        "requested gpu:2/node -> chose gpu:a100:4/node (Accord's allocator for the whole queue)"
    check "SystemComment gives the speed-up over the request" contains "$(job_comment "$j")" \
        "predicted speed-up 6.0x over t4"
    check "SystemComment gives the run-time bound" contains "$(job_comment "$j")" \
        "predicted run time <= 0:10:00 (time limit 1:00:00 / 6.0)"
    check "SystemComment shows the range" contains "$(job_comment "$j")" "hints: gpus 1-4"
    check "the time limit is left as submitted" equals "$(job_field "$j" TimeLimit)" 01:00:00
}

test_per_job_count_rewritten_in_its_form() {
    local j; j=$(submit --gpus=2 --accord-gpus=2-4 -t 60 --wrap 'sleep 20')
    check "--gpus=2 --accord-gpus=2-4 runs" wait_state "$j" RUNNING
    check "TresPerJob names the chosen type and count" equals "$(job_field "$j" TresPerJob)" gres:gpu:a100:4
    check "no per-node request appears" equals "$(job_field "$j" TresPerNode)" ""
    check "SystemComment keeps the per-job original" contains "$(job_comment "$j")" \
        "requested gpu:2/job -> chose gpu:a100:4/job"
}

test_accepted_types_bound_the_allocator() {
    local j; j=$(submit --gres=gpu:1 --accord-gpus=1-8 --accord-gpu-types=t4 -t 60 --wrap 'sleep 20')
    check "hinted job runs" wait_state "$j" RUNNING
    check "on t4, the one type it accepts, at most a node's 4" equals "$(job_field "$j" TresPerNode)" \
        gres:gpu:t4:4
}

# A named type is its own baseline: fewer t4 GPUs than asked would be
# slower, so the count stays though one would fit sooner.
test_no_slower_count_than_requested() {
    local a j
    a=$(submit --gres=gpu:t4:3 -w t4-1 -t 60 --wrap 'sleep 30')
    wait_state "$a" RUNNING
    j=$(submit --gres=gpu:t4:2 --accord-gpus=1-2 -w t4-1 -t 60 --wrap 'sleep 20')
    settle
    check "the job waits rather than start on one GPU" equals "$(job_field "$j" JobState)" PENDING
    check "its request is as submitted" equals "$(job_field "$j" TresPerNode)" gres:gpu:t4:2
    scancel "$a"
    check "it starts on the two it asked for" wait_state "$j" RUNNING
    check "with its request unchanged" equals "$(job_field "$j" TresPerNode)" gres:gpu:t4:2
}

# Priority holds: a blocked job's reservation is not delayed by a job
# behind it, whatever count the allocator could give that one.
test_range_does_not_delay_the_blocked_job() {
    local a big small
    a=$(submit --gres=gpu:a100:4 -w a100-1 -t 1 --wrap 'sleep 40')
    wait_state "$a" RUNNING
    big=$(submit --gres=gpu:a100:8 -w a100-1 -t 10 --wrap 'sleep 20')
    small=$(submit --gres=gpu:a100:1 --accord-gpus=1-4 -w a100-1 -t 10 --wrap 'sleep 20')
    settle
    check "the blocked job holds a reservation" contains "$(job_comment "$big")" "reserved a100-1"
    check "the job behind it does not take the free GPUs" equals "$(job_field "$small" JobState)" PENDING
}

# A job pinned to a busy node (-w, as a partition of that node alone would
# pin it) is not given another node's GPUs in the allocator's choice: the
# typeless job behind it gets the free a100 node, not the v100s (on the
# allocator that pooled a type's GPUs over all nodes it got a v100 node
# while a100-2 stayed idle).
test_job_pinned_to_a_busy_node_leaves_the_free_one_to_others() {
    local a pinned j
    a=$(submit --gres=gpu:a100:8 -w a100-1 -t 5 --wrap 'sleep 60')
    wait_state "$a" RUNNING
    pinned=$(submit --gres=gpu:a100:8 -w a100-1 -t 10 --wrap 'sleep 20')
    j=$(submit --gres=gpu:4 -t 10 --wrap 'sleep 20')
    check "the typeless job runs" wait_state "$j" RUNNING
    check "on the free a100 node" equals "$(job_field "$j" NodeList)" a100-2
    check "its request names the a100" equals "$(job_field "$j" TresPerNode)" gres:gpu:a100:4
    check "the pinned job waits for its node" equals "$(job_field "$pinned" JobState)" PENDING
    check "with a reservation there" contains "$(job_comment "$pinned")" "reserved a100-1"
}

# A job pinned to a100-1 that may grow to 8 GPUs is searched with the jobs
# behind it on that node's GPUs: released together, it takes a100-1 whole
# and the two behind it share a100-2 (on the allocator that left pinned
# jobs out of the search it kept 4, and the second job took the 8 of
# a100-2).
test_pinned_job_grows_on_its_node_before_the_jobs_behind_it() {
    local pinned b c
    pinned=$(submit --hold --gres=gpu:1 --accord-gpus=1-8 -w a100-1 -t 10 --wrap 'sleep 20')
    b=$(submit --hold --gres=gpu:a100:1 --accord-gpus=1-8 -t 10 --wrap 'sleep 20')
    c=$(submit --hold --gres=gpu:a100:1 --accord-gpus=1-8 -t 10 --wrap 'sleep 20')
    scontrol release "$pinned,$b,$c"
    check "the pinned job runs" wait_state "$pinned" RUNNING
    check "on all eight GPUs of its node" equals "$(job_field "$pinned" TresPerNode)" gres:gpu:a100:8
    check "the second runs" wait_state "$b" RUNNING
    check "on four a100 GPUs of the other node" equals \
        "$(job_field "$b" NodeList) $(job_field "$b" TresPerNode)" "a100-2 gres:gpu:a100:4"
    check "the third runs beside it" wait_state "$c" RUNNING
    check "on the other four" equals "$(job_field "$c" NodeList) $(job_field "$c" TresPerNode)" \
        "a100-2 gres:gpu:a100:4"
}
