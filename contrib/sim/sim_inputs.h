// What accord-sim replays, assembled from its options: the throughput
// table, the jobs and the cluster, from whichever sources were named.
#pragma once

#include <string>
#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/sim_options.h"
#include "sim/throughput_table.h"

namespace accord::sim {

struct SimInputs {
    ThroughputTable table;
    std::vector<TraceJob> jobs;
    std::vector<core::Node> nodes;
    std::vector<std::string> notes;  // what a source left out, one line each
};

// Throws InputError naming the file, line and field of bad input.
SimInputs load_inputs(const SimOptions &options);

}  // namespace accord::sim
