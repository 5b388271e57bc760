#!/usr/bin/env bash
# Training on running jobs' samples (`make bench-samples`, docs/model.md):
# for each of Gavel's seven families F, trains a model with F held out
# entirely, without and with the samples a site with K80s and V100s would
# record after running F (samples-bench lines), and prints F's predicted
# K80/V100 and P100/V100 one-GPU ratios against the measured ones, with
# |log(predicted/measured)| and, per GPU type, their geometric and
# arithmetic means and how many families the samples improved. The P100 is
# never sampled. About 14 models of 40-60 s each on one CPU.
set -euo pipefail

PROG=${0##*/}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
DATA=${ACCORD_DATA:-$REPO/../shared/data}
BIN=${1:-${ACCORD_BIN_DIR:-$REPO/build}}
WORK=${TMPDIR:-/tmp}/accord-samples-bench
GAVEL=$DATA/gavel/simulation_throughputs.json
FAMILIES="A3C CycleGAN LM Recommendation ResNet-18 ResNet-50 Transformer"

for f in "$BIN/accord-train" "$BIN/samples-bench" "$BIN/.libs/accord_model.so" "$GAVEL"; do
    [ -e "$f" ] || { echo "$PROG: $f is missing (build with 'make samples-bench')" >&2; exit 1; }
done
rm -rf "$WORK" && mkdir -p "$WORK"

# Trains F's model ($2: without or with) and prints "F MODE k80 R p100 R".
train() {
    local family=$1 mode=$2 extra=()
    [ "$mode" = with ] && extra=(--samples "$WORK/$family.log")
    "$BIN/accord-train" --gavel "$GAVEL" --sia "$DATA/sia/profiles" --hold-out-entirely "$family" \
        "${extra[@]}" --out "$WORK/$family-$mode.pt" >"$WORK/$family-$mode.log" 2>&1
    echo "$family $mode $("$BIN/samples-bench" predict "$BIN/.libs/accord_model.so" "$WORK/$family-$mode.pt" "$family" | tr '\n' ' ')"
}

for family in $FAMILIES; do
    "$BIN/samples-bench" lines "$GAVEL" "$family" "$WORK/$family.log" >/dev/null
    echo "$family truth $("$BIN/samples-bench" truth "$GAVEL" "$family" | tr '\n' ' ')"
    train "$family" without
    train "$family" with
done | tee "$WORK/ratios.txt" | awk '
    { for (i = 3; i < NF; i += 2) value[$1, $2, $i] = $(i + 1); family[$1] = 1 }
    END {
        for (g = 1; g <= 2; g++) {
            gpu = g == 1 ? "k80" : "p100"
            printf "\n%s/v100: family, measured, without (|log|), with (|log|)\n", gpu
            n = better = 0
            for (f in family) {
                t = value[f, "truth", gpu]
                e0 = log(value[f, "without", gpu] / t); if (e0 < 0) e0 = -e0
                e1 = log(value[f, "with", gpu] / t); if (e1 < 0) e1 = -e1
                printf "  %-15s %.3f  %.3f (%.3f)  %.3f (%.3f)\n", f, t, value[f, "without", gpu], e0, value[f, "with", gpu], e1
                n++; better += e1 < e0; s0 += e0; s1 += e1; l0 += log(e0 + 1e-9); l1 += log(e1 + 1e-9)
            }
            printf "  geometric mean |log|: without %.3f, with %.3f; mean %.3f, %.3f; with better in %d of %d\n",
                exp(l0 / n), exp(l1 / n), s0 / n, s1 / n, better, n
            s0 = s1 = l0 = l1 = 0
        }
    }'
