// Gavel's round-based mechanism (scheduler.py: _update_priorities and
// _schedule_jobs_on_workers_helper): turns the allocation X into one
// round's assignments. Per GPU type, an entry's priority is
//   X[entry][type] / (rounds it held that type since the last reset),
// the rounds seeded with 1/2 as Gavel seeds each job's time with half a
// round (so an allocated entry that never ran has a large, finite
// priority); X = 0 gives priority 0. Gavel divides by the entry's share of
// all rounds given on the type, whose denominator is the same for every
// entry of a type; types are filled one after another (no global queue),
// so the order is the same. Per type, entries go by priority, then deficit,
// then X (all descending), then key; each is placed when none of its jobs
// is placed yet and the type still has its GPU count free. Entries with
// X = 0 come last but still fill free GPUs, as in Gavel.
#pragma once

#include <map>
#include <vector>

#include "sim/gavel_instance.h"
#include "sim/round_policy.h"

namespace accord::sim {

struct Candidate {
    EntryKey key;
    int gpus = 1;
    std::vector<bool> runnable;           // per pool
    const std::vector<double> *x = nullptr;  // X per pool; null = not allocated (0)
};

// Per entry and pool, since the last reset: rounds held (seeded with 1/2)
// and deficit (X * rounds elapsed - rounds held, summed over past resets).
struct RoundHistory {
    std::map<EntryKey, std::vector<double>> rounds;
    std::map<EntryKey, std::vector<double>> deficit;
    static constexpr double kSeed = 0.5;
};

// `pool_order`: positions in `pools`, the order types are filled in.
std::vector<Allocation> assign_round(const std::vector<Candidate> &candidates,
                                     const std::vector<GpuPool> &pools,
                                     const std::vector<size_t> &pool_order,
                                     const RoundHistory &history);

}  // namespace accord::sim
