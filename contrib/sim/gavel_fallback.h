// The allocation Gavel's policies use when the LP fails or runs out of
// time: entries that had a share in the previous allocation keep it (a
// subset of a feasible allocation is feasible), and the jobs new since then
// split each type's remaining GPUs equally (in GPU-time), each job's total
// capped at 1. Entries with no previous share and pairs get 0.
#pragma once

#include "sim/gavel_allocation.h"

namespace accord::sim {

GavelAllocation fallback_allocation(const GavelInstance &inst, const GavelAllocation &previous);

}  // namespace accord::sim
