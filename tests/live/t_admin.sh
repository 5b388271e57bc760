# The admin side on a cluster with accounting (see run-live-tests.sh):
# accord-ctl's figures against squeue and sinfo, its errors for a missing,
# corrupt or stale stats file, and sacct output converted by
# accord-sacct2trace and replayed by accord-sim.

ADMIN_BIN=${ACCORD_LIVE_BIN_DIR:+$ACCORD_LIVE_BIN_DIR/}
ACCORD_CTL=${ADMIN_BIN}accord-ctl
SACCT2TRACE=${ADMIN_BIN}accord-sacct2trace
ACCORD_SIM_BIN=${ADMIN_BIN}accord-sim
GAVEL_TABLE=${ACCORD_SHARED_DATA:-$here/../../../shared/data}/gavel/simulation_throughputs.json
SACCT_FORMAT=JobID,State,Submit,Start,ElapsedRaw,NNodes,AllocTRES,JobName,Comment,SystemComment

# "TYPE TOTAL FREE" per GPU type of partition $1, summed from sinfo's
# per-node Gres and GresUsed ("gpu:a100:8(S:0)", "gpu:a100:2(IDX:0-1)").
sinfo_gpus() {
    sinfo -h -N -p "$1" -O "Gres:60,GresUsed:80" | awk '
        $1 ~ /^gpu:/ {
            split($1, g, ":"); sub(/\(.*/, "", g[3]); total[g[2]] += g[3]
            split($2, u, ":"); sub(/\(.*/, "", u[3]); used[g[2]] += u[3]
        }
        END { for (t in total) print t, total[t], total[t] - used[t] }' | sort
}

# The same from accord-ctl's JSON: the last cycle's (no partition) or a partition's.
ctl_gpus() {  # ctl_gpus JSON [PARTITION]
    local path=${2:+.partitions[\"$2\"]}
    jq -r "${path:-.gpus} | to_entries[] | \"\(.key) \(.value.total) \(.value.free)\"" <<<"$1" | sort
}

test_ctl_figures_match_squeue_and_sinfo() {
    local a b c json queue stats p
    a=$(submit --gres=gpu:a100:2 --wrap 'sleep 300')
    b=$(submit --gres=gpu:v100:1 --wrap 'sleep 300')
    c=$(submit -N 2 -p a100 --gres=gpu:a100:8 --accord-model=resnet50 --wrap 'sleep 5')
    wait_state "$a" RUNNING && wait_state "$b" RUNNING
    settle 3
    json=$("$ACCORD_CTL" --json status)
    check "status exits 0 on a fresh stats file" [ $? -eq 0 ]
    check "GPUs at the last cycle match sinfo" equals "$(ctl_gpus "$json")" "$(sinfo_gpus all)"
    for p in all a100 v100 t4; do
        check "partition $p's GPUs match sinfo" equals "$(ctl_gpus "$json" "$p")" "$(sinfo_gpus "$p")"
    done
    check "a100 free is 16 - 2" equals "$(jq '.gpus.a100.free' <<<"$json")" 14
    check "pending records match squeue" equals "$(jq '.queue.pending' <<<"$json")" "$(squeue -h -t PD | wc -l)"
    queue=$("$ACCORD_CTL" --json queue)
    check "the waiting job is listed" equals "$(jq ".jobs[0].job_id" <<<"$queue")" "$c"
    check "its model hint is shown" equals "$(jq -r ".jobs[0].family" <<<"$queue")" resnet50
    check "its throughput on a100 is 16 GPUs x speed 3" equals "$(jq ".jobs[0].throughput.a100 == 48" <<<"$queue")" true
    check "text queue lists it" contains "$("$ACCORD_CTL" queue)" "resnet50"
    stats=$("$ACCORD_CTL" --json stats)
    check "cycles are counted" matches "$(jq '.cycles' <<<"$stats")" '^[1-9][0-9]*$'
    check "both starts are counted" matches "$(jq '.started_total' <<<"$stats")" '^([2-9]|[1-9][0-9]+)$'
    check "the predictor is the admin's table" contains "$("$ACCORD_CTL" status)" "admin speed table (accord_gpu_speed): a100=3 t4=1 v100=2"
}

test_ctl_names_a_bad_stats_file() {
    local file=$CLUSTER_DIR/state/accord-stats.json copy out rc
    copy=$(mktemp)
    out=$("$ACCORD_CTL" --stats-file /nonexistent/accord-stats.json stats 2>&1); rc=$?
    check "missing file: exit 1" equals "$rc" 1
    check "missing file is named with the reason" contains "$out" "/nonexistent/accord-stats.json: cannot read: No such file"
    head -c 100 "$file" >"$copy"
    out=$("$ACCORD_CTL" --stats-file "$copy" stats 2>&1); rc=$?
    check "corrupt file: exit 1" equals "$rc" 1
    check "corrupt file is named with its line" contains "$out" "$copy: not valid JSON: line"
    jq '.written_at -= 3600' "$file" >"$copy"
    out=$("$ACCORD_CTL" --stats-file "$copy" stats 2>&1); rc=$?
    check "stale file: exit 1" equals "$rc" 1
    check "stale file says how old" matches "$out" "stale: written 36[0-9][0-9] s ago"
    check "stale file's figures still shown" contains "$out" "Cycles since slurmctld started"
    rm -f "$copy"
}

# sacct learns of a job's start and end from slurmdbd, a moment after slurmctld.
sacct_shows() {  # sacct_shows JOBIDS (comma-separated) STATES (one per job, in order)
    [ "$(sacct -X -n -P -j "$1" -o State | cut -d' ' -f1 | tr '\n' ' ')" = "$2 " ]
}

test_sacct_history_replays_in_accord_sim() {
    local j1 j2 j3 j4 j5 ids acct trace summary out rc
    j1=$(submit -J resnet50 --gres=gpu:a100:1 --wrap 'sleep 2')
    j2=$(submit -J train --comment=accord-model=resnet50 -N 2 -p v100 --gres=gpu:v100:2 --wrap 'sleep 3')
    j3=$(submit -J mystery --gres=gpu:t4:1 --wrap 'sleep 2')
    j4=$(submit -J resnet50 -p cpu -n 1 --wrap 'sleep 1')
    j5=$(submit -J resnet50 --gres=gpu:t4:1 --wrap 'sleep 300')
    wait_state "$j5" RUNNING
    for j in "$j1" "$j2" "$j3" "$j4"; do wait_state "$j" COMPLETED 60; done
    ids=$j1,$j2,$j3,$j4,$j5
    check "sacct records the four ended jobs and the running one" \
        wait_until 30 sacct_shows "$ids" "COMPLETED COMPLETED COMPLETED COMPLETED RUNNING"
    acct=$(mktemp); trace=$(mktemp); summary=$(mktemp)
    sacct -X -a -j "$ids" --parsable2 --format="$SACCT_FORMAT" >"$acct"
    sed 's/^/# sacct: /' "$acct"
    "$SACCT2TRACE" --throughputs "$GAVEL_TABLE" --family 'resnet50=ResNet-50 (batch size 64)' "$acct" \
        >"$trace" 2>"$summary"
    check "the converter succeeds" equals "$?" 0
    check "two jobs kept" contains "$(cat "$summary")" "kept 2 of 5 record(s)"
    check "the CPU job is skipped as such" contains "$(cat "$summary")" "skipped 1: no GPUs"
    check "the running job is skipped as such" contains "$(cat "$summary")" "skipped 1: not finished (RUNNING)"
    check "the job of unknown family is skipped as such" contains "$(cat "$summary")" "skipped 1: unknown model family"
    check "the job name gave the family" matches "$(sed -n 1p "$trace")" "^ResNet-50 \(batch size 64\)	slurm-job-$j1	-n	0	[0-9]+	0	1$"
    check "the comment gave the family, AllocTRES the 4 GPUs" \
        matches "$(sed -n 2p "$trace")" "^ResNet-50 \(batch size 64\)	slurm-job-$j2	-n	0	[0-9]+	[0-9]+	4$"
    out=$("$ACCORD_SIM_BIN" --throughputs "$GAVEL_TABLE" --trace "$trace" --cluster v100:2x8,p100:2x8,k80:2x8 \
        --policy slurm,accord-easy --quiet 2>&1); rc=$?
    check "accord-sim replays the converted trace" equals "$rc" 0
    check "under both policies" contains "$out" "accord-easy"
    rm -f "$acct" "$trace" "$summary"
}
