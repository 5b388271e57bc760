#include "sim/lower_bound.h"

#include "sim/gpu_type_shape.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

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
    auto by_type = type_shapes(nodes);
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
