#include "sim/gpu_type_shape.h"

#include <algorithm>

namespace accord::sim {

std::map<std::string, TypeShape> type_shapes(const std::vector<core::Node> &nodes)
{
    std::map<std::string, TypeShape> by_type;
    for (const auto &n : nodes)
        for (const auto &[type, count] : n.capacity.gpus) {
            TypeShape &shape = by_type[type];
            shape.largest_node = std::max(shape.largest_node, count);
            shape.total += count;
            shape.nodes++;
        }
    return by_type;
}

}  // namespace accord::sim
