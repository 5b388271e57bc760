# accord_model: a cluster started with accord_model naming a file that does
# not exist yet (see run-live-tests.sh). Run in file order: a missing, then
# a corrupt file each log one line and jobs still start with the speed
# table; then a model trained here by accord-train (a few steps: only that
# it loads and is used is tested) is loaded at reconfigure and named in
# SystemComment; one retrained on the cluster's own sample file is loaded
# too; garbage written over it then is refused at the next reconfigure,
# keeping the loaded model.

MODEL_FILE=$CLUSTER_DIR-model/m.pt

# Succeeds when slurmctld's log holds N lines saying the model failed to load.
model_errors_are() {  # model_errors_are N
    [ "$(grep -c "sched/accord: accord_model=$MODEL_FILE: .*ranking GPU types by accord_gpu_speed" \
        "$CLUSTER_DIR/log/slurmctld.log")" -eq "$1" ]
}

# A typeless one-GPU job of a family the model knows; prints its id.
family_job() { submit --gres=gpu:1 --accord-model=ResNet-50 --wrap 'sleep 30'; }

reconfigure_with() {  # reconfigure_with FILE-CONTENT JSON-CONTENT
    printf '%s' "$1" >"$MODEL_FILE"
    printf '%s' "$2" >"$MODEL_FILE.json"
    scontrol reconfigure
}

test_missing_model_logs_one_line_and_jobs_start() {
    local j
    check "one error line names the file and the fallback" wait_until 10 model_errors_are 1
    j=$(family_job)
    check "the job starts on the table" wait_state "$j" RUNNING 30
    check "its decision names the table" contains "$(job_comment "$j")" "accord_gpu_speed"
    check "and no model" lacks "$(job_comment "$j")" "learned model"
    settle 3
    check "later cycles log nothing more" model_errors_are 1
}

test_corrupt_model_logs_one_line_and_jobs_start() {
    local j
    reconfigure_with "not a model" "{ not json"
    check "the reconfigure logs one more line" wait_until 20 model_errors_are 2
    j=$(family_job)
    check "the job starts on the table" wait_state "$j" RUNNING 30
    check "and no model" lacks "$(job_comment "$j")" "learned model"
}

test_valid_model_is_loaded_and_named() {
    local j
    if [ -z "$LIVE_BIN" ] || [ ! -x "$LIVE_BIN/accord-train" ]; then
        check "ACCORD_LIVE_BIN_DIR or ACCORD_BUILD_DIR names a build with accord-train" false
        return
    fi
    check "accord-train writes a model in seconds" "$LIVE_BIN/accord-train" \
        --gavel "$here/../../../shared/data/gavel/simulation_throughputs.json" \
        --sia "$here/../../../shared/data/sia/profiles" \
        --out "$MODEL_FILE" --steps 5 --members 1 --hidden 8 >"$CLUSTER_DIR-model/train.log" 2>&1
    scontrol reconfigure
    check "reconfigure loads the changed file" wait_until 30 grep -q "sched/accord: loaded accord_model=$MODEL_FILE" \
        "$CLUSTER_DIR/log/slurmctld.log"
    j=$(family_job)
    check "the job starts" wait_state "$j" RUNNING 30
    check "its decision names the model" contains "$(job_comment "$j")" "learned model m.pt's predicted throughput"
    check "the stats file names the predictor" wait_until 10 grep -q '"kind": "learned_model"' \
        "$CLUSTER_DIR/state/accord-stats.json"
    j=$(submit --gres=gpu:1 --wrap 'sleep 30')
    check "a job naming no family starts" wait_state "$j" RUNNING 30
    check "its speeds are the table's" contains "$(job_comment "$j")" \
        "(admin speed table accord_gpu_speed, not the job's own model)"
    check "not the model's" lacks "$(job_comment "$j")" "learned model"
}

loads_are() { [ "$(grep -c "sched/accord: loaded accord_model=$MODEL_FILE" "$CLUSTER_DIR/log/slurmctld.log")" -ge "$1" ]; }

# Jobs of a family no training data has report their speeds on two GPU
# types (report_for, t_reports.sh); accord-train --samples reads the
# plugin's own sample file, and the model it writes knows the family and
# is loaded at the next reconfigure.
test_model_retrained_on_the_clusters_samples() {
    local a t
    if [ -z "$LIVE_BIN" ] || [ ! -x "$LIVE_BIN/accord-train" ]; then
        check "ACCORD_LIVE_BIN_DIR or ACCORD_BUILD_DIR names a build with accord-train" false
        return
    fi
    a=$(submit --gres=gpu:a100:1 --accord-model=mynet --wrap 'sleep 60')
    t=$(submit --gres=gpu:t4:1 --accord-model=mynet --wrap 'sleep 60')
    wait_state "$a" RUNNING && wait_state "$t" RUNNING
    report_for "$a" --steps-per-second 30
    report_for "$t" --steps-per-second 10
    check "both reports are stored" wait_until 20 has_family_samples mynet 2
    check "accord-train trains on the cluster's sample file" "$LIVE_BIN/accord-train" \
        --gavel "$here/../../../shared/data/gavel/simulation_throughputs.json" \
        --sia "$here/../../../shared/data/sia/profiles" --samples "$CLUSTER_DIR/state/accord-samples.log" \
        --out "$MODEL_FILE" --steps 5 --members 1 --hidden 8 >"$CLUSTER_DIR-model/train-samples.log" 2>&1
    check "the model knows the family" grep -q '"mynet"' "$MODEL_FILE.json"
    check "its metadata names the sample file" grep -q "accord-samples.log" "$MODEL_FILE.json"
    scontrol reconfigure
    check "reconfigure loads it" wait_until 30 loads_are 2
}

# The loaded model's file overwritten by garbage while slurmctld runs: the
# next reconfigure logs one line naming the file and keeps the model in
# memory, and jobs are still ranked by it.
test_garbage_over_loaded_model_keeps_it() {
    local j
    head -c 65536 /dev/urandom >"$MODEL_FILE"
    scontrol reconfigure
    check "the reconfigure logs one line naming the file, keeping the loaded model" wait_until 20 \
        grep -q "error: sched/accord: accord_model=$MODEL_FILE: .*; keeping $MODEL_FILE\$" \
        "$CLUSTER_DIR/log/slurmctld.log"
    j=$(family_job)
    check "the job starts" wait_state "$j" RUNNING 30
    check "its decision still names the model" contains "$(job_comment "$j")" "learned model m.pt's predicted throughput"
}
