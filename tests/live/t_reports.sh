# Progress reports (accord-report, docs/man/accord-report.1): a running job
# reports its throughput through Slurm's job-update RPC; sched/accord stores
# it in StateSaveLocation/accord-samples.log and shows it in SystemComment.
# Another user's report is refused by slurmctld, a malformed one is refused
# with a clear error and leaves the job alone, a model family's measured
# speeds steer where its next jobs go, jobs measured side by side on a node
# keep the next ones apart, and the store (and so what was
# learned) survives a restart of slurmctld, and so does what a rewrite of a
# job's GPU request kept (its request as submitted is given back when it is
# requeued after the restart). Cluster: a100:2x8,v100:2x4,t4:2x4,cpu:1 (no
# accounting; auth/none takes the caller's uid as it is, as munge would
# vouch for it). The last test restarts slurmctld: run this file last.
# ACCORD_LIVE_REPORT names the accord-report to test (run-live-tests.sh).

samples_file() { echo "$CLUSTER_DIR/state/accord-samples.log"; }

# The stored sample lines of job $1 (tab-separated, see core/throughput_sample.h).
samples_of() { awk -F'\t' -v j="$1" '$3 == j' "$(samples_file)" 2>/dev/null; }

sample_count() { samples_of "$1" | wc -l; }

has_samples() {  # has_samples JOBID COUNT
    [ "$(sample_count "$1")" -ge "$2" ]
}

has_family_samples() {  # has_family_samples FAMILY COUNT
    [ "$(awk -F'\t' -v f="$1" '$5 == f' "$(samples_file)" 2>/dev/null | wc -l)" -ge "$2" ]
}

# Field N (1-based) of job $1's last stored sample.
sample_field() { samples_of "$1" | tail -n 1 | cut -f "$2"; }

# scontrol ends the line with a blank.
job_user_comment() {
    scontrol show job "$1" 2>/dev/null | sed -n 's/^ *Comment=\(.*[^ ]\) *$/\1/p' | head -n 1
}

# accord-report for job $1 with the remaining arguments, as the caller.
report_for() {  # report_for JOBID ARGS...
    SLURM_JOB_ID=$1 "$ACCORD_REPORT" "${@:2}"
}

# Runs "$@" as nobody (auth/none then sends uid 65534), from a directory
# nobody may enter.
as_nobody() {
    (cd /tmp && setpriv --reuid=nobody --regid=nogroup --clear-groups env SLURM_CONF="$SLURM_CONF" "$@")
}

