# A typeless GPU request is rewritten to the type Accord chose, in the form
# the user gave it, and SystemComment keeps the original with the predicted
# speed-up and run time. Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1,
# accord_gpu_speed=a100:3/v100:2/t4:1, so a100 is 3x the slowest type, t4.

# A squeue -O field of one job, without its padding.
squeue_field() {  # squeue_field JOBID FIELD
    squeue -h -j "$1" -O "$2" 2>/dev/null | tr -d ' '
}

# The GPUs a running job was given, as scontrol show job -d lists them.
job_gres() {
    scontrol show job -d "$1" 2>/dev/null | sed -n 's/^ *JOB_GRES=//p' | head -n 1
}

test_gres_per_node_rewritten_to_chosen_type() {
    local j; j=$(submit --gres=gpu:1 -t 60 --wrap 'sleep 20')
    check "--gres=gpu:1 runs" wait_state "$j" RUNNING
    check "TresPerNode names the chosen type" equals "$(job_field "$j" TresPerNode)" gres:gpu:a100:1
    check "squeue shows the same request" equals "$(squeue_field "$j" tres-per-node)" gres:gpu:a100:1
    check "it got one a100 GPU" equals "$(job_gres "$j")" gpu:a100:1
    check "SystemComment keeps the original and the choice" contains "$(job_comment "$j")" \
        "requested gpu:1/node -> chose gpu:a100:1/node (Accord's allocator for the whole queue)"
    check "SystemComment gives the speed-up and its source" contains "$(job_comment "$j")" \
        "predicted speed-up 3.0x over t4, the slowest type it could get (admin speed table accord_gpu_speed"
    check "SystemComment gives the run-time bound" contains "$(job_comment "$j")" \
        "predicted run time <= 0:20:00 (time limit 1:00:00 / 3.0)"
    check "the time limit is left as submitted" equals "$(job_field "$j" TimeLimit)" 01:00:00
}

test_gpus_per_job_rewritten_as_per_job() {
    local j; j=$(submit --gpus=2 -t 60 --wrap 'sleep 20')
    check "--gpus=2 runs" wait_state "$j" RUNNING
    check "TresPerJob names the chosen type" equals "$(job_field "$j" TresPerJob)" gres:gpu:a100:2
    check "no per-node request appears" equals "$(job_field "$j" TresPerNode)" ""
    check "squeue shows the same request" equals "$(squeue_field "$j" tres-per-job)" gres:gpu:a100:2
    check "SystemComment keeps the per-job original" contains "$(job_comment "$j")" \
        "requested gpu:2/job -> chose gpu:a100:2/job"
}

test_gpus_per_task_rewritten_as_per_task() {
    local j; j=$(submit -n 2 --gpus-per-task=1 -t 60 --wrap 'sleep 20')
    check "--gpus-per-task=1 runs" wait_state "$j" RUNNING
    check "TresPerTask names the chosen type" equals "$(job_field "$j" TresPerTask)" gres:gpu:a100:1
    check "it got two a100 GPUs" equals "$(job_gres "$j")" gpu:a100:2
}

# Slurm refuses a per-socket count without the sockets it is counted on:
# the rewrite passes the job's --sockets-per-node along.
test_gpus_per_socket_rewritten_as_per_socket() {
    local j; j=$(submit --sockets-per-node=1 --gpus-per-socket=2 -t 60 --wrap 'sleep 20')
    check "--gpus-per-socket=2 runs" wait_state "$j" RUNNING
    check "TresPerSocket names the chosen type" equals "$(job_field "$j" TresPerSocket)" gres:gpu:a100:2
    check "SystemComment keeps the per-socket original" contains "$(job_comment "$j")" \
        "requested gpu:2/socket -> chose gpu:a100:2/socket"
}

test_typed_request_left_alone() {
    local j; j=$(submit --gres=gpu:v100:1 -t 60 --wrap 'sleep 20')
    check "gpu:v100:1 runs" wait_state "$j" RUNNING
    check "TresPerNode is as submitted" equals "$(job_field "$j" TresPerNode)" gres:gpu:v100:1
    check "SystemComment tells of no rewrite" lacks "$(job_comment "$j")" "requested"
}

test_rewritten_srun_sees_its_gpus() {
    local out
    out=$(timeout 60 srun -t 1 --gpus=2 bash -c 'echo "$CUDA_VISIBLE_DEVICES $SLURM_JOB_NODELIST"' 2>/dev/null)
    check "srun --gpus=2 sees two GPU devices on an a100 node" matches "$out" '^[0-9],[0-9] a100-[12]$'
}

# A requeued job (here by an admin) is planned again from its request as
# submitted, not from the type chosen for the run it lost: with every a100
# GPU taken meanwhile it starts on v100s, where the gpu:a100:4 of its last
# run would wait for an a100.
test_requeued_job_planned_again_as_submitted() {
    local j node other b1 b2 b3 log=$CLUSTER_DIR/log/slurmctld.log
    j=$(submit --requeue --gres=gpu:4 -t 10 --wrap 'sleep 300')
    check "gpu:4 runs" wait_state "$j" RUNNING
    check "rewritten to a100" equals "$(job_field "$j" TresPerNode)" gres:gpu:a100:4
    node=$(job_field "$j" NodeList)
    other=a100-1
    [ "$node" = a100-1 ] && other=a100-2
    b1=$(submit -w "$other" --gres=gpu:a100:8 -t 10 --wrap 'sleep 300')
    b2=$(submit -w "$node" --gres=gpu:a100:4 -t 10 --wrap 'sleep 300')
    check "the other a100 node is taken" wait_state "$b1" RUNNING
    check "and the rest of its own" wait_state "$b2" RUNNING
    scontrol requeue "$j"
    b3=$(submit -w "$node" --gres=gpu:a100:4 -t 10 --wrap 'sleep 300')
    check "its a100 GPUs are taken once it is done with them" wait_state "$b3" RUNNING 60
    # Slurm holds a requeued job for its credential window (121 s); an
    # admin may lift that.
    scontrol update jobid="$j" starttime=now
    check "it gets its request as submitted back" wait_until 30 grep -qF \
        "JobId=$j pending again: GPU request back to gpu:4/node as submitted (its last run had gpu:a100:4/node)" "$log"
    check "it runs again" wait_state "$j" RUNNING 30
    check "on a v100 node" matches "$(job_field "$j" NodeList)" '^v100-[12]$'
    check "SystemComment starts from the request as submitted" contains "$(job_comment "$j")" \
        "requested gpu:4/node -> chose gpu:v100:4/node"
}

test_array_pending_tasks_keep_original_request() {
    local arr
    arr=$(submit --array=1-4 --gres=gpu:8 -t 5 --wrap 'sleep 30')
    wait_until 20 bash -c "[ \$(squeue -h -j $arr -t R | wc -l) -ge 2 ]"
    check "two tasks run, rewritten" equals "$(squeue -h -j "$arr" -t R -O tres-per-node | sort -u | tr -d ' ')" \
        gres:gpu:a100:8
    check "the pending tasks keep the request as submitted" equals \
        "$(squeue -h -j "$arr" -t PD -O tres-per-node | tr -d ' ')" gres:gpu:8
}
