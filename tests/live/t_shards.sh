# Sharing GPUs (gres/shard) by predicted slowdown: a cluster whose v100
# nodes have 2 shards on each of their 4 GPUs (accord-cluster --shards
# v100:2) and accord_model naming a model accord-train wrote before it
# started (see run-live-tests.sh). A Recommendation job shares a GPU on
# v100-1, a ResNet-18 job on v100-2; for fit alone the nodes are equal and
# v100-1 comes first. In Gavel's measurements ResNet-50 and Recommendation
# slow each other far more than ResNet-50 and ResNet-18 do (on a v100:
# 0.43 and 0.18 of their speeds alone against 0.76 and 0.63), so with the
# model a ResNet-50 shard job goes to v100-2; without its family, and with
# the model unset, to v100-1. Two ResNet-50 jobs started in one cycle do
# not share a GPU while one is idle; a shard job and a whole-GPU job
# started in one cycle do not meet on one GPU; a shard job does not delay
# a whole-GPU job's reservation. Run in file order: the last test unsets
# the model.

SHARDS_MODEL=$CLUSTER_DIR-shards/m.pt

# Trains the model before the cluster starts (run-live-tests.sh); the
# tests check it loaded.
shards_model() {
    rm -rf "$CLUSTER_DIR-shards"
    mkdir -p "$CLUSTER_DIR-shards"
    [ -n "$LIVE_BIN" ] && [ -x "$LIVE_BIN/accord-train" ] || return 0
    "$LIVE_BIN/accord-train" \
        --gavel "$here/../../../shared/data/gavel/simulation_throughputs.json" \
        --sia "$here/../../../shared/data/sia/profiles" \
        --out "$SHARDS_MODEL" --steps 5 --members 1 --hidden 8 >"$CLUSTER_DIR-shards/train.log" 2>&1
}

# accord-ctl shards's line for a job on a node.
ctl_shard_line() { "$LIVE_CTL" shards 2>/dev/null | grep -E "^ *$1 +$2 "; }
ctl_lists() { ctl_shard_line "$@" >/dev/null; }

shards_log_has() { grep -q -F -- "$1" "$CLUSTER_DIR/log/slurmctld.log"; }


# GPU index a running shard job holds (scontrol -d), e.g. "0".
shard_gpu() { scontrol -d show job "$1" | sed -n 's/.*GRES=shard:[0-9]*(IDX:\([^)]*\)).*/\1/p' | head -n 1; }

shard_job() {  # shard_job [SBATCH-ARGS...] -> job id of a 1-shard job
    submit --gres=shard:1 "$@" --wrap 'sleep 120'
}

# A Recommendation job on v100-1's GPU 0, a ResNet-18 job on v100-2's.
NEIGHBOURS=""
neighbours() {
    local rec r18
    rec=$(shard_job --accord-model=Recommendation -w v100-1)
    wait_state "$rec" RUNNING
    r18=$(shard_job --accord-model=ResNet-18 -w v100-2)
    wait_state "$r18" RUNNING
    check "the Recommendation job shares v100-1's GPU 0" equals "$(shard_gpu "$rec")" 0
    check "the ResNet-18 job shares v100-2's GPU 0" equals "$(shard_gpu "$r18")" 0
    NEIGHBOURS="$rec $r18"
}

test_model_is_loaded() {
    check "accord-train wrote a model (ACCORD_LIVE_BIN_DIR names a build with accord-train)" \
        test -s "$SHARDS_MODEL"
    check "slurmctld loaded it" wait_until 30 shards_log_has "sched/accord: loaded accord_model=$SHARDS_MODEL"
}

test_shard_job_without_family_goes_by_fit() {
    local j
    neighbours
    j=$(shard_job)
    check "the job without a family runs" wait_state "$j" RUNNING 30
    check "on v100-1, first of two equal fits" equals "$(job_field "$j" NodeList)" v100-1
    check "next to the Recommendation job" equals "$(shard_gpu "$j")" 0
    check "its decision says there was no prediction" contains "$(job_comment "$j")" \
        "shares v100-1 GPU 0 with JobId=${NEIGHBOURS%% *}, no slowdown prediction (nodes by fit"
}

test_shard_job_goes_where_it_slows_least() {
    local j
    neighbours
    j=$(shard_job --accord-model=ResNet-50)
    check "the ResNet-50 job runs" wait_state "$j" RUNNING 30
    check "on v100-2, next to ResNet-18" equals "$(job_field "$j" NodeList)" v100-2
    check "on the GPU Accord counted on" equals "$(shard_gpu "$j")" 0
    check "its decision gives the prediction and the choice" matches "$(job_comment "$j")" \
        "shares v100-2 GPU 0 with JobId=${NEIGHBOURS##* }: predicted speed [01]\.[0-9]+ of its own alone, -?[0-9.]+ lost by the others \(the least predicted loss of 2 node\(s\); learned model m\.pt\)"
    check "the start log line says it too" shards_log_has \
        "sched/accord: started JobId=$j in all on v100-2; shares v100-2 GPU 0 with JobId=${NEIGHBOURS##* }: predicted speed"
}

