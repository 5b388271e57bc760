// The nodes of a node list that have GPUs of a type, in the list's order:
// all pick_nodes() need look at for a job of that type (core/node_picker.h).
// A queue's jobs share a few lists of hundreds of nodes of several types,
// and a cycle picks nodes for hundreds of starts.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

class TypedNodes {
public:
    explicit TypedNodes(const std::vector<Node> &nodes) : nodes_(nodes) {}

    // The nodes of `node_list` whose capacity has GPUs of `type`; `number`
    // names the list (one number, one list: core/node_set_ids.h).
    const std::vector<int> &of(size_t number, const std::vector<int> &node_list, const std::string &type);

private:
    const std::vector<Node> &nodes_;
    std::map<std::pair<size_t, std::string>, std::vector<int>> lists_;
};

}  // namespace accord::core
