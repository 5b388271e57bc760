#include "core/allocator.h"

#include "core/allocator_admission.h"
#include "core/allocator_leftovers.h"
#include "core/allocator_order.h"
#include "core/allocator_packing.h"
#include "core/allocator_state.h"
#include "core/allocator_types.h"

namespace accord::core {

std::vector<AllocChoice> allocate(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes,
                                  const AllocConfig &config, const PairRates *pairs)
{
    AllocState s(jobs, nodes, config);
    keep_unmovable(s);
    std::vector<size_t> order = priority_order(s);
    admit(s, order);
    search_types(s);
    admit_waiting(s);
    improve(s);
    if (pairs) {
        pack_admitted(s, *pairs);
        admit_waiting(s);
        pack_waiting(s, *pairs);
    }
    return s.choice;
}

}  // namespace accord::core
