// The records of a queue numbered by the shape of their request (what they
// ask for and where they may go), and what a cycle learns about each shape.
// A long queue holds many records of few shapes, and whether one fits is
// the same for all of its shape: searching the nodes once per shape rather
// than once per record keeps a cycle's cost near the number of shapes, not
// records x nodes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "core/gpus_by_node_set.h"
#include "core/snapshot.h"

namespace accord::core {

// A node with room for a request: index into the request's GPU types, node.
struct NodeRoom {
    size_t type = 0;
    int node = 0;
};

// What one cycle learnt about a shape; a new cycle starts with none.
struct ShapeMemo {
    std::optional<bool> never_fits;  // more than its nodes hold even when idle
    std::optional<bool> types_mixed;  // never fits, but would on GPUs of several types (core/mixed_type_fit.h)
    // No room in what is free now. What is free now only shrinks within a
    // cycle (starts take from it; reservations begin later).
    bool no_room_now = false;
    std::optional<NodeRoom> room_now_on;  // a node that had room now, for one-node requests
    // The least time limit that found no room over [now, now + limit):
    // a longer period has no more room.
    int64_t no_room_for_limit = std::numeric_limits<int64_t>::max();
};

class RequestShapes {
public:
    // Numbers the first `count` records of `queue`; their node lists by
    // `node_sets`' numbers.
    RequestShapes(const std::vector<PendingJob> &queue, size_t count, GpusByNodeSet &node_sets);

    size_t shape(size_t record) const { return shape_of_[record]; }
    size_t shapes() const { return shapes_; }
    // Equal allowed-node lists get equal numbers.
    size_t node_set(size_t record) const { return node_set_of_[record]; }

private:
    std::vector<size_t> node_set_of_;
    std::vector<size_t> shape_of_;
    size_t shapes_ = 0;
};

}  // namespace accord::core
