#!/usr/bin/env bash
# Live tests: start a real emulated GPU cluster (slurmctld + one slurmd per
# node) with sched/accord installed, submit with the real sbatch/srun, and
# check through squeue/scontrol. Needs root and `make install` done.
# ACCORD_LIVE_PLUGIN_DIR (e.g. a build's .libs) is searched for plugins
# first, ACCORD_LIVE_SPANK_SO names the SPANK plugin and ACCORD_LIVE_BIN_DIR
# holds accord-ctl, accord-sacct2trace, accord-sim and (never installed)
# accord-dl-job and accord-live-workload (default for those: ACCORD_BUILD_DIR,
# as contrib/run-tests.sh sets it): tests of a build without installing it. ACCORD_LIVE_REPORT
# names the accord-report to test (default: the one beside that .libs, else
# the installed one). ACCORD_LIVE_ONLY ("t_admin t_config") runs only those
# files' tests, and only the clusters they need.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cluster="$here/../../contrib/cluster/accord-cluster"
export CLUSTER_DIR=${ACCORD_LIVE_DIR:-/tmp/accord-live}
export ACCORD_CLUSTER_PORT_BASE=${ACCORD_CLUSTER_PORT_BASE:-17500}
SPEC=a100:2x8,v100:2x4,t4:2x4,cpu:1
PARAMS=sched_interval=-1,defer,accord_interval=1,accord_gpu_speed=a100:3/v100:2/t4:1
SLURM_PLUGINS=$(dirname "$(ls /usr/lib/*/slurm-wlm/sched_backfill.so | head -n 1)")
SPANK_SO=${ACCORD_LIVE_SPANK_SO:-$SLURM_PLUGINS/spank_accord.so}
PLUGIN_DIR=${ACCORD_LIVE_PLUGIN_DIR:-}
ACCORD_REPORT=${ACCORD_LIVE_REPORT:-}
if [ -z "$ACCORD_REPORT" ] && [ -n "$PLUGIN_DIR" ] && [ -x "$PLUGIN_DIR/../accord-report" ]; then
    ACCORD_REPORT=$(realpath "$PLUGIN_DIR/../accord-report")
fi
: "${ACCORD_REPORT:=$(command -v accord-report)}"

# shellcheck source=lib.sh
. "$here/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "live tests need root"; exit 1; }

cluster_up() {  # cluster_up SCHED-PARAMS [MORE-UP-OPTIONS...]
    "$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1
    rm -rf "$CLUSTER_DIR"
    "$cluster" up --dir "$CLUSTER_DIR" --spec "$SPEC" --sched-params "$1" --spank "$SPANK_SO" \
        ${PLUGIN_DIR:+--plugin-dir "$PLUGIN_DIR"} "${@:2}" || return 1
    export SLURM_CONF=$CLUSTER_DIR/etc/slurm.conf
}
cleanup() {
    "$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1
    ! selected t_faults || faults_unmount_state
}
trap cleanup EXIT

cd "$(mktemp -d)" || exit 1   # scratch for test scripts; job output goes to /dev/null

for f in "$here"/t_*.sh; do
    # shellcheck source=/dev/null
    . "$f"
done

selected() { [ -z "${ACCORD_LIVE_ONLY:-}" ] || [[ " $ACCORD_LIVE_ONLY " == *" $1 "* ]]; }

# The test functions the named (and selected) files define, in file order.
tests_in() {
    local f
    for f in "$@"; do
        selected "$f" && grep -o '^test_[a-z0-9_]*' "$here/$f.sh"
    done
}

# A start Slurm refused is a plan it would not take (docs/admin-guide.md):
# none is expected in any phase. Read while slurmctld runs (t_config's last
# test stops it) and since it last started (t_reports, t_faults, t_gittins
# restart it).
no_refused_starts() {  # no_refused_starts WHAT
    command -v "$LIVE_CTL" >/dev/null && scontrol ping 2>/dev/null | grep -q 'is UP' || return 0
    CURRENT_TEST=phase
    check "$1: no planned start refused by Slurm" equals "$(refused_starts)" 0
}

# Starts a cluster for the files' tests and runs them; no tests, no cluster.
run_phase() {  # run_phase WHAT SCHED-PARAMS "UP-OPTIONS" FILES...
    local what=$1 params=$2 options=$3 tests
    shift 3
    tests=$(tests_in "$@")
    [ -n "$tests" ] || return 0
    # shellcheck disable=SC2086  # options: zero or more words
    if cluster_up "$params" $options; then
        run_tests $tests
        no_refused_starts "$what"
    else
        check "$what starts" false
    fi
}

