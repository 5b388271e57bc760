// Equal node lists, numbered: the jobs of one partition all carry the same
// allowed nodes, and comparing whole lists per job made a cycle cost
// O(jobs x nodes) in list compares. Within one cycle, equal lists get the
// same number, so per-list work (the GPU types on them, whether a request
// shape fits them) is done once per list.
#pragma once

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/node_list.h"

namespace accord::core {

class NodeSetIds {
public:
    // The number of `nodes`' list: the same for equal lists, 0, 1, ... in
    // the order lists are first seen.
    size_t id_of(const NodeList &nodes);

private:
    struct Hash {
        size_t operator()(const std::vector<int> &nodes) const { return hash_of(nodes); }
    };
    std::unordered_map<std::vector<int>, size_t, Hash> ids_;  // by content
    // By shared copy (NodeList::storage()), each kept alive here: copies
    // of a list are known without reading it.
    std::unordered_map<const void *, std::pair<NodeList, size_t>> by_storage_;
};

}  // namespace accord::core
