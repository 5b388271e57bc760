# srun and salloc allocations go through Accord too (SchedulerParameters has defer).

test_srun_gets_allocation() {
    local out; out=$(timeout 60 srun -t 1 --gres=gpu:t4:1 hostname 2>&1; echo "rc=$?")
    check "srun runs and exits 0" contains "$out" "rc=0"
}

test_salloc_gets_allocation() {
    local out; out=$(timeout 60 salloc -t 1 -N 1 --gres=gpu:v100:1 srun printenv SLURM_JOB_NODELIST 2>&1)
    check "salloc allocation on a v100 node" matches "$out" 'v100-[12]'
}
