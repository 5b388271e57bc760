# Sharing GPUs as gres/mps: a cluster whose v100 nodes have 100 mps on
# each of their 4 GPUs (accord-cluster --mps v100:100), no model, so fit
# decides. Slurm gives mps with one_sharing, its default for gres/mps:
# while a GPU of a node has mps jobs, new ones go only to such a GPU, and
# all of a job's mps come from one GPU. A GPU held whole (gres/gpu) gives
# its mps back when that job ends.

# GPU index a running mps job holds (scontrol -d), e.g. "0".
mps_gpu() { scontrol -d show job "$1" | sed -n 's/.*GRES=mps:[0-9]*(IDX:\([^)]*\)).*/\1/p' | head -n 1; }

mps_job() {  # mps_job COUNT [SBATCH-ARGS...] -> job id
    local count=$1
    shift
    submit --gres=mps:"$count" "$@" --wrap 'sleep 120'
}

# A job with 60 mps on v100-1's GPU 0 leaves 40 there; v100-1's other GPUs
# are closed to mps while it runs. 50 go to v100-2 (by fit alone v100-1,
# with 340 free against 400, would come first), then 40 to v100-1's GPU 0,
# next to the first job (300 left there against v100-2's 310).
test_mps_job_goes_to_an_open_gpu() {
    local a b c
    a=$(mps_job 60 -w v100-1)
    check "the 60-mps job runs" wait_state "$a" RUNNING 30
    check "on v100-1's GPU 0" equals "$(mps_gpu "$a")" 0
    b=$(mps_job 50)
    check "the 50-mps job runs" wait_state "$b" RUNNING 30
    check "on v100-2, v100-1's open GPU lacking room" equals "$(job_field "$b" NodeList)" v100-2
    check "its decision names the GPU" contains "$(job_comment "$b")" "shard of v100-2 GPU 0, no other job on it"
    c=$(mps_job 40)
    check "the 40-mps job runs" wait_state "$c" RUNNING 30
    check "on v100-1, the fitter node" equals "$(job_field "$c" NodeList)" v100-1
    check "on the GPU Accord counted on" equals "$(mps_gpu "$c")" 0
    check "its decision says it shares it" contains "$(job_comment "$c")" \
        "shares v100-1 GPU 0 with JobId=$a, no slowdown prediction (nodes by fit"
}

test_more_mps_than_one_gpu_never_fit() {
    local j
    j=$(mps_job 150)
    settle
    check "the 150-mps job waits" equals "$(job_field "$j" JobState)" PENDING
    check "its decision says it never fits" contains "$(job_comment "$j")" \
        "request exceeds what its allowed nodes have even when idle"
}

# v100-1's four GPUs held whole until W ends: an mps job for v100-1 is
# reserved from W's end, when its GPUs' mps are free again.
test_mps_reserved_from_whole_gpu_holders_end() {
    local w j
    w=$(submit --gres=gpu:v100:4 -w v100-1 -t 5 --wrap 'sleep 120')
    check "the whole-GPU job runs" wait_state "$w" RUNNING 30
    j=$(mps_job 50 -w v100-1)
    settle
    check "the mps job waits" equals "$(job_field "$j" JobState)" PENDING
    check "reserved on v100-1 from the whole-GPU job's end" contains "$(job_comment "$j")" \
        "reserved v100-1 from $(job_field "$w" EndTime)"
}

# An mps job M on v100-1's GPU 0 until its end: a job for v100-1's four
# GPUs whole is reserved from M's end (cons_tres gives a GPU with mps
# allocated whole only once they free), not kept waiting for good.
test_whole_gpus_reserved_from_mps_jobs_end() {
    local m w
    m=$(mps_job 50 -w v100-1 -t 5)
    check "the mps job runs" wait_state "$m" RUNNING 30
    check "on v100-1's GPU 0" equals "$(mps_gpu "$m")" 0
    w=$(submit --gres=gpu:v100:4 -w v100-1 --wrap 'sleep 120')
    settle
    check "the whole-GPU job waits" equals "$(job_field "$w" JobState)" PENDING
    check "reserved on v100-1 from the mps job's end" contains "$(job_comment "$w")" \
        "reserved v100-1 from $(job_field "$m" EndTime)"
    check "its StartTime is that end" equals "$(job_field "$w" StartTime)" "$(job_field "$m" EndTime)"
}

# W holds v100-1's GPU 0 whole until +5 min, A 60 mps of its GPU 1 until
# +10 min. A 50-mps job fits no GPU in use (GPU 1 has 40 left), and GPU
# 0's mps, free from W's end, stay closed while A runs: it is reserved
# from A's end, not W's.
test_mps_reserved_from_when_the_node_reopens() {
    local w a j
    w=$(submit --gres=gpu:v100:1 -w v100-1 -t 5 --wrap 'sleep 600')
    check "the whole-GPU job runs" wait_state "$w" RUNNING 30
    a=$(mps_job 60 -w v100-1 -t 10)
    check "the 60-mps job runs" wait_state "$a" RUNNING 30
    check "on v100-1's GPU 1" equals "$(mps_gpu "$a")" 1
    j=$(mps_job 50 -w v100-1)
    settle
    check "the 50-mps job waits" equals "$(job_field "$j" JobState)" PENDING
    check "reserved on v100-1 from the 60-mps job's end" contains "$(job_comment "$j")" \
        "reserved v100-1 from $(job_field "$a" EndTime)"
}
