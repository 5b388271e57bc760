// Where a round's jobs sit on the simulated nodes: the round engine keeps a
// job's GPUs when its assignment is unchanged and asks here for new ones
// otherwise. A request goes on one node when one has room (best fit: the
// node with the fewest free GPUs that suffice, ties by node order), else
// over the fewest nodes (the nodes with the most free GPUs, the last one
// chosen by best fit). Spreading is GPU-granular, so a request always fits
// when its type has enough free GPUs in total.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/snapshot.h"

namespace accord::sim {

// `gpus` GPUs of node `node` (an index into the cluster's nodes).
struct GpuSlice {
    size_t node = 0;
    int gpus = 0;
    bool operator==(const GpuSlice &o) const { return node == o.node && gpus == o.gpus; }
};
using Placement = std::vector<GpuSlice>;  // by node index

class RoundPlacer {
public:
    explicit RoundPlacer(const std::vector<core::Node> &nodes);

    // Every GPU free again, for the next round.
    void clear();
    // Marks a placement kept from the last round as used.
    void keep(const std::string &gpu_type, const Placement &placement);
    // Free GPUs of `gpu_type` for a new request, as described above. Throws
    // std::logic_error when the type has fewer than `gpus` free GPUs (the
    // engine checks per-type capacity first, so that is an engine bug).
    Placement place(const std::string &gpu_type, int gpus);

private:
    struct TypeNodes {
        std::vector<size_t> nodes;  // nodes with GPUs of this type, by index
        std::vector<int> free;      // parallel to `nodes`
        std::vector<int> capacity;
    };
    TypeNodes &of(const std::string &gpu_type);
    Placement spread(TypeNodes &t, int gpus);

    std::map<std::string, TypeNodes> types_;
};

}  // namespace accord::sim
