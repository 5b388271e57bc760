// The allocator's leftovers (core/allocator.h, rule 4): jobs still waiting
// take what is free; admitted jobs move to free GPUs, or two jobs of equal
// count swap nodes of two types, when that raises their values (a job
// confined to some nodes moves only onto those, and is not swapped: rule
// 7).
#pragma once

#include "core/allocator_state.h"

namespace accord::core {

// Jobs still waiting, earliest in the order first, on free GPUs.
void admit_waiting(AllocState &s);

// Moves and swaps, repeated while one gains (a bounded number of passes).
void improve(AllocState &s);

}  // namespace accord::core
