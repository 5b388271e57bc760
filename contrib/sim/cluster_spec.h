// A simulated cluster from a short spec, as contrib/cluster/accord-cluster
// takes it: "v100:9x4,p100:9x4,k80:9x4" = per GPU type, nodes x GPUs per
// node. Nodes are named TYPE-1, TYPE-2, ...
#pragma once

#include <string>
#include <vector>

#include "core/snapshot.h"

namespace accord::sim {

// CPUs per GPU on a simulated node: enough that CPUs never bind, since the
// traces only ask for GPUs.
constexpr int kCpusPerGpu = 4;

// Nodes a whole spec may name: far beyond any cluster simulated here, and
// a bound on memory (each item alone may name up to 100,000; found by
// fuzzing, tests/fuzz/fuzz_cluster_spec).
constexpr size_t kMaxSpecNodes = 100000;

// Throws InputError naming the item that is wrong, or the item that takes
// the spec past kMaxSpecNodes.
std::vector<core::Node> parse_cluster_spec(const std::string &spec);

}  // namespace accord::sim
