// Finding a job's decisions in a cycle's plan, for the cycles' unit tests.
#pragma once

#include <cstdint>
#include <vector>

#include "cmocka_cpp.h"
#include "core/schedule_cycle.h"

namespace accord::test {

inline std::vector<const core::Decision *> decisions_for(const core::CyclePlan &plan, uint32_t job_id)
{
    std::vector<const core::Decision *> out;
    for (const auto &d : plan.decisions)
        if (d.job_id == job_id)
            out.push_back(&d);
    return out;
}

// The job's one decision; fails the test when it has none or several.
inline core::Decision only(const core::CyclePlan &plan, uint32_t job_id)
{
    auto found = decisions_for(plan, job_id);
    if (found.size() != 1)
        fail_msg("job %u has %zu decisions, expected 1", job_id, found.size());
    return *found[0];
}

}  // namespace accord::test
