// The one-line text form of a GpuTopology: the GPU count, then each row of
// links as digits (GpuLink's order: 0 one GPU, 1 same PCIe switch, 2 same
// host bridge, 3 same NUMA node, 4 same package, 5 across packages), rows
// separated by '/': "4 0122/1022/2201/2210". accord-topology prints it and
// the plugin reads it (plugin/topology/topology_reader.h).
#pragma once

#include <string>
#include <string_view>

#include "core/gpu_topology.h"

namespace accord::core {

std::string links_text(const GpuTopology &topology);

// Throws std::invalid_argument saying what is wrong: the count, a row's
// length or digits, or what GpuTopology refuses.
GpuTopology links_from_text(std::string_view text);

}  // namespace accord::core
