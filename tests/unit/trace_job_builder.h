// A trace job in one line, for the simulator's tests.
#pragma once

#include <cstdint>

#include "sim/gavel_trace.h"

namespace accord::test {

inline sim::TraceJob job(const char *type, uint64_t steps, double arrival, int gpus, int line)
{
    sim::TraceJob t;
    t.job_type = type;
    t.total_steps = steps;
    t.arrival_s = arrival;
    t.scale_factor = gpus;
    t.line = line;
    return t;
}

}  // namespace accord::test
