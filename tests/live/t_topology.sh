# GPU closeness by node topology (accord_topology): a cluster started with
# accord_topology naming a directory that gives v100-1 and v100-2 the
# hand-written tests/data/topology/two-switches.xml (4 GPUs, switches
# {0,1} and {2,3}), t4-2 a corrupt file, a100-1 a 5-GPU topology (it has
# 8) and no file for the others (see run-live-tests.sh). Run in file order: the last test removes the v100
# files.
# Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1.

TOPOLOGY_DIR=$CLUSTER_DIR-topology

# Writes the directory before the cluster starts (run-live-tests.sh).
topology_files() {
    rm -rf "$TOPOLOGY_DIR"
    mkdir -p "$TOPOLOGY_DIR"
    cp "$here/../data/topology/two-switches.xml" "$TOPOLOGY_DIR/v100-1.xml"
    cp "$here/../data/topology/two-switches.xml" "$TOPOLOGY_DIR/v100-2.xml"
    echo 'not an hwloc topology' >"$TOPOLOGY_DIR/t4-2.xml"
    cp "$here/../data/topology/two-sockets.xml" "$TOPOLOGY_DIR/a100-1.xml"
}

topology_log_has() { grep -q -F -- "$1" "$CLUSTER_DIR/log/slurmctld.log"; }

# GRES indices a running job holds on its node (scontrol -d), e.g. "1-2".
gpu_indices() { scontrol -d show job "$1" | sed -n 's/.*GRES=gpu[^ ]*(IDX:\([^)]*\)).*/\1/p' | head -n 1; }

# Leaves v100-1 with GPUs 0 and 3 free (one on each switch: far apart)
# and v100-2 with 2 and 3 free (one switch: close), one job of one CPU on
# each; without topology the two nodes fit a 2-GPU job equally and
# v100-1 comes first. BLOCKERS: the job ids to cancel.
BLOCKERS=""
far_and_close_gpus() {
    local one two three
    one=$(submit --gres=gpu:v100:1 -w v100-1 --wrap 'sleep 120')
    wait_state "$one" RUNNING
    two=$(submit --gres=gpu:v100:2 -w v100-1 --wrap 'sleep 120')
    three=$(submit --gres=gpu:v100:2 -w v100-2 --wrap 'sleep 120')
    wait_state "$two" RUNNING; wait_state "$three" RUNNING
    check "v100-1's blocking job holds GPUs 1 and 2" equals "$(gpu_indices "$two")" 1-2
    check "v100-2's blocking job holds GPUs 0 and 1" equals "$(gpu_indices "$three")" 0-1
    scancel "$one"
    wait_until 30 bash -c "[ -z \"\$(squeue -h -j $one -o %i 2>/dev/null)\" ]"
    settle 2
    BLOCKERS="$two $three"
}

test_unusable_files_are_one_line_each() {
    check "the missing file is named with the reason" topology_log_has \
        "accord_topology: $TOPOLOGY_DIR/t4-1.xml: cannot open: No such file or directory; node t4-1 is placed without GPU topology"
    check "the corrupt file is named with the reason" topology_log_has \
        "accord_topology: $TOPOLOGY_DIR/t4-2.xml: hwloc cannot read it as an XML topology"
    check "three files are read" topology_log_has \
        "accord_topology=$TOPOLOGY_DIR: read the GPU topology of 3 of 6 GPU node(s)"
    check "the one of another GPU count is named and not used" wait_until 10 topology_log_has \
        "accord_topology: $TOPOLOGY_DIR/a100-1.xml has 5 GPU(s), Slurm has 8; node a100-1 is placed without GPU topology"
    local j; j=$(submit --gres=gpu:t4:2 --wrap 'sleep 5')
    check "scheduling goes on" wait_state "$j" RUNNING 30
}

test_two_gpus_go_where_they_are_close() {
    local j
    far_and_close_gpus
    j=$(submit --gres=gpu:v100:2 --wrap 'sleep 30')
    check "the 2-GPU job runs" wait_state "$j" RUNNING 30
    check "on v100-2, where its GPUs share a switch" equals "$(job_field "$j" NodeList)" v100-2
    check "it holds GPUs 2 and 3" equals "$(gpu_indices "$j")" 2-3
    check "its decision says how close they are" contains "$(job_comment "$j")" \
        "GPU topology: v100-2 GPUs 2,3: same PCIe switch"
    check "the start log line says it too" topology_log_has \
        "sched/accord: started JobId=$j in all on v100-2; GPU topology: v100-2 GPUs 2,3: same PCIe switch"
    # shellcheck disable=SC2086  # two job ids
    scancel $BLOCKERS
}

test_reconfigure_rereads_the_files() {
    rm -f "$TOPOLOGY_DIR/v100-1.xml" "$TOPOLOGY_DIR/v100-2.xml"
    scontrol reconfigure
    check "reconfigure reads the directory again" wait_until 20 topology_log_has \
        "accord_topology: $TOPOLOGY_DIR/v100-2.xml: cannot open: No such file or directory"
    local j
    far_and_close_gpus
    j=$(submit --gres=gpu:v100:2 --wrap 'sleep 30')
    check "without topology the 2-GPU job runs" wait_state "$j" RUNNING 30
    check "on v100-1, first of two equal fits" equals "$(job_field "$j" NodeList)" v100-1
    check "its decision says nothing of topology" lacks "$(job_comment "$j")" "GPU topology"
    # shellcheck disable=SC2086  # two job ids
    scancel $BLOCKERS
}
