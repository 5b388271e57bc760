#include "sim/pooled_instance.h"

#include <algorithm>

#include "sim/gpu_type_shape.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

std::string job_name(const TraceJob &t) { return "trace line " + std::to_string(t.line) + " (" + t.job_type + ")"; }

// The job on `gpus` GPUs of one type: the faster of one node and spread,
// or nothing when neither is possible or measured.
bool best_config(const TraceJob &t, const TypeShape &shape, const JobSpeed &speed, const std::string &type,
                 int gpus, JobConfig &config)
{
    double best = 0;
    for (bool spread : {false, true}) {
        bool possible = spread ? shape.nodes > 1 && gpus <= shape.total : gpus <= shape.largest_node;
        auto rate = possible ? speed.steps_per_second(type, t.job_type, gpus, spread) : std::nullopt;
        if (rate && *rate > best) {
            best = *rate;
            config.nodes = spread ? std::max(2, (gpus + shape.largest_node - 1) / shape.largest_node) : 1;
        }
    }
    config.gpus = gpus;
    config.duration_s = best > 0 ? t.total_steps / best : 0;
    return best > 0;
}

// Fewer GPUs of the same type and no slower (one configuration per count).
bool beaten(const JobConfig &c, const std::vector<JobConfig> &all)
{
    for (const auto &o : all)
        if (o.type == c.type && o.gpus < c.gpus && o.duration_s <= c.duration_s)
            return true;
    return false;
}

std::vector<JobConfig> configs_of(const TraceJob &t, const std::vector<std::pair<std::string, TypeShape>> &shapes,
                                  const JobSpeed &speed)
{
    int lo = t.min_gpus > 0 ? t.min_gpus : t.scale_factor;
    int hi = t.min_gpus > 0 ? t.max_gpus : t.scale_factor;
    if (lo > hi)
        throw InputError(job_name(t) + ": min_gpus " + std::to_string(lo) + " above max_gpus " + std::to_string(hi));
    std::vector<JobConfig> all;
    for (size_t k = 0; k < shapes.size(); k++)
        for (int gpus = lo; gpus <= std::min(hi, shapes[k].second.total); gpus++) {
            JobConfig c;
            c.type = static_cast<int>(k);
            if (best_config(t, shapes[k].second, speed, shapes[k].first, gpus, c))
                all.push_back(c);
        }
    std::vector<JobConfig> kept;
    for (const auto &c : all)
        if (!beaten(c, all))
            kept.push_back(c);
    if (kept.empty())
        throw InputError(job_name(t) + ": no configuration of the cluster can run it");
    std::stable_sort(kept.begin(), kept.end(),
                     [](const JobConfig &a, const JobConfig &b) { return a.duration_s < b.duration_s; });
    return kept;
}

}  // namespace

PooledInstance pooled_instance(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                               const std::vector<core::Node> &nodes)
{
    auto by_type = type_shapes(nodes);
    std::vector<std::pair<std::string, TypeShape>> shapes(by_type.begin(), by_type.end());
    PooledInstance instance;
    for (const auto &[name, shape] : shapes)
        instance.types.push_back(PoolType{name, shape.total});
    for (const auto &t : trace)
        instance.jobs.push_back(PooledJob{t.arrival_s, configs_of(t, shapes, speed)});
    return instance;
}

}  // namespace accord::sim
