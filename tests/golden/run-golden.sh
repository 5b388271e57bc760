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

# name | trace | cluster | jobs | policies
cases="msr-0e4a51|gavel/traces/msr/seed=0/0e4a51.trace|v100:2x4,p100:2x4,k80:2x4|60|slurm,accord-easy
physical-artifact|gavel/traces/physical_cluster/artifact_evaluation.trace|v100:2x4,p100:2x4,k80:2x4|40|slurm,accord-easy
tiresias-msr-0e4a51|gavel/traces/msr/seed=0/0e4a51.trace|v100:1x4,p100:1x4,k80:1x4|40|tiresias
rounds-msr-0e4a51|gavel/traces/msr/seed=0/0e4a51.trace|v100:1x4,p100:1x4,k80:1x4|30|gavel-fair,gavel-throughput-packed,sia,lucid,accord"

failed=0
while IFS='|' read -r name trace cluster jobs policies; do
    actual=$(mktemp)
    "$sim" --throughputs "$data/gavel/simulation_throughputs.json" --trace "$data/$trace" \
        --cluster "$cluster" --first "$jobs" --policy "$policies" --quiet --out /dev/null --decision-log "$actual"
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
