# Accord's hint options (spank_accord.so, loaded through plugstack.conf by
# run-live-tests.sh): shown in --help, bad values refused at submission with
# what is accepted, good ones honoured by sched/accord and shown in its
# decision, values set without the plugin checked again and named.
# Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1, accord_gpu_speed=a100:3/v100:2/t4:1.

# Runs a command that should fail; prints its stderr and "rc=N".
refusal() { "$@" 2>&1 >/dev/null; echo "rc=$?"; }

# Submits a job whose SPANK environment holds the given entries as they are
# (tests/live/submit_raw_hints.c, built on first use). Prints its id.
submit_raw() {  # submit_raw TRES_PER_NODE NAME=VALUE...
    [ -x ./submit_raw_hints ] || cc -o submit_raw_hints "$here/submit_raw_hints.c" -lslurm || return 1
    ./submit_raw_hints "$@"
}

test_help_shows_the_hint_options() {
    local cmd out
    for cmd in sbatch srun salloc; do
        out=$($cmd --help 2>&1)
        check "$cmd --help shows --accord-model" contains "$out" "--accord-model=FAMILY"
        check "$cmd --help shows --accord-gpu-types" contains "$out" "--accord-gpu-types=T1,T2"
        check "$cmd --help shows --accord-gpus" contains "$out" "--accord-gpus=MIN-MAX"
    done
}

test_bad_values_are_refused_with_what_is_accepted() {
    local out script
    out=$(refusal sbatch --gres=gpu:1 --accord-gpus=0 --wrap true)
    check "sbatch names the option and what is wrong" contains "$out" "sbatch: error: accord: --accord-gpus: '0' asks for fewer than 1 GPU"
    check "sbatch says what is accepted" contains "$out" "accepted: N or MIN-MAX with 1 <= MIN <= MAX <= 1024"
    check "sbatch exits non-zero" matches "$out" 'rc=[1-9]'
    out=$(refusal sbatch --accord-model='res net' --wrap true)
    check "bad model refused" contains "$out" "--accord-model: 'res net' has the character ' '; accepted: 1-64 characters"
    out=$(refusal sbatch --accord-gpu-types=a100,,v100 --wrap true)
    check "bad type list refused" contains "$out" "--accord-gpu-types: 'a100,,v100' has a type name that is empty"
    script=$(mktemp -p .)
    printf '#!/bin/sh\n#SBATCH --accord-gpus=2000\ntrue\n' >"$script"
    out=$(refusal sbatch "$script")
    check "bad value in an #SBATCH line refused" contains "$out" "'2000' asks for more than 1024 GPUs"
    out=$(refusal timeout 30 srun --accord-gpus=5-2 true)
    check "srun refuses a bad value" contains "$out" "srun: error: accord: --accord-gpus: '5-2' has MIN above MAX"
    check "srun exits non-zero" matches "$out" 'rc=[1-9]'
    out=$(refusal timeout 30 salloc --accord-model= true)
    check "salloc refuses a bad value" contains "$out" "salloc: error: accord: --accord-model: '' is empty"
    check "salloc exits non-zero" matches "$out" 'rc=[1-9]'
    check "no refused submission left a job" queue_empty
}

test_accepted_types_steer_a_typeless_request() {
    local j; j=$(submit --gres=gpu:2 --accord-model=resnet50 --accord-gpu-types=v100 --wrap 'sleep 20')
    check "hinted job runs" wait_state "$j" RUNNING
    check "on the accepted type though a100 is free" matches "$(job_field "$j" NodeList)" '^v100-[12]$'
    check "the decision shows the choice" contains "$(job_comment "$j")" "chose gpu:v100:2/node"
    check "and the hints" contains "$(job_comment "$j")" "; hints: model resnet50, gpu types v100"
}

