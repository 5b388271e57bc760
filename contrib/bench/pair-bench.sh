#!/usr/bin/env bash
# Packing with predicted interference (`make bench-pairs`): the round policy
# accord on Gavel's cluster, once per pair predictor (the learned model with
# each job type's pairs held out, the model trained on every pair, "no
# interference", the measured pairs), and the strongest baselines, on the
# same generated traces over several loads and seeds. Trains its models with
# accord-train (5 folds of Gavel's 26 job types, by name: type i of the
# sorted list in fold i mod 5), then rewrites the pair-bench block of
# docs/simulator.md: per load, the geometric mean over seeds of each
# policy's mean JCT over accord's with the held-out models, and the pack
# decisions.
set -euo pipefail

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
DATA=${ACCORD_DATA:-$REPO/../shared/data}
BIN=${ACCORD_BIN_DIR:-$REPO/build}
DOC=$REPO/docs/simulator.md
WORK=${TMPDIR:-/tmp}/accord-pair-bench
MODELS=
JOBS=400
RATES="3 5 9 20 40"
SEEDS="0 1 2 3 4 5 6 7 8 9"
BASELINES=lucid,gavel-fair-packed,gavel-fair,sia
WRITE_DOC=1

GAVEL_TABLE=$DATA/gavel/simulation_throughputs.json
PHILLY=$DATA/gavel/philly_job_distribution.csv
SIA_PROFILES=$DATA/sia/profiles
CLUSTER=v100:9x4,p100:9x4,k80:9x4

# shellcheck source=bench-workload.sh
. "$HERE/bench-workload.sh"

usage() {
    cat <<EOF
Usage: $PROG [--bin DIR] [--models DIR] [--jobs N] [--rates "R ..."] [--seeds "S ..."] [--no-doc]

  --bin DIR       where accord-sim, accord-train and .libs/accord_model.so are
                  (default \$ACCORD_BIN_DIR or build/)
  --models DIR    reuse all.pt and fold0.pt..fold4.pt from DIR instead of training
  --jobs N        jobs per trace (default $JOBS)
  --rates "..."   arrival rates in jobs per hour (default "$RATES")
  --seeds "..."   trace seeds (default "$SEEDS")
  --no-doc        print the block instead of rewriting $DOC
EOF
}

while [ $# -gt 0 ]; do
    case $1 in
    --bin) BIN=$2; shift 2 ;;
    --models) MODELS=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --rates) RATES=$2; shift 2 ;;
    --seeds) SEEDS=$2; shift 2 ;;
    --no-doc) WRITE_DOC=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$PROG: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done

for f in "$BIN/accord-sim" "$BIN/accord-train" "$GAVEL_TABLE" "$PHILLY" "$SIA_PROFILES"; do
    [ -e "$f" ] || { echo "$PROG: $f not found" >&2; exit 1; }
done
rm -rf "$WORK"
mkdir -p "$WORK"

train_models() {
    local dir=$1 i
    mkdir -p "$dir"
    jq -r 'to_entries[] | .value | keys[]' "$GAVEL_TABLE" | sed -E "s/^\('(.*)', [0-9]+\)$/\1/" |
        LC_ALL=C sort -u | awk -v d="$dir" '{ print > (d "/fold" ((NR - 1) % 5) ".txt") }'
    echo "$PROG: training 6 models in $dir" >&2
    "$BIN/accord-train" --gavel "$GAVEL_TABLE" --sia "$SIA_PROFILES" --out "$dir/all.pt" >/dev/null
    for i in 0 1 2 3 4; do
        "$BIN/accord-train" --gavel "$GAVEL_TABLE" --sia "$SIA_PROFILES" --out "$dir/fold$i.pt" \
            --hold-out-types "$dir/fold$i.txt" >/dev/null
    done
}

if [ -z "$MODELS" ]; then
    MODELS=$WORK/models
    train_models "$MODELS"
fi
MODULE=(--model-module "$BIN/.libs")
HELD_OUT=("${MODULE[@]}")
for i in 0 1 2 3 4; do HELD_OUT+=(--model "$MODELS/fold$i.pt"); done

