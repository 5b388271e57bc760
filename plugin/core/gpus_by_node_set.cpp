#include "core/gpus_by_node_set.h"

namespace accord::core {

size_t GpusByNodeSet::number_of(const NodeList &node_list)
{
    size_t number = ids_.id_of(node_list);
    if (number == gpus_.size())  // numbers are given in the order lists are first seen
        gpus_.emplace_back(node_list, nodes_);
    return number;
}

}  // namespace accord::core
