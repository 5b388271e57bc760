// The rules a round's allocation must keep (round_policy.h), checked by the
// round engine before it places anything: a policy that breaks one has a
// bug, and the run stops with a std::logic_error naming the policy, the
// round, the job and the rule.
#pragma once

#include <string>
#include <vector>

#include "sim/round_policy.h"

namespace accord::sim {

// `position[i]` is job i's place in view.jobs, or -1 when job i is not
// waiting or running. Speeds are checked only for assignments that differ
// from the job's current one (an unchanged one passed before).
void validate_allocation(const RoundView &view, const std::vector<Allocation> &allocation,
                         const std::string &policy, const std::vector<long> &position);

}  // namespace accord::sim
