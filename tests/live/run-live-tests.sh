#!/usr/bin/env bash
# Live tests: start a real emulated GPU cluster (slurmctld + one slurmd per
# node) with sched/accord installed, submit with the real sbatch/srun, and
# check through squeue/scontrol. Needs root and `make install` done.
# ACCORD_LIVE_PLUGIN_DIR (e.g. a build's .libs) is searched for plugins
# first and ACCORD_LIVE_SPANK_SO names the SPANK plugin: tests of a build
# without installing it. ACCORD_LIVE_BUILD_DIR is the build whose
# accord-dl-job, accord-live-workload and accord-sim t_compare runs
# (default: ACCORD_BUILD_DIR, as contrib/run-tests.sh sets it).
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
trap '"$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1' EXIT

cd "$(mktemp -d)" || exit 1   # scratch for test scripts; job output goes to /dev/null

for f in "$here"/t_*.sh; do
    # shellcheck source=/dev/null
    . "$f"
done

# The test functions the named files define, in file order.
tests_in() {
    local f
    for f in "$@"; do
        grep -o '^test_[a-z0-9_]*' "$here/$f.sh"
    done
}

if cluster_up "$PARAMS"; then
    run_tests $(tests_in t_placement t_queue t_backfill t_interactive t_partitions t_hints t_rewrite)
else
    check "cluster with sched/accord starts" false
fi

# QOS and association limits need real accounting: slurmdbd and MariaDB.
if cluster_up "$PARAMS" --accounting; then
    run_tests $(tests_in t_limits t_hint_limits t_rewrite_limits)
else
    check "cluster with sched/accord and accounting starts" false
fi

# Bad parameters, then a reconfigure; the last test stops slurmctld.
if cluster_up "accord_interval=abc,accord_max_jobs=0,accord_bogus=1"; then
    run_tests $(tests_in t_config)
else
    check "cluster with bad parameters starts" false
fi

# Backfill against Accord on one workload: the test brings up its own two
# clusters (same port base, dirs CLUSTER_DIR-compare/cluster-*), so the
# last one is stopped first. It needs a build (ACCORD_LIVE_BUILD_DIR).
"$cluster" down --dir "$CLUSTER_DIR" >/dev/null 2>&1
CURRENT_TEST=compare
test_compare

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