# Two ResNet-50 jobs released at once start in one cycle: the first on
# v100-1's GPU 0 (no one anywhere, node order); the second must see it
# there and go to v100-2's idle GPU 0 by the prediction made for the pair,
# not next to it by fit.
test_two_started_in_one_cycle_do_not_share() {
    local a b
    a=$(shard_job --hold --accord-model=ResNet-50)
    b=$(shard_job --hold --accord-model=ResNet-50)
    scontrol release "$a,$b"
    check "the first runs" wait_state "$a" RUNNING 30
    check "the second runs" wait_state "$b" RUNNING 30
    check "in the same cycle" equals "$(job_field "$b" StartTime)" "$(job_field "$a" StartTime)"
    check "the first on v100-1" equals "$(job_field "$a" NodeList)" v100-1
    check "the second on v100-2, not next to the first" equals "$(job_field "$b" NodeList)" v100-2
    check "its decision says it has the GPU to itself" contains "$(job_comment "$b")" \
        "shard of v100-2 GPU 0, no other job on it"
    check "accord-ctl shards lists it" wait_until 10 ctl_lists "$b" v100-2
    check "on GPU 0, alone, chosen by the least loss" matches "$(ctl_shard_line "$b" v100-2)" \
        "^ *$b +v100-2 +0 +- +1\.00 +0\.00 +least loss"
}

# A shard job S on v100-1's GPU 0 until its end: a job for v100-1's four
# GPUs whole is reserved from S's end (cons_tres gives a GPU with shards
# allocated whole only once they free), not kept waiting for good.
test_whole_gpus_reserved_from_shard_jobs_end() {
    local s w
    s=$(shard_job -w v100-1 -t 5)
    check "the shard job runs" wait_state "$s" RUNNING 30
    check "on v100-1's GPU 0" equals "$(shard_gpu "$s")" 0
    w=$(submit --gres=gpu:v100:4 -w v100-1 --wrap 'sleep 120')
    settle
    check "the whole-GPU job waits" equals "$(job_field "$w" JobState)" PENDING
    check "reserved on v100-1 from the shard job's end" contains "$(job_comment "$w")" \
        "reserved v100-1 from $(job_field "$s" EndTime)"
    check "its StartTime is that end" equals "$(job_field "$w" StartTime)" "$(job_field "$s" EndTime)"
}

# Held jobs FIRST and SECOND (ids) released at once: FIRST, ahead in the
# queue, runs; SECOND, for the same GPUs of v100-1, is reserved from
# FIRST's end in that cycle, not planned to start beside it (cons_tres
# gives a GPU as gres/gpu or as shards, never both, and would refuse it;
# the next cycle would then reserve it).
one_cycle_first_runs_second_reserved() {  # FIRST SECOND FIRST-NAME SECOND-NAME
    local refused
    settle
    refused=$(refused_starts)
    scontrol release "$1,$2"
    check "the $3 runs" wait_state "$1" RUNNING 30
    settle
    check "no start was refused by Slurm" equals "$(refused_starts)" "$refused"
    check "the $4 waits" equals "$(job_field "$2" JobState)" PENDING
    check "reserved on v100-1 from the $3's end" contains "$(job_comment "$2")" \
        "reserved v100-1 from $(job_field "$1" EndTime)"
}

# A shard job on v100-1's idle GPU 0 keeps it from a whole-GPU job.
test_shard_start_takes_its_gpu_from_the_cycles_whole_gpu_job() {
    local s w
    s=$(shard_job --hold -w v100-1 -t 5)
    w=$(submit --hold --gres=gpu:v100:4 -w v100-1 --wrap 'sleep 120')
    one_cycle_first_runs_second_reserved "$s" "$w" "shard job" "whole-GPU job"
}

# A job for v100-1's four GPUs whole keeps their shards from a shard job.
test_whole_gpu_start_takes_its_shards_from_the_cycles_shard_job() {
    local w s
    w=$(submit --hold --gres=gpu:v100:4 -w v100-1 -t 5 --wrap 'sleep 120')
    s=$(shard_job --hold -w v100-1)
    one_cycle_first_runs_second_reserved "$w" "$s" "whole-GPU job" "shard job"
}

# A job on v100-1's GPU whole until it ends, and a job for all four of
# v100-1's GPUs reserved from that end: a shard job that would run past it
# waits (cons_tres would give its idle GPU to no whole-GPU job while it
# runs, and the reservation would slip), one that ends before it starts.
test_shard_job_keeps_off_a_whole_gpu_reservation() {
    local r w long short
    r=$(submit --gres=gpu:v100:1 -w v100-1 -t 5 --wrap 'sleep 600')
    check "the 1-GPU job runs" wait_state "$r" RUNNING 30
    w=$(submit --gres=gpu:v100:4 -w v100-1 --wrap 'sleep 120')
    settle
    check "the 4-GPU job is reserved from its end" contains "$(job_comment "$w")" \
        "reserved v100-1 from $(job_field "$r" EndTime)"
    long=$(shard_job -w v100-1 -t 10)
    short=$(shard_job -w v100-1 -t 1)
    check "the shard job ending first runs" wait_state "$short" RUNNING 30
    settle
    check "the one running past the reservation waits" equals "$(job_field "$long" JobState)" PENDING
    check "behind it" equals "$(job_field "$long" Reason)" Priority
    check "the reservation holds" equals "$(job_field "$w" StartTime)" "$(job_field "$r" EndTime)"
}

test_without_model_fit_decides() {
    local j
    sed -i "s|,accord_model=$SHARDS_MODEL||" "$SLURM_CONF"
    scontrol reconfigure
    check "the model is unset" wait_until 30 shards_log_has "sched/accord: accord_model unset"
    neighbours
    j=$(shard_job --accord-model=ResNet-50)
    check "the ResNet-50 job runs" wait_state "$j" RUNNING 30
    check "on v100-1, first of two equal fits" equals "$(job_field "$j" NodeList)" v100-1
    check "its decision says there was no prediction" contains "$(job_comment "$j")" "no slowdown prediction"
}
