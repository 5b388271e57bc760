#include "sim/lower_bound.h"

#include <algorithm>
#include <map>

#include "sim/input_error.h"

namespace accord::sim {

namespace {

struct TypeShape {
    int largest_node = 0;  // most GPUs of the type on one node
    int total = 0;         // GPUs of the type in the cluster
    int nodes = 0;
};

std::map<std::string, TypeShape> shapes(const std::vector<core::Node> &nodes)
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

// The fastest configuration of `t` on one type: one node if it fits there,
// or spread if the type has enough GPUs on several nodes.
void consider(const TraceJob &t, const std::string &type, const TypeShape &shape, const JobSpeed &speed,
              double &best, SimJob &job)
{
    int gpus = t.scale_factor;
    for (bool spread : {false, true}) {
        bool possible = spread ? shape.nodes > 1 && gpus <= shape.total : gpus <= shape.largest_node;
        auto rate = possible ? speed.steps_per_second(type, t.job_type, gpus, spread) : std::nullopt;
        if (rate && *rate > best) {
            best = *rate;
            job.gpu_type = type;
            job.nodes = spread ? (gpus + shape.largest_node - 1) / shape.largest_node : 1;
        }
    }
}

}  // namespace

SimResult isolated_fastest(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                           const std::vector<core::Node> &nodes)
{
    SimResult result;
    auto by_type = shapes(nodes);
    for (const auto &t : trace) {
        SimJob job{t, t.arrival_s, -1, "", 0, 0};
        double best = 0;
        for (const auto &[type, shape] : by_type)
            consider(t, type, shape, speed, best, job);
        if (best <= 0)
            throw InputError("trace line " + std::to_string(t.line) + " (" + t.job_type +
                             "): no configuration of the cluster can run it");
        job.end_s = t.arrival_s + t.total_steps / best;
        job.gpu_seconds = t.scale_factor * (job.end_s - job.start_s);
        result.jobs.push_back(std::move(job));
    }
    return result;
}

}  // namespace accord::sim
