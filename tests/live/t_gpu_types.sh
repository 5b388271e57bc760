# Requests naming several GPU types, on a cluster with a node holding two
# (run-live-tests.sh: a100-1 with 4 a100, v100-1 with 4 v100, mix-1 with 2
# of each). Only mix-1 can give such a request; Slurm refuses every other
# node, so a plan for one type alone would keep the job waiting.

# GPUs the job holds, as scontrol -d tells them (e.g. "gpu:a100:1(IDX:0),gpu:v100:2(IDX:2-3)").
held_gpus() { scontrol -d show job "$1" | sed -n 's/.* GRES=\(.*\)/\1/p' | head -n 1; }

test_two_types_per_node_start_where_both_are() {
    local j
    j=$(submit --gres=gpu:a100:1,gpu:v100:2 -t 5 --wrap 'sleep 30')
    check "a per-node request of two types runs" wait_state "$j" RUNNING
    check "on the node holding both" equals "$(job_field "$j" NodeList)" mix-1
    check "it holds both types" matches "$(held_gpus "$j")" 'gpu:a100:1.*gpu:v100:2'
    check "the decision names both" contains "$(job_comment "$j")" "started on mix-1 gpu:a100:1,gpu:v100:2/node"
}

test_two_types_over_the_job_start_where_both_are() {
    local j
    j=$(submit --gpus=a100:1,v100:1 -t 5 --wrap 'sleep 30')
    check "a per-job request of two types runs" wait_state "$j" RUNNING
    check "on the node holding both" equals "$(job_field "$j" NodeList)" mix-1
    check "no refusal was met" lacks "$(job_comment "$j")" "refused"
}

test_two_types_wait_for_the_node_holding_both() {
    local holder j
    holder=$(submit --gres=gpu:v100:2 -w mix-1 -t 5 --wrap 'sleep 300')
    wait_state "$holder" RUNNING
    j=$(submit --gres=gpu:a100:1,gpu:v100:1 -t 5 --wrap 'sleep 30')
    settle
    check "it waits while mix-1's v100s are taken" equals "$(job_field "$j" JobState)" PENDING
    check "its reservation is on mix-1" contains "$(job_comment "$j")" "reserved mix-1"
    scancel "$holder"
    check "it starts when they are free" wait_state "$j" RUNNING
    check "on mix-1" equals "$(job_field "$j" NodeList)" mix-1
}

test_count_range_hint_is_ignored_for_two_types() {
    local j
    j=$(submit --gres=gpu:a100:1,gpu:v100:1 --accord-gpus=1-4 -t 5 --wrap 'sleep 30')
    check "the job runs as submitted" wait_state "$j" RUNNING
    check "on mix-1" equals "$(job_field "$j" NodeList)" mix-1
    check "the ignored hint is named" contains "$(job_comment "$j")" \
        "ignored ACCORD_GPUS: the job's request names several GPU types"
}

# A typeless request on a100-1 and v100-1: Slurm alone would give it one GPU
# of each node's type; Accord gives a job one type, and no type is on both.
test_typeless_job_on_nodes_of_two_types_is_told_why_it_waits() {
    local j
    j=$(submit --gres=gpu:1 -w a100-1,v100-1 -t 5 --wrap 'sleep 30')
    settle
    check "it waits" equals "$(job_field "$j" JobState)" PENDING
    check "and is told no one GPU type holds it" contains "$(job_comment "$j")" \
        "request exceeds what its allowed nodes have of any one GPU type even when idle; Accord gives a job GPUs of one type"
    scancel "$j"
}
