#!/usr/bin/env bash
# Brings the whole thing up on a fresh Debian 12 machine, as root: installs
# what is needed, builds and installs sched/accord and its hint options,
# trains the learned throughput model on the measured data in ../shared
# (when the build has LibTorch), starts an emulated heterogeneous GPU
# cluster (2 x 8 A100, 2 x 4 V100, 4 x 4 T4) scheduled by Accord with it,
# submits a sample deep-learning workload and shows what Accord decided for
# each job. The cluster keeps running; the last line says how to stop it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${ACCORD_DEMO_DIR:-/tmp/accord-demo}
cluster="$root/contrib/cluster/accord-cluster"

bash "$root/contrib/install-deps.sh"
bash "$root/contrib/build.sh"
build=${ACCORD_BUILD_DIR:-$root/build}
make -C "$build" install >/dev/null
plugins=$(dirname "$(ls /usr/lib/*/slurm-wlm/sched_backfill.so | head -n 1)")

"$cluster" down --dir "$dir" >/dev/null 2>&1 || true
rm -rf "$dir" "$dir-model"
params=sched_interval=-1,defer,accord_interval=1,accord_gpu_speed=a100:3/v100:2/t4:1
data=$root/../shared/data
if [ -x "$build/accord-train" ] && [ -d "$data" ]; then
    echo "Training the learned model on Gavel's and Sia's measurements (about two minutes)..."
    mkdir -p "$dir-model"
    if "$build/accord-train" --gavel "$data/gavel/simulation_throughputs.json" --sia "$data/sia/profiles" \
        --out "$dir-model/m.pt" 2>"$dir-model/train.log"; then
        params+=,accord_model=$dir-model/m.pt
    else
        echo "accord-train failed ($dir-model/train.log); Accord ranks GPU types by accord_gpu_speed alone"
    fi
fi
"$cluster" up --dir "$dir" --spec a100:2x8,v100:2x4,t4:4x4 --sched-params "$params" \
    --spank "$plugins/spank_accord.so"
export SLURM_CONF=$dir/etc/slurm.conf
cd "$dir"

submit() { sbatch --parsable -o /dev/null "$@"; }
echo "Submitting a sample deep-learning workload:"
submit -J resnet50-train --gres=gpu:4 --accord-model=resnet50 -t 60 --wrap 'sleep 900' >/dev/null
submit -J bert-finetune --gres=gpu:2 --accord-model=bert --accord-gpu-types=v100,t4 -t 30 --wrap 'sleep 900' >/dev/null
submit -J gpt-pretrain -N 2 --gres=gpu:a100:8 -t 120 --wrap 'sleep 900' >/dev/null
submit -J yolo-eval --gres=gpu:t4:1 --array=0-5 -t 10 --wrap 'sleep 900' >/dev/null
submit -J cifar-sweep --gres=gpu:1 --array=0-7 -t 20 --wrap 'sleep 900' >/dev/null
submit -J data-prep -n 4 -t 30 --wrap 'sleep 900' >/dev/null
squeue -h -o '  %i %j' | sort -V
sleep 4

echo
echo "What Accord decided (from scontrol show job: state, nodes or reason, SystemComment):"
scontrol show job | awk 'BEGIN { RS = "" }
    {
        id = ""; name = ""; state = ""; reason = ""; nodes = ""; comment = ""
        for (i = 1; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "JobId") id = kv[2]
            if (kv[1] == "ArrayJobId") id = kv[2]
            if (kv[1] == "ArrayTaskId") id = id "_" kv[2]
            if (kv[1] == "JobName") name = kv[2]
            if (kv[1] == "JobState") state = kv[2]
            if (kv[1] == "Reason") reason = kv[2]
            if (kv[1] == "NodeList") nodes = kv[2]
        }
        if (match($0, /SystemComment=[^\n]*/)) comment = substr($0, RSTART + 14, RLENGTH - 14)
        printf "  %-8s %-15s %-8s %-12s %s\n", id, name, state, (state == "RUNNING" ? nodes : "(" reason ")"), comment
    }'
echo
echo "Cluster: export SLURM_CONF=$SLURM_CONF; stop it with: $cluster down --dir $dir"
