# A rewrite Slurm refuses, on the cluster with accounting (see
# run-live-tests.sh; AccountingStorageTRES counts gres/gpu and each type).
# A QOS limit on a100 GPUs per job refuses gpu:a100:2 but not the typeless
# gpu:2 the user asked for: the job must get its request back exactly and
# run as submitted, with one error line. A job that a limit holds back as
# submitted stays pending as submitted, and starts once the limit goes.

# Error lines sched/accord logged about JOBID.
rewrite_errors() {  # rewrite_errors JOBID
    grep -c "error: sched/accord: JobId=$1: " "$CLUSTER_DIR/log/slurmctld.log"
}

sacct_req_tres() {  # sacct_req_tres JOBID
    sacct -n -X -P -j "$1" -o ReqTRES 2>/dev/null | head -n 1
}

# Accounting hears of a job through slurmdbd, after slurmctld: succeeds
# once it has recorded the start of JOBID (its last word on the request).
sacct_has_start() {  # sacct_has_start JOBID
    [ "$(sacct -n -X -P -j "$1" -o State 2>/dev/null | head -n 1)" = RUNNING ]
}

test_refused_rewrite_runs_as_submitted() {
    local j per_job
    check "QOS with MaxTRESPerJob=gres/gpu:a100=1 created" acct add qos accord_one_a100 MaxTRESPerJob=gres/gpu:a100=1
    check "root may use the QOS" acct modify user root set qos+=accord_one_a100
    check "slurmctld has the QOS limit" wait_until 20 \
        ctld_shows 'gres/gpu:a100=1' flags=qos qos=accord_one_a100
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_one_a100 -n 1
    j=$(submit --qos=accord_one_a100 --gres=gpu:2 -t 10 --wrap 'sleep 30')
    check "the job runs" wait_state "$j" RUNNING
    check "its request is as submitted" equals "$(job_field "$j" TresPerNode)" gres:gpu:2
    check "it got the two GPUs it asked for" matches "$(scontrol show job -d "$j" | sed -n 's/^ *JOB_GRES=//p')" \
        '^gpu:[a-z0-9]+:2$'
    check "SystemComment says it ran as submitted" contains "$(job_comment "$j")" "as submitted (gpu:2/node)"
    check "SystemComment names the refused rewrite" contains "$(job_comment "$j")" \
        "Slurm refused gpu:a100:2/node: Job violates accounting/QOS policy"
    check "accounting records the start" wait_until 20 sacct_has_start "$j"
    check "accounting counts its two GPUs" contains "$(sacct_req_tres "$j")" "gres/gpu=2"
    check "accounting has the request as submitted" lacks "$(sacct_req_tres "$j")" "gres/gpu:a100"
    per_job=$(submit --qos=accord_one_a100 --gpus=2 -t 10 --wrap 'sleep 30')
    check "a --gpus=2 job in the QOS runs too" wait_state "$per_job" RUNNING
    check "its per-job request is as submitted" equals "$(job_field "$per_job" TresPerJob)" gres:gpu:2
    settle
    check "one error line names the job" equals "$(rewrite_errors "$j")" 1
}

test_job_a_limit_holds_stays_pending_as_submitted() {
    local j
    check "QOS with MaxTRESPerJob=gres/gpu=1 created" acct add qos accord_one_gpu MaxTRESPerJob=gres/gpu=1
    check "root may use the QOS" acct modify user root set qos+=accord_one_gpu
    check "slurmctld has the QOS limit" wait_until 20 ctld_shows 'gres/gpu=1' flags=qos qos=accord_one_gpu
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_one_gpu -n 1
    j=$(submit --qos=accord_one_gpu --gres=gpu:2 -t 10 --wrap 'sleep 30')
    settle
    check "the job waits" equals "$(job_field "$j" JobState)" PENDING
    check "for the QOS limit" equals "$(job_field "$j" Reason)" QOSMaxGRESPerJob
    check "its request is as submitted" equals "$(job_field "$j" TresPerNode)" gres:gpu:2
    check "its TRES are as submitted" lacks "$(job_field "$j" TRES)" "gres/gpu:"
    check "no error line for a job Slurm holds back as submitted" equals "$(rewrite_errors "$j")" 0
    acct modify qos accord_one_gpu set MaxTRESPerJob=gres/gpu=-1
    check "it starts once the limit is gone" wait_state "$j" RUNNING 30
    check "rewritten to the fastest type then" equals "$(job_field "$j" TresPerNode)" gres:gpu:a100:2
    check "accounting records the start" wait_until 20 sacct_has_start "$j"
    check "accounting has the rewritten request" contains "$(sacct_req_tres "$j")" "gres/gpu:a100=2"
}
