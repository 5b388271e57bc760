#include "core/request_shapes.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <tuple>

namespace accord::core {

namespace {

// Everything node_picker reads of a request, the allowed nodes by number.
// The numbers sit in an array: a key is made for every record of every
// cycle, and only a new shape's is kept (short type names and the usual
// empty lists allocate nothing).
using Shape = std::tuple<std::string, std::vector<std::string>, std::array<int64_t, 14>, std::vector<int>,
                         std::vector<GpuPart>>;

Shape shape_of(const PendingJob &job, size_t node_set)
{
    const GpuRequest &g = job.gpus;
    std::array<int64_t, 14> numbers = {job.min_nodes,     job.max_nodes,      job.cpus_total,
                                       job.cpus_per_node, job.mem_per_node_mb, job.mem_per_cpu_mb,
                                       job.whole_node_memory, job.exclusive,   g.per_node,
                                       g.per_job,         g.cpus_per_gpu,     g.mem_per_gpu_mb,
                                       job.shards_per_node, static_cast<int64_t>(node_set)};
    return {g.type, job.accepted_types, numbers, job.required_nodes, g.more_types};
}

}  // namespace

RequestShapes::RequestShapes(const std::vector<PendingJob> &queue, size_t count, GpusByNodeSet &node_sets)
{
    std::map<Shape, size_t> shapes;
    node_set_of_.reserve(std::min(count, queue.size()));
    shape_of_.reserve(std::min(count, queue.size()));
    for (size_t i = 0; i < count && i < queue.size(); i++) {
        node_set_of_.push_back(node_sets.number_of(queue[i].allowed_nodes));
        auto it = shapes.try_emplace(shape_of(queue[i], node_set_of_.back()), shapes.size()).first;
        shape_of_.push_back(it->second);
    }
    shapes_ = shapes.size();
}

}  // namespace accord::core
