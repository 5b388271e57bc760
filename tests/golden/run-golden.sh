#!/usr/bin/env bash
# Golden simulator runs: accord-sim on small slices of real traces (read in
# place from ../shared/data); every decision of the policies each case names
# must match the checked-in log exactly, so any change of behaviour shows up
# as a diff. After an intended change, regenerate with --update and review
# the diff before committing it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sim=${ACCORD_SIM:-./accord-sim}
data=${ACCORD_SHARED_DATA:-$here/../../../shared/data}
update=${1:-}

# name | inputs (DATA = the data directory) | policies
cases="msr-0e4a51|--throughputs DATA/gavel/simulation_throughputs.json --trace DATA/gavel/traces/msr/seed=0/0e4a51.trace --cluster v100:2x4,p100:2x4,k80:2x4 --first 60|slurm,accord-easy
physical-artifact|--throughputs DATA/gavel/simulation_throughputs.json --trace DATA/gavel/traces/physical_cluster/artifact_evaluation.trace --cluster v100:2x4,p100:2x4,k80:2x4 --first 40|slurm,accord-easy
tiresias-msr-0e4a51|--throughputs DATA/gavel/simulation_throughputs.json --trace DATA/gavel/traces/msr/seed=0/0e4a51.trace --cluster v100:1x4,p100:1x4,k80:1x4 --first 40|tiresias
rounds-msr-0e4a51|--throughputs DATA/gavel/simulation_throughputs.json --trace DATA/gavel/traces/msr/seed=0/0e4a51.trace --cluster v100:1x4,p100:1x4,k80:1x4 --first 30|gavel-fair,gavel-throughput-packed,sia,lucid,accord
allocator-sia-philly-1|--sia-profiles DATA/sia/profiles --sia-workload DATA/sia/workloads/philly/workload-1.csv --first 60|accord-np,accord-rq
gittins-sia-philly-1|--sia-profiles DATA/sia/profiles --sia-workload DATA/sia/workloads/philly/workload-1.csv --first 60 --order gittins|accord-rq"

failed=0
while IFS='|' read -r name inputs policies; do
    actual=$(mktemp)
    # shellcheck disable=SC2086 # the inputs are words
    "$sim" ${inputs//DATA/$data} --policy "$policies" --quiet --out /dev/null --decision-log "$actual"
    expected="$here/$name.decisions"
    if [ "$update" = --update ]; then
        cp "$actual" "$expected"
        echo "golden: updated $name ($(wc -l < "$expected") decisions)"
    elif diff -u "$expected" "$actual"; then
        echo "golden: $name matches ($(wc -l < "$expected") decisions)"
    else
        echo "golden: $name differs from $expected"
        failed=1
    fi
    rm -f "$actual"
done <<< "$cases"
exit $failed
