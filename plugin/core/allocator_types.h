// The allocator's types and counts (core/allocator.h, rule 3): the
// admitted jobs' types and counts are searched on pooled GPUs
// (config_search.h) for the largest sum of weighted values. Elastic jobs
// grow only to counts that tile nodes. A job whose option the search kept
// keeps its nodes; the others are placed largest first. A job confined to
// some nodes (rule 7) is searched only at counts its nodes could hold,
// keeps what admission gave it while the others are released, and grows
// to its choice (or what of it fits) before they are placed.
#pragma once

#include "core/allocator_state.h"

namespace accord::core {

void search_types(AllocState &s);

}  // namespace accord::core