# One run: NAME.csv is the summary, NAME.log the decision log, NAME.err
# what accord-sim said.
simulate() {
    local name=$1 rate=$2 seed=$3
    shift 3
    "$BIN/accord-sim" --quiet --out /dev/null --summary-csv "$WORK/$name.csv" --decision-log "$WORK/$name.log" \
        --throughputs "$GAVEL_TABLE" --generate "$JOBS" --philly "$PHILLY" \
        --arrival-rate "$rate" --seed "$seed" --cluster "$CLUSTER" "$@" 2>"$WORK/$name.err" ||
        die "accord-sim $* failed: $(tail -n 3 "$WORK/$name.err")"
}

# rows.csv: rate,seed,policy,mean JCT,pack decisions
for rate in $RATES; do
    for seed in $SEEDS; do
        echo "$PROG: $rate jobs/h, seed $seed" >&2
        simulate "heldout-$rate-$seed" "$rate" "$seed" --policy accord --pair-predictor model "${HELD_OUT[@]}"
        simulate "all-$rate-$seed" "$rate" "$seed" --policy accord --pair-predictor model "${MODULE[@]}" --model "$MODELS/all.pt"
        simulate "none-$rate-$seed" "$rate" "$seed" --policy accord --pair-predictor none
        simulate "oracle-$rate-$seed" "$rate" "$seed" --policy accord --pair-predictor oracle
        simulate "base-$rate-$seed" "$rate" "$seed" --policy "$BASELINES"
        for v in heldout all none oracle base; do
            packs=$(grep -c ' pack ' "$WORK/$v-$rate-$seed.log" || true)
            awk -F, -v r="$rate" -v s="$seed" -v v="$v" -v p="$packs" '
                NR == 1 { for (i = 1; i <= NF; i++) if ($i == "jct_mean_s") k = i; next }
                $1 !~ /^bound-/ { print r "," s "," (v == "base" ? $1 : "accord-" v) "," $k "," (v == "base" ? "" : p) }' \
                "$WORK/$v-$rate-$seed.csv" >>"$WORK/rows.csv"
        done
    done
done

# Per rate: geometric mean over seeds of mean JCT / accord-heldout's, and
# runs better / worse than it; the pack decisions summed over seeds.
ratio_rows() {
    awk -F, -v r="$1" '
        $1 != r { next }
        { jct[$3, $2] = $4; if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 }; packs[$3] += $5
          if ($3 == "accord-heldout") base[$2] = $4 }
        END { for (i = 1; i <= n; i++) { p = order[i]; s = 0; m = 0; b = 0; w = 0
                  for (k in jct) { split(k, kk, SUBSEP); if (kk[1] != p) continue
                      x = jct[k] / base[kk[2]]; s += log(x); m++; if (x < 1) b++; if (x > 1) w++ }
                  printf "| %s | %.3f | %d / %d | %s |\n", p, exp(s / m), b, w, (p ~ /^accord-/ ? packs[p] : "—") } }' \
        "$WORK/rows.csv"
}

BLOCK=$WORK/block.md
{
    echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`contrib/bench/pair-bench.sh\` at commit" \
        "$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown), models of feature schema" \
        "$(jq -r '.schema_version' "$MODELS/all.pt.json"); $JOBS jobs per trace, seeds $SEEDS, cluster \`$CLUSTER\`."
    echo "Ratio: geometric mean over the seeds of mean JCT over accord-heldout's (above 1: worse);"
    echo "better / worse: runs below / above accord-heldout; packs: pack decisions over all seeds."
    for rate in $RATES; do
        echo
        echo "At $rate jobs/h:"
        echo
        echo "| policy | ratio | better / worse | packs |"
        echo "|---|---:|---:|---:|"
        ratio_rows "$rate"
    done
} >"$BLOCK"

if [ "$WRITE_DOC" = 1 ]; then
    write_block "$DOC" pair-bench "$BLOCK"
    echo "$PROG: rewrote the pair-bench block of $DOC" >&2
else
    cat "$BLOCK"
fi