# t_reports restarts slurmctld: last.
run_phase "cluster with sched/accord" "$PARAMS" "" \
    t_placement t_queue t_backfill t_interactive t_partitions t_hints t_rewrite t_allocator t_reports

# Priority and backfill as before under accord_policy=easy (the allocator,
# the default, ran them above).
run_phase "cluster with accord_policy=easy" "$PARAMS,accord_policy=easy" "" t_queue t_backfill

# Requests of several GPU types, with a node holding two (t_gpu_types.sh),
# under both pipelines.
MIXED_SPEC="--spec a100:1x4,v100:1x4,mix:1xa100=2+v100=2"
run_phase "cluster with a node of two GPU types" "$PARAMS" "$MIXED_SPEC" t_gpu_types
run_phase "cluster with a node of two GPU types, accord_policy=easy" "$PARAMS,accord_policy=easy" "$MIXED_SPEC" \
    t_gpu_types

# QOS and association limits, and sacct, need real accounting: slurmdbd and MariaDB.
run_phase "cluster with sched/accord and accounting" "$PARAMS" --accounting \
    t_limits t_hint_limits t_rewrite_limits t_admin

# accord_model naming a file that does not exist yet; the tests then write
# a corrupt one and a trained one (t_model.sh).
if selected t_model; then
    rm -rf "$CLUSTER_DIR-model"
    mkdir -p "$CLUSTER_DIR-model"
fi
run_phase "cluster with accord_model" "$PARAMS,accord_model=$CLUSTER_DIR-model/m.pt" "" t_model

# accord_topology naming a directory with two nodes' hwloc files, a corrupt
# one and none for the rest (t_topology.sh).
! selected t_topology || topology_files
run_phase "cluster with accord_topology" "$PARAMS,accord_topology=$CLUSTER_DIR-topology" "" t_topology

# Shards on the v100 nodes and accord_model naming a model trained just
# before (t_shards.sh).
! selected t_shards || shards_model
run_phase "cluster with shards and accord_model" "$PARAMS,accord_model=$CLUSTER_DIR-shards/m.pt" "--shards v100:2" \
    t_shards

# gres/mps on the v100 nodes, 100 per GPU (t_mps.sh).
run_phase "cluster with mps" "$PARAMS" "--mps v100:100" t_mps

# Faults: StateSaveLocation on a small tmpfs the tests fill and make
# read-only; they kill a slurmd and, last, slurmctld (t_faults.sh).
if selected t_faults; then
    if faults_mount_state; then
        run_phase "cluster with state on a tmpfs" "$PARAMS,accord_debug=1" "--state-dir $FAULTS_STATE" t_faults
    else
        check "a tmpfs for StateSaveLocation is mounted at $FAULTS_STATE (needs CAP_SYS_ADMIN)" false
    fi
    "$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1
    faults_unmount_state
fi

# Preemption by requeue, with a short minimum run, restart cost, interval
# and first service queue, and moves to a better configuration.
run_phase "cluster with accord_policy=preempt" \
    "$PARAMS,accord_policy=preempt,accord_min_run=5,accord_restart_cost=1,accord_preempt_interval=60,accord_migrate=1,accord_first_queue=800" \
    "" t_preempt

# Preemption by attained service instead of Slurm's priority.
run_phase "cluster with accord_policy=preempt and accord_order=service" \
    "$PARAMS,accord_policy=preempt,accord_order=service,accord_first_queue=400,accord_min_run=5,accord_restart_cost=1,accord_preempt_interval=20" \
    "" t_order

# Preemption by Gittins index from completed jobs; t_gittins restarts
# slurmctld.
run_phase "cluster with accord_policy=preempt and accord_order=gittins" \
    "$PARAMS,accord_policy=preempt,accord_order=gittins,accord_first_queue=400,accord_min_run=5,accord_restart_cost=1,accord_preempt_interval=20" \
    "" t_gittins

# Bad parameters, then a reconfigure; the last test stops slurmctld.
run_phase "cluster with bad parameters" \
    "accord_interval=abc,accord_max_jobs=0,accord_bogus=1,accord_fairness=0.5,accord_min_run=-5,accord_preempt_interval=1h,accord_order=las" \
    "" t_config

# Backfill against Accord on one workload: the test brings up its own two
# clusters (same port base, dirs CLUSTER_DIR-compare/cluster-*), so the
# last one is stopped first. It needs a build (ACCORD_LIVE_BIN_DIR).
if selected t_compare; then
    "$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1
    CURRENT_TEST=compare
    test_compare
fi

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
