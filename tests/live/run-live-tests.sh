#!/usr/bin/env bash
# Live tests: start a real emulated GPU cluster (slurmctld + one slurmd per
# node) with sched/accord installed, submit with the real sbatch/srun, and
# check through squeue/scontrol. Needs root and `make install` done.
# ACCORD_LIVE_PLUGIN_DIR (e.g. a build's .libs) is searched for plugins
# first and ACCORD_LIVE_SPANK_SO names the SPANK plugin: tests of a build
# without installing it. ACCORD_LIVE_REPORT names the accord-report to test
# (default: the one beside that .libs, else the installed one).
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
    # t_reports restarts slurmctld: last.
    run_tests $(tests_in t_placement t_queue t_backfill t_interactive t_partitions t_hints t_rewrite t_allocator \
        t_reports)
else
    check "cluster with sched/accord starts" false
fi

# Priority and backfill as before under accord_policy=easy (the allocator,
# the default, ran them above).
if cluster_up "$PARAMS,accord_policy=easy"; then
    run_tests $(tests_in t_queue t_backfill)
else
    check "cluster with accord_policy=easy starts" false
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

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