test_hints_in_batch_script_lines() {
    local script j
    script=$(mktemp -p .)
    printf '#!/bin/sh\n#SBATCH --gres=gpu:1\n#SBATCH --accord-gpu-types=t4\nsleep 20\n' >"$script"
    j=$(submit "$script")
    check "script job runs" wait_state "$j" RUNNING
    check "on the type its #SBATCH line accepts" matches "$(job_field "$j" NodeList)" '^t4-[12]$'
}

test_srun_and_salloc_pass_hints() {
    local out
    out=$(timeout 60 srun -t 1 --gres=gpu:1 --accord-gpu-types=t4 --accord-model=bert \
        bash -c 'scontrol show job $SLURM_JOB_ID' 2>/dev/null)
    check "srun job on the accepted type" matches "$out" 'NodeList=t4-[12]'
    check "srun job's decision shows the hints" contains "$out" "hints: model bert, gpu types t4"
    out=$(timeout 60 salloc -t 1 --gres=gpu:1 --accord-gpu-types=v100 srun printenv SLURM_JOB_NODELIST 2>/dev/null)
    check "salloc allocation on the accepted type" matches "$out" '^v100-[12]$'
}

test_named_type_wins_over_the_hint() {
    local j; j=$(submit --gres=gpu:a100:1 --accord-gpu-types=v100 --wrap 'sleep 20')
    check "job naming a100 runs" wait_state "$j" RUNNING
    check "on a100, as its request says" matches "$(job_field "$j" NodeList)" '^a100-[12]$'
    check "the ignored hint is named" contains "$(job_comment "$j")" "ignored ACCORD_GPU_TYPES: the job's request names gpu:a100, which wins"
}

test_type_the_cluster_lacks_waits_and_is_named() {
    local j; j=$(submit --gres=gpu:1 --accord-gpu-types=h100 --wrap 'sleep 20')
    settle
    check "job accepting only h100 stays queued" equals "$(job_field "$j" JobState)" PENDING
    check "its comment names the missing type" contains "$(job_comment "$j")" "no allowed node has GPU type h100"
    check "and says it cannot fit" contains "$(job_comment "$j")" "even when idle"
}

test_count_range_is_recorded_and_bounded() {
    local j; j=$(submit -p v100 --gres=gpu:2 --accord-gpus=1-64 --wrap 'sleep 20')
    check "job with a count range runs" wait_state "$j" RUNNING
    check "at a count the allocator chose in the range, a whole node" contains "$(job_comment "$j")" \
        "requested gpu:2/node -> chose gpu:v100:4/node"
    check "range cut to what the partition holds, and said so" contains "$(job_comment "$j")" "gpus 1-8; ACCORD_GPUS 1-64 cut to 1-8 by its allowed nodes"
}

test_values_set_without_the_plugin_are_checked_again() {
    local bad good long
    long=$(head -c 5000 /dev/zero | tr '\0' a)
    bad=$(submit_raw gres:gpu:1 ACCORD_GPUS=banana ACCORD_MODEL=bert ACCORD_MODEL=x "ACCORD_GPU_TYPES=$long")
    check "job with forged hints is accepted" matches "$bad" '^[0-9]+$'
    check "and runs" wait_state "$bad" RUNNING
    check "the bad count is named" contains "$(job_comment "$bad")" "ignored ACCORD_GPUS: 'banana' is not N or MIN-MAX"
    check "the doubled model is named" contains "$(job_comment "$bad")" "ignored ACCORD_MODEL: given twice"
    check "the oversized types are named, cut" contains "$(job_comment "$bad")" "ignored ACCORD_GPU_TYPES: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' is too long"
    good=$(submit_raw gres:gpu:1 ACCORD_GPU_TYPES=t4)
    check "a valid value set without the plugin is used" wait_state "$good" RUNNING
    check "on its accepted type" matches "$(job_field "$good" NodeList)" '^t4-[12]$'
    check "slurmctld is still up" bash -c "scontrol ping | grep -q 'is UP'"
}
