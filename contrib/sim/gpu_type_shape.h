// The shape of each GPU type in a cluster: how many GPUs it has in all, on
// its largest node, and on how many nodes. It decides which configurations
// a job can get: one node only if the count fits the largest node, spread
// only over more than one node.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/snapshot.h"

namespace accord::sim {

struct TypeShape {
    int largest_node = 0;  // most GPUs of the type on one node
    int total = 0;         // GPUs of the type in the cluster
    int nodes = 0;
};

// Per GPU type, sorted by name.
std::map<std::string, TypeShape> type_shapes(const std::vector<core::Node> &nodes);

}  // namespace accord::sim
