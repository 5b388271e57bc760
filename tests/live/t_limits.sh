# QOS and association limits under sched/accord, on a cluster with real
# accounting: slurmdbd and MariaDB, AccountingStorageEnforce=
# associations,limits,qos, AccountingStorageTRES=gres/gpu and per type (see
# run-live-tests.sh). Each test makes its own QOS or account in a database
# that is new for every run. Accord must leave a job that a limit holds back
# waiting with Slurm's reason, and neither start it nor keep nodes for it.

count_state() {  # count_state STATE JOBID... -> how many of them are in STATE
    local j n=0
    for j in "${@:2}"; do
        [ "$(job_field "$j" JobState)" = "$1" ] && n=$((n + 1))
    done
    echo "$n"
}

# Reasons of the jobs that are PENDING, space-separated, in argument order.
pending_reasons() {
    local j out=()
    for j in "$@"; do
        [ "$(job_field "$j" JobState)" = PENDING ] && out+=("$(job_field "$j" Reason)")
    done
    echo "${out[*]}"
}

test_qos_max_jobs_per_user() {
    local -a jobs=()
    local free
    check "QOS with MaxJobsPerUser=2 created" acct add qos accord_max2 MaxJobsPerUser=2
    check "root may use the QOS" acct modify user root set qos+=accord_max2
    check "slurmctld has the QOS" wait_until 20 ctld_shows 'QOS=accord_max2(' flags=qos qos=accord_max2
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_max2 -n 1 -p cpu
    for _ in 1 2 3 4; do
        jobs+=("$(submit --qos=accord_max2 -n 1 -p cpu --wrap 'sleep 30')")
    done
    wait_until 20 bash -c "[ \$(squeue -h -t R -q accord_max2 | wc -l) -ge 2 ]"
    settle
    check "exactly 2 of 4 QOS jobs run" equals "$(count_state RUNNING "${jobs[@]}")" 2
    check "the first two run (priority order)" equals \
        "$(job_field "${jobs[0]}" JobState) $(job_field "${jobs[1]}" JobState)" "RUNNING RUNNING"
    check "the other 2 wait for the QOS limit" equals \
        "$(pending_reasons "${jobs[@]}")" "QOSMaxJobsPerUserLimit QOSMaxJobsPerUserLimit"
    check "slurmctld counts 2 jobs against the limit" ctld_shows 'MaxJobsPU=2(2)' flags=qos qos=accord_max2
    free=$(submit -n 1 -p cpu --wrap 'sleep 30')
    check "a job outside the QOS is not held back by them" wait_state "$free" RUNNING
    scancel "${jobs[0]}"
    check "a waiting QOS job starts when a running one ends" wait_state "${jobs[2]}" RUNNING
    settle
    check "still 2 QOS jobs run" equals "$(count_state RUNNING "${jobs[@]}")" 2
    check "the last one still waits for the limit" equals \
        "$(job_field "${jobs[3]}" Reason)" QOSMaxJobsPerUserLimit
    # Those over the limit once this cycle's starts count wait, as
    # sched/backfill lets them: no start refused.
    check "no start refused by Slurm" equals "$(refused_starts)" 0
}

# A job a limit holds back may not keep nodes from jobs behind it: it gets
# no reservation, and a lower-priority job takes the node it would want.
test_limit_blocked_job_holds_no_nodes() {
    local running blocked behind
    check "QOS with MaxJobsPerUser=1 created" acct add qos accord_max1 MaxJobsPerUser=1
    check "root may use the QOS" acct modify user root set qos+=accord_max1
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_max1 -n 1 -p cpu
    running=$(submit --qos=accord_max1 -n 1 -p v100 --wrap 'sleep 30')
    wait_state "$running" RUNNING
    # The whole of cpu-1, which is free: only the limit stops it.
    blocked=$(submit --qos=accord_max1 -n 16 -p cpu -t 10 --wrap 'sleep 30')
    behind=$(submit -n 1 -p cpu -t 30 --wrap 'sleep 30')
    check "a lower-priority job takes the node the blocked job wants" wait_state "$behind" RUNNING
    check "the blocked job waits for the QOS limit" equals "$(job_field "$blocked" Reason)" QOSMaxJobsPerUserLimit
    check "the blocked job has no reservation" lacks "$(job_comment "$blocked")" reserved
    check "the blocked job has no planned start" equals "$(job_field "$blocked" StartTime)" Unknown
}

