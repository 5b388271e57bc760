// The GPUs on a list of nodes, by type: what the request rules
// (core/request_types.h, core/request_options.h) read of a job's allowed
// nodes. A queue's jobs share a few lists of hundreds of nodes; summed up
// once per list, those rules cost the number of GPU types, not nodes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

class NodeSetGpus {
public:
    // `node_list` indexes `nodes` (a node listed twice counts twice).
    NodeSetGpus(const std::vector<int> &node_list, const std::vector<Node> &nodes);

    // Per GPU type, in name order: the count on each listed node whose
    // capacity names the type (zero counts too), largest first.
    const std::map<std::string, std::vector<int>> &counts() const { return counts_; }
    // Those of one type; none when no listed node names it.
    const std::vector<int> &counts_of(const std::string &type) const;
    // Their sum: the GPUs of the type on the listed nodes.
    int total_of(const std::string &type) const;
    // How many listed nodes have at least `gpus` of the type.
    int nodes_with(const std::string &type, int gpus) const;

private:
    std::map<std::string, std::vector<int>> counts_;
    std::map<std::string, int> totals_;
};

}  // namespace accord::core
