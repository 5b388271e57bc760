#include "emulator/step_rate.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace accord::emu {

namespace {

using GpuSet = std::set<std::pair<std::string, int>>;  // (node, index)

GpuSet gpu_set(const JobAllocation &job)
{
    GpuSet set;
    for (const auto &n : job.nodes)
        for (int i : n.indices)
            set.insert({n.node, i});
    return set;
}

size_t node_count(const JobAllocation &job)
{
    std::set<std::string> names;
    for (const auto &n : job.nodes)
        names.insert(n.node);
    return names.size();
}

StepRate alone(const sim::JobSpeed &speed, const std::string &job_type, const JobAllocation &mine)
{
    int gpus = mine.gpus();
    if (gpus == 0)
        throw std::runtime_error("job " + mine.job_id + " holds no GPUs");
    bool spread = node_count(mine) > 1;
    std::set<std::string> types;
    for (const auto &n : mine.nodes)
        types.insert(n.type);
    StepRate slowest;
    for (const auto &type : types) {
        auto rate = speed.steps_per_second(type, job_type, gpus, spread);
        if (!rate)
            throw std::runtime_error("no measured speed for '" + job_type + "' on " +
                                     (type.empty() ? "untyped" : type) + " GPUs");
        if (slowest.why.empty() || *rate < slowest.steps_per_second)
            slowest = StepRate{*rate, type + " x" + std::to_string(gpus) + " on " +
                                          std::to_string(node_count(mine)) + " node(s)"};
    }
    if (types.size() > 1)
        slowest.why += " (mixed types: the slowest paces the job)";
    return slowest;
}

}  // namespace

StepRate step_rate(const sim::JobSpeed &speed, const std::string &job_type, const JobAllocation &mine,
                   const std::vector<Neighbour> &neighbours)
{
    StepRate rate = alone(speed, job_type, mine);
    GpuSet my_gpus = gpu_set(mine);
    std::map<std::pair<std::string, int>, int> sharers;  // my GPU -> other jobs on it
    std::vector<const Neighbour *> sharing;
    for (const auto &n : neighbours) {
        if (n.allocation.job_id == mine.job_id)
            continue;
        bool shares = false;
        for (const auto &gpu : gpu_set(n.allocation))
            if (my_gpus.count(gpu)) {
                sharers[gpu]++;
                shares = true;
            }
        if (shares)
            sharing.push_back(&n);
    }
    if (sharing.empty()) {
        rate.why += ", alone";
        return rate;
    }
    if (sharing.size() == 1 && gpu_set(sharing[0]->allocation) == my_gpus && node_count(mine) == 1 &&
        mine.nodes.size() == 1) {
        if (auto pair = speed.colocated(mine.nodes[0].type, job_type, sharing[0]->job_type, mine.gpus())) {
            rate.steps_per_second = pair->first;
            rate.why += ", packed with '" + sharing[0]->job_type + "' (measured pair)";
            return rate;
        }
    }
    int busiest = 0;
    for (const auto &[gpu, count] : sharers)
        busiest = std::max(busiest, count);
    rate.steps_per_second /= busiest + 1;
    rate.why += ", time-sliced with " + std::to_string(busiest) + " other job(s) (pair not measured)";
    return rate;
}

}  // namespace accord::emu