# GrpTRES=gres/gpu=4 on an account: GPUs beyond it wait with AssocGrpGRES,
# other accounts are not held back, and the waiting job starts once GPUs of
# the account are released.
test_assoc_gpu_limit() {
    local -a jobs=()
    local other refused_before
    refused_before=$(refused_starts)
    check "account with GrpTRES=gres/gpu=4 created" acct add account accord_gpu4 GrpTRES=gres/gpu=4
    check "root is in the account" acct add user root account=accord_gpu4
    check "slurmctld has the account limit" wait_until 20 \
        ctld_shows 'gres/gpu=4(' flags=assoc accounts=accord_gpu4
    check "slurmctld accepts jobs of the account" wait_until 20 accepted -A accord_gpu4 -n 1
    for _ in 1 2 3; do
        jobs+=("$(submit -A accord_gpu4 --gres=gpu:t4:2 -p t4 --wrap 'sleep 8')")
    done
    wait_until 20 bash -c "[ \$(squeue -h -t R -A accord_gpu4 | wc -l) -ge 2 ]"
    settle 2
    check "2 jobs of 2 GPUs run" equals "$(count_state RUNNING "${jobs[@]}")" 2
    check "the third waits for the account's GPU limit" equals "$(job_field "${jobs[2]}" Reason)" AssocGrpGRES
    check "slurmctld counts 4 GPUs against the limit" ctld_shows 'gres/gpu=4(4)' flags=assoc accounts=accord_gpu4
    other=$(submit --gres=gpu:t4:2 -p t4 --wrap 'sleep 8')
    check "a job of another account gets the free t4 GPUs" wait_state "$other" RUNNING
    check "the third starts once the first two end" wait_state "${jobs[2]}" RUNNING 30
    check "it uses 2 of the account's 4 GPUs" ctld_shows 'gres/gpu=4(2)' flags=assoc accounts=accord_gpu4
    check "no start refused by Slurm" equals "$(refused_starts)" "$refused_before"
}

# A job the account's GPU limit holds back once its GPUs are counted
# (AssocGrpGRES, which Slurm checks only when it starts a job) may not keep
# the GPUs it would get from a job of another account behind it.
test_gpu_limit_blocked_job_holds_no_gpus() {
    local blocker first held other
    check "account with GrpTRES=gres/gpu=2 created" acct add account accord_gpu2 GrpTRES=gres/gpu=2
    check "root is in the account" acct add user root account=accord_gpu2
    check "slurmctld has the account limit" wait_until 20 \
        ctld_shows 'gres/gpu=2(' flags=assoc accounts=accord_gpu2
    check "slurmctld accepts jobs of the account" wait_until 20 accepted -A accord_gpu2 -n 1
    blocker=$(submit --gres=gpu:t4:2 -w t4-1 --wrap 'sleep 120')
    first=$(submit -A accord_gpu2 --gres=gpu:t4:2 -w t4-2 --wrap 'sleep 120')
    check "a job of another account runs on t4-1" wait_state "$blocker" RUNNING
    check "the account's first job runs" wait_state "$first" RUNNING
    held=$(submit -A accord_gpu2 --gres=gpu:t4:2 -w t4-1 --wrap 'sleep 120')
    other=$(submit --gres=gpu:t4:2 -w t4-1 --wrap 'sleep 120')
    check "the job of another account behind it gets t4-1's free GPUs" wait_state "$other" RUNNING 20
    check "the held job waits for the account's GPU limit" equals "$(job_field "$held" Reason)" AssocGrpGRES
}

# A QOS GPU limit counts GPUs of every type against the untyped gres/gpu.
test_qos_gpu_limit_counts_every_type() {
    local a v t
    check "QOS with GrpTRES=gres/gpu=6 created" acct add qos accord_gpu6 GrpTRES=gres/gpu=6
    check "root may use the QOS" acct modify user root set qos+=accord_gpu6
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_gpu6 -n 1
    check "slurmctld has the QOS limit" wait_until 20 ctld_shows 'gres/gpu=6(' flags=qos qos=accord_gpu6
    a=$(submit --qos=accord_gpu6 --gres=gpu:a100:4 --wrap 'sleep 30')
    v=$(submit --qos=accord_gpu6 --gres=gpu:v100:2 --wrap 'sleep 30')
    t=$(submit --qos=accord_gpu6 --gres=gpu:t4:1 --wrap 'sleep 30')
    check "4 a100 GPUs in the QOS run" wait_state "$a" RUNNING
    check "2 v100 GPUs in the QOS run" wait_state "$v" RUNNING
    settle
    check "a 7th GPU of another type waits" equals "$(job_field "$t" JobState)" PENDING
    check "it waits for the QOS's GPU limit" equals "$(job_field "$t" Reason)" QOSGrpGRES
    check "slurmctld counts 6 GPUs against the limit" ctld_shows 'gres/gpu=6(6)' flags=qos qos=accord_gpu6
    scancel "$v"
    check "it starts once GPUs of the QOS are released" wait_state "$t" RUNNING
}
