// The allocator's packing (core/allocator.h, rule 5), when the shell knows
// pair rates: jobs still waiting, earliest in the order first, share the
// GPUs of an admitted job of the same count running alone on one node, the
// pair that does most; only when the pair does at least as much as the host
// alone (Gandiva's rule), each rate over its rate alone, raised by the
// migration threshold unless they already share: a new pair restarts both.
#pragma once

#include "core/allocator_state.h"

namespace accord::core {

void pack_waiting(AllocState &s, const PairRates &pairs);

}  // namespace accord::core