# The Python snippet of docs/user-guide.md, as a module in the scratch dir.
write_python_module() {
    awk '/<!-- accord_report.py -->/ {on = 1; next} on && /^```python/ {code = 1; next}
         code && /^```/ {exit} code' "$here/../../docs/user-guide.md" >accord_report.py
    [ -s accord_report.py ]
}

test_report_is_stored_with_the_jobs_gpus() {
    local j line comment
    j=$(PATH="$(dirname "$ACCORD_REPORT"):$PATH" submit -p a100 --gres=gpu:a100:2 -n 1 --accord-model=resnet50 \
        --comment="lr sweep 4" --wrap 'accord-report --steps-per-second 12.5 && sleep 60')
    check "job runs" wait_state "$j" RUNNING
    check "its report is stored" wait_until 20 has_samples "$j" 1
    line=$(samples_of "$j" | tail -n 1)
    check "the sample names user, family, GPUs, node and no job beside it" matches "$line" \
        $'^accord-sample-2\t[0-9]+\t'"$j"$'\troot\tresnet50\ta100:2\ta100-[12]\t\t'
    check "the sample holds metric, rate and seq" equals "$(cut -f 9-11 <<<"$line")" $'steps_per_second\t12.5\t1'
    check "the sample has a checksum" matches "$(cut -f 12 <<<"$line")" '^[0-9a-f]{8}$'
    check "the sample's node is the job's" equals "$(sample_field "$j" 7)" "$(job_field "$j" NodeList)"
    comment=$(job_user_comment "$j")
    check "the user's comment is kept beside the report" equals "$comment" "lr sweep 4 accord:steps_per_second=12.5,seq=1"
    check "SystemComment shows the latest report" wait_until 10 \
        bash -c "scontrol show job $j | grep -q 'SystemComment=.*last report: 12.5 steps/s at .* (seq 1)'"
    check "the job still runs" equals "$(job_field "$j" JobState)" RUNNING
}

test_python_snippet_reports_samples_per_second() {
    local j
    check "the user guide has the Python snippet" write_python_module
    j=$(PATH="$(dirname "$ACCORD_REPORT"):$PATH" submit -p v100 --gres=gpu:v100:1 -n 1 -D "$PWD" \
        --wrap "/usr/bin/python3 -c 'from accord_report import accord_report; import sys; sys.exit(0 if accord_report(431.25, \"samples\") else 1)' && sleep 60")
    check "job runs" wait_state "$j" RUNNING
    check "its report is stored" wait_until 20 has_samples "$j" 1
    check "as samples per second, on its v100" equals "$(sample_field "$j" 6) $(sample_field "$j" 9) $(sample_field "$j" 10)" \
        "v100:1 samples_per_second 431.25"
    check "a job without --accord-model has an empty family" equals "$(sample_field "$j" 5)" ""
}

test_report_about_another_users_job_is_refused() {
    local j out rc mine
    j=$(submit -p t4 --gres=gpu:t4:1 -n 1 --comment=mine --wrap 'sleep 60')
    check "root's job runs" wait_state "$j" RUNNING
    out=$(as_nobody env SLURM_JOB_ID="$j" "$ACCORD_REPORT" --steps-per-second 99 2>&1); rc=$?
    check "accord-report as another user fails" equals "$rc" 1
    check "and says slurmctld refused it, and who may report" contains "$out" \
        "accord-report: slurmctld refused the report for job $j: Invalid user id (only the job's owner"
    out=$(as_nobody scontrol update JobId="$j" Comment="accord:steps_per_second=99,seq=1" 2>&1)
    check "scontrol update of the Comment as another user is refused too" contains "$out" "Invalid user id"
    settle
    check "the job's comment is unchanged" equals "$(job_user_comment "$j")" mine
    check "nothing is stored for the job" equals "$(sample_count "$j")" 0
    check "the job still runs" equals "$(job_field "$j" JobState)" RUNNING
    # The same user's own job: the channel works without any privilege.
    mine=$(as_nobody sbatch --parsable -o /dev/null -p t4 --gres=gpu:t4:1 -n 1 \
        --wrap "SLURM_JOB_ID=\$SLURM_JOB_ID $ACCORD_REPORT --steps-per-second 7 && sleep 60" | cut -d';' -f1)
    check "nobody's own job runs" wait_state "$mine" RUNNING
    check "nobody's report for their own job is stored" wait_until 20 has_samples "$mine" 1
    check "under their name" equals "$(sample_field "$mine" 4)" nobody
    scancel "$mine"
}

test_malformed_report_is_refused_and_job_undisturbed() {
    local j out rc log=$CLUSTER_DIR/log/slurmctld.log
    j=$(submit -p t4 --gres=gpu:t4:1 -n 1 --wrap 'sleep 60')
    check "job runs" wait_state "$j" RUNNING
    out=$(report_for "$j" --steps-per-second fast 2>&1); rc=$?
    check "a rate that is not a number: exit 2" equals "$rc" 2
    check "with what is wrong and what is accepted" contains "$out" \
        "accord-report: --steps-per-second: 'fast' is not a number; accepted: a decimal number"
    out=$(report_for "$j" --steps-per-second 5e12 2>&1); rc=$?
    check "an out-of-range rate: exit 2, named" equals "$rc $out" \
        "2 accord-report: --steps-per-second: '5e12' is out of range; accepted: a decimal number from 0.000001 to 1000000000, e.g. 12.5 or 3.2e4
Try 'accord-report --help'."
    out=$(env -u SLURM_JOB_ID "$ACCORD_REPORT" --steps-per-second 5 2>&1); rc=$?
    check "outside a job: exit 2, says to run it in a job" equals "$rc" 2
    check "naming SLURM_JOB_ID" contains "$out" "SLURM_JOB_ID is not set"
    # A tag written by hand, bypassing accord-report: sched/accord refuses it.
    scontrol update JobId="$j" Comment="accord:steps_per_second=fast,seq=1"
    check "sched/accord shows the refusal in SystemComment" wait_until 10 \
        bash -c "scontrol show job $j | grep -q \"SystemComment=.*last report refused: report 'accord:steps_per_second=fast,seq=1' has a bad rate\""
    check "and logs it once" equals "$(grep -c "JobId=$j: progress report refused" "$log")" 1
    check "nothing is stored for the job" equals "$(sample_count "$j")" 0
    check "the job still runs" equals "$(job_field "$j" JobState)" RUNNING
    check "a good report afterwards is taken" report_for "$j" --steps-per-second 3
    check "and stored" wait_until 20 has_samples "$j" 1
    check "with the seq after the refused one" equals "$(sample_field "$j" 11)" 2
    check "and replaces the refusal in SystemComment" wait_until 10 \
        bash -c "scontrol show job $j | grep -q 'SystemComment=.*last report: 3 steps/s'"
}

# The speed table ranks a100 (3) above t4 (1). Jobs of family "learnfam"
# measure the opposite: 30 steps/s on one t4, 10 on one a100. A typeless
# job of that family then goes to a t4, naming the measurement as the
# source; a job of another family still follows the table.
test_running_jobs_teach_a_familys_speed() {
    local on_t4 on_a100 learner other
    on_t4=$(PATH="$(dirname "$ACCORD_REPORT"):$PATH" submit -p t4 --gres=gpu:t4:1 -n 1 --accord-model=learnfam \
        --wrap 'accord-report --steps-per-second 30 && sleep 60')
    on_a100=$(PATH="$(dirname "$ACCORD_REPORT"):$PATH" submit -p a100 --gres=gpu:a100:1 -n 1 --accord-model=learnfam \
        --wrap 'accord-report --steps-per-second 10 && sleep 60')
    check "the job measuring a t4 runs" wait_state "$on_t4" RUNNING
    check "the job measuring an a100 runs" wait_state "$on_a100" RUNNING
    check "their reports are stored" wait_until 20 has_family_samples learnfam 2
    learner=$(submit -p all --gres=gpu:1 -n 1 --accord-model=learnfam --wrap 'sleep 30')
    other=$(submit -p all --gres=gpu:1 -n 1 --accord-model=otherfam --wrap 'sleep 30')
    check "the learned family's typeless job runs" wait_state "$learner" RUNNING
    check "on a t4, where its family measured fastest" matches "$(job_field "$learner" NodeList)" '^t4-'
    check "the decision names the measurements as its source" contains \
        "$(scontrol show job "$learner" | grep SystemComment)" "measured by running jobs"
    check "another family's typeless job runs" wait_state "$other" RUNNING
    check "on an a100, as the table ranks" matches "$(job_field "$other" NodeList)" '^a100-'
    scancel "$on_t4" "$on_a100" "$learner" "$other"
}

# Whether job $1's latest stored sample beside exactly the families $2
# (sorted, comma-separated; "" alone) has rate $3.
has_sample_beside() {  # has_sample_beside JOBID NEIGHBOURS RATE
    [ "$(samples_of "$1" | awk -F'\t' -v n="$2" '$8 == n' | tail -n 1 | cut -f 10)" = "$3" ]
}

# On a100-1, beside a job without a family, a "victimfam" job measures 10
# steps/s, and 5 once a "noisyfam" job holds other GPUs of the node too
# (its script looks with squeue, as a real job's speed would show it). The
# samples record who was beside it; the next victimfam job then keeps off
# the noisy job's node, where fit would put it (fewer GPUs left), and says
# so; a job of a family nothing was measured for still goes by fit.
test_jobs_side_by_side_teach_a_slowdown() {
    local quiet victim noisy next other
    quiet=$(submit -w a100-1 -p a100 --gres=gpu:a100:1 -n 1 --wrap 'sleep 300')
    check "a job without a family runs on a100-1" wait_state "$quiet" RUNNING
    victim=$(PATH="$(dirname "$ACCORD_REPORT"):$PATH" submit -w a100-1 -p a100 --gres=gpu:a100:1 -n 1 \
        --accord-model=victimfam --wrap 'while true; do
            if squeue -h -t R -n noisy -w "$SLURMD_NODENAME" -o %i | grep -q .; then rate=5; else rate=10; fi
            accord-report --steps-per-second $rate; sleep 2; done')
    check "the victim runs beside it" wait_state "$victim" RUNNING
    check "its sample is stored, naming the job beside it as one without a family" \
        wait_until 20 has_sample_beside "$victim" "?" 10
    noisy=$(submit -w a100-1 -p a100 --gres=gpu:a100:4 -n 1 -J noisy --accord-model=noisyfam --wrap 'sleep 300')
    check "the noisy job runs beside it" wait_state "$noisy" RUNNING
    check "its sample beside the noisy job too is stored, naming its family" \
        wait_until 40 has_sample_beside "$victim" "?,noisyfam" 5
    scancel "$victim"
    check "the victim ends" wait_until 20 bash -c "! squeue -h -j $victim -t R,CG -o %i | grep -q ."
    next=$(submit -p a100 --gres=gpu:a100:1 -n 1 --accord-model=victimfam --wrap 'sleep 30')
    check "the next victimfam job runs" wait_state "$next" RUNNING
    check "on a100-2, away from the noisy job" equals "$(job_field "$next" NodeList)" a100-2
    check "its decision names the measured slowdown" contains "$(scontrol show job "$next" | grep SystemComment)" \
        "nodes chosen by the slowdowns running jobs measured beside others (predicted loss 0.00"
    check "accord-ctl neighbours lists the pair" wait_until 10 \
        bash -c "'$LIVE_CTL' neighbours | grep -Eq '^ *victimfam +noisyfam +0\.50 +1\$'"
    other=$(submit -p a100 --gres=gpu:a100:1 -n 1 --accord-model=otherfam --wrap 'sleep 30')
    check "a job of an unmeasured family runs" wait_state "$other" RUNNING
    check "on a100-1 by fit" equals "$(job_field "$other" NodeList)" a100-1
}

test_store_survives_slurmctld_restart() {
    local j before rewritten
    j=$(submit -p a100 --gres=gpu:a100:1 -n 1 --wrap 'sleep 120')
    rewritten=$(submit -p all --requeue --gres=gpu:1 -n 1 --wrap 'sleep 120')
    check "job runs" wait_state "$j" RUNNING
    check "a typeless job runs, rewritten" wait_state "$rewritten" RUNNING
    check "report accepted by slurmctld" report_for "$j" --steps-per-second 10
    check "and stored" wait_until 20 has_samples "$j" 1
    before=$(wc -l <"$(samples_file)")
    check "slurmctld restarts" restart_slurmctld
    check "the job still runs after the restart" wait_state "$j" RUNNING
    settle 4
    check "the sample is still stored" equals "$(samples_of "$j" | cut -f 9-11)" $'steps_per_second\t10\t1'
    check "the same report is not stored again" equals "$(wc -l <"$(samples_file)")" "$before"
    check "slurmctld logged the samples it found" grep -q "throughput samples found in $(samples_file)" \
        "$CLUSTER_DIR/log/slurmctld.log"
    check "a new report is taken after the restart" report_for "$j" --steps-per-second 11
    check "and stored beside the old one (within the 10 s minimum interval)" wait_until 25 has_samples "$j" 2
    check "in order" equals "$(samples_of "$j" | cut -f 10,11 | tr '\t\n' ': ')" "10:1 11:2 "
    local learner
    learner=$(submit -p all --gres=gpu:1 -n 1 --accord-model=learnfam --wrap 'sleep 30')
    check "the slowdown measured side by side is known again after the restart" wait_until 10 \
        bash -c "'$LIVE_CTL' neighbours | grep -Eq '^ *victimfam +noisyfam +0\.50 +1\$'"
    check "the learned family's job runs after the restart" wait_state "$learner" RUNNING
    check "on a t4, learned from the samples stored before it" matches "$(job_field "$learner" NodeList)" '^t4-'
    local chosen
    chosen=$(job_field "$rewritten" TresPerNode)
    scontrol requeue "$rewritten"
    wait_until 30 bash -c "squeue -h -j $rewritten -t CG | grep -q ." || true
    wait_until 30 bash -c "! squeue -h -j $rewritten -t CG | grep -q ."
    scontrol update jobid="$rewritten" starttime=now
    check "a job rewritten before the restart and requeued after it gets its request as submitted back" \
        wait_until 30 grep -qF "JobId=$rewritten pending again: GPU request back to gpu:1/node as submitted (its last run had ${chosen#gres:}/node)" \
        "$CLUSTER_DIR/log/slurmctld.log"
}
