// The allocator's priority order (core/allocator.h, rule 1): job lengths
// are unknown and heavy-tailed, so the least attained service goes first
// (Tiresias' discretised 2D-LAS with geometric queues); within a queue,
// jobs that hold GPUs come first (no thrashing), then the shell's order.
// A shell that knows each job's Gittins index (core/gittins_index.h) gives
// it, and classes of indices take the queues' place: a job of a recurring
// type that has little left goes before a newcomer.
// With a fairness bound, jobs whose predicted finish-time fairness exceeds
// it (core/predicted_fairness.h) come before all others.
#pragma once

#include <vector>

#include "core/allocator_state.h"

namespace accord::core {

// The movable jobs, first in the order first. Sets every job's rank (its
// place in the order) and weight, (jobs from it to the last)^rank_weight.
// With queue_weights, (jobs from the first of its class to the last)^
// rank_weight, a class being the jobs of one queue or index class (and
// side of the fairness bound): ranks within a queue (holders first, then the shell's
// order) then decide admission only. It is for shells that move running
// jobs between types every period (the simulator's round engine): there,
// weighed by rank, a holder outweighs an alike newcomer of its queue only
// for holding, and takes every fast GPU that frees from it, a restart each
// time with nothing gained. Slurm's shells never move a running job (they
// keep or requeue it), and their order within a queue is the site's
// priority, so they keep the weights by rank.
std::vector<size_t> priority_order(AllocState &s);

// Every job (movable or not) by rank, ties by the shell's order.
std::vector<size_t> by_rank(const AllocState &s);

// The later of two jobs sharing GPUs in the order is the pair's guest: it
// holds nothing of its own (packing may seat it there again).
bool guest(const AllocState &s, size_t j);

}  // namespace accord::core
