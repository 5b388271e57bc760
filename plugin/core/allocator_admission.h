// The allocator's admission, node by node (core/allocator.h, rule 2): walk
// the priority order; a job that holds GPUs keeps its nodes; any other job
// takes the option with the fewest GPUs that can be placed, best rate among
// those: on one node when one has room, else spread if that is no slower
// than its slowest one-node option; only when nothing is free, by
// displacing holders later in the order (the first of its options, in the
// order given, that displacing makes room for, on the node where that
// displaces the fewest GPUs; they are placed again or wait when their turn
// comes). A
// job that cannot be placed is skipped, so capacity never idles behind it.
#pragma once

#include <vector>

#include "core/allocator_state.h"

namespace accord::core {

// Jobs that may not move keep their option and nodes; an unmovable pair
// keeps sharing its GPUs, counted once.
void keep_unmovable(AllocState &s);

// Admits the jobs of `order` (priority_order()) as above.
void admit(AllocState &s, const std::vector<size_t> &order);

}  // namespace accord::core
