# The benchmarks' workload on an emulated cluster (sourced by lock-bench.sh
# and load-bench.sh): the node spec, one exclusive blocker job per node so
# that nothing else starts, and a deterministic mix of GPU jobs; and the
# messages and option helper both scripts use. Defines functions only; they
# need PROG and SPEC set by the caller.

die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }
say() { printf '%s: [%s] %s\n' "$PROG" "$(date +%T)" "$*"; }
val() { [ -n "${2:-}" ] || die "option $1 needs a value"; printf '%s' "$2"; }

parse_spec() {  # fills TYPES NODES GPUS from SPEC (GPU node types only)
    local item
    TYPES=() NODES=() GPUS=()
    IFS=, read -ra items <<<"$SPEC"
    for item in "${items[@]}"; do
        [[ $item =~ ^([a-z][a-z0-9_]*):([0-9]+)x([0-9]+)$ ]] \
            || die "bench needs GPU node types only (TYPE:NODESxGPUS), not '$item'"
        TYPES+=("${BASH_REMATCH[1]}") NODES+=("${BASH_REMATCH[2]}") GPUS+=("${BASH_REMATCH[3]}")
    done
}

# The sbatch arguments of benchmark job $1, a pure function of $1, so both
# schedulers get the very same queue (same order, same job ids). Mix: 75%
# single-node typed jobs (one node type each, in the type's partition or in
# 'all'), 15% untyped single-node jobs, 10% two-node jobs; 1 GPU up to a
# whole node (mostly 1-2 GPUs); time limits 15 min to 4 h; one CPU per GPU.
job_args() {
    local i=$1 h kind t g n=1 part limit
    local -a limits=(15 30 60 120 240) sizes=(1 1 1 2 2 4 4 8)
    h=$((((i + 1) * 2654435761) % 4294967296))                # integer hash of i
    h=$((((h ^ (h >> 16)) * 73244475) % 4294967296))
    h=$((h ^ (h >> 16)))
    kind=$((h % 20))
    limit=${limits[$(((h >> 12) % 5))]}
    t=$(((h >> 20) % ${#TYPES[@]}))
    g=${sizes[$(((h >> 8) % 8))]}
    ((g > GPUS[t])) && g=${GPUS[t]}
    if ((kind < 15)); then                                    # typed, one node
        part=${TYPES[t]}
        (((h >> 16) % 2)) && part=all
        echo "-p $part -N 1 -c $g --gres=gpu:${TYPES[t]}:$g -t $limit"
    elif ((kind < 18)); then                                  # untyped, one node
        ((g > 4)) && g=4
        echo "-p all -N 1 -c $g --gres=gpu:$g -t $limit"
    else                                                      # two whole-GPU nodes
        n=2 g=${GPUS[t]}
        echo "-p ${TYPES[t]} -N $n --ntasks-per-node=1 -c $g --gres=gpu:${TYPES[t]}:$g -t $limit"
    fi
}

submit_blockers() {  # one exclusive job per node, holding every GPU for 3 h
    local t k
    for t in "${!TYPES[@]}"; do
        for ((k = 1; k <= NODES[t]; k++)); do
            sbatch --parsable -o /dev/null -J blocker -p all -w "${TYPES[t]}-$k" --exclusive \
                --gres="gpu:${TYPES[t]}:${GPUS[t]}" -t 180 --wrap 'sleep 86400' >/dev/null
        done
    done
}
