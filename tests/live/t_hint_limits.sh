# Hint count ranges under QOS and association GPU limits, on the cluster
# with accounting (uses acct, ctld_shows and accepted from t_limits.sh): a
# range is cut to the tightest limit, which the decision names.

test_count_range_cut_by_qos_limit() {
    local j
    check "QOS with MaxTRESPerJob=gres/gpu=4 created" acct add qos accord_gpu4 MaxTRESPerJob=gres/gpu=4
    check "root may use the QOS" acct modify user root set qos+=accord_gpu4
    check "slurmctld accepts jobs in the QOS" wait_until 20 accepted --qos=accord_gpu4 --gres=gpu:1
    j=$(submit --qos=accord_gpu4 --gres=gpu:2 --accord-gpus=2-16 --wrap 'sleep 20')
    check "job runs" wait_state "$j" RUNNING
    check "its range is cut to the QOS limit, named" contains "$(job_comment "$j")" "gpus 2-4; ACCORD_GPUS 2-16 cut to 2-4 by QOS accord_gpu4 MaxTRESPerJob"
}

test_count_range_cut_by_account_group_limit() {
    local j
    check "account with GrpTRES=gres/gpu=3 created" acct add account accord_gpu3 GrpTRES=gres/gpu=3
    check "root is in the account" acct add user root account=accord_gpu3
    check "slurmctld accepts jobs in the account" wait_until 20 accepted -A accord_gpu3 --gres=gpu:1
    j=$(submit -A accord_gpu3 --gres=gpu:1 --accord-gpus=1-8 --wrap 'sleep 20')
    check "job runs" wait_state "$j" RUNNING
    check "its range is cut to the account's limit, named" contains "$(job_comment "$j")" "gpus 1-3; ACCORD_GPUS 1-8 cut to 1-3 by account accord_gpu3 GrpTRES"
}
