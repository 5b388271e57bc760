// The allocator's packing (core/allocator.h, rule 5), when the shell knows
// pair rates. Two passes over jobs of the same count sharing the GPUs of an
// admitted job running alone on one node (the host):
//  - an admitted job running alone moves onto a host when the pair raises
//    the sum of w x log(rate) of the two (rule 3's objective; each counts
//    its rate raised by the migration threshold when it keeps what it has):
//    packing as an alternative to a slower GPU type, as Gavel's packed
//    policies make job pairs units of allocation;
//  - a job still waiting, earliest in the order first, shares a host's GPUs
//    when the pair does at least as much as the host alone (Gandiva's rule),
//    each rate over its rate alone, raised by the migration threshold
//    unless they already share: a new pair restarts both.
// Each takes the best host by its own measure, ties to the lowest index.
#pragma once

#include "core/allocator_state.h"

namespace accord::core {

// First pass: admitted jobs onto hosts (the GPUs they free stay free).
void pack_admitted(AllocState &s, const PairRates &pairs);

// Second pass: waiting jobs onto hosts.
void pack_waiting(AllocState &s, const PairRates &pairs);

}  // namespace accord::core
