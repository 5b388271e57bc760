// accord-live-workload: the submission plan of the live comparison. Takes
// accord-sim's own options for throughputs, jobs and cluster (so the live
// run and the simulator replay the same jobs) and prints one tab-separated
// line per job, in arrival order:
//   arrival_s  gpus  steps  limit_s  gpu_types  job_type
// limit_s is the time limit accord-sim gives the job (sim/time_limit.h);
// gpu_types are the cluster's types with a measured speed for it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <set>
#include <string>

#include "sim/input_error.h"
#include "sim/job_speed.h"
#include "sim/sim_inputs.h"
#include "sim/sim_options.h"
#include "sim/time_limit.h"

using namespace accord;

namespace {

std::string allowed_types(const sim::JobLimit &limit, const std::vector<core::Node> &nodes)
{
    std::set<std::string> types;
    for (int n : limit.allowed_nodes)
        for (const auto &[type, count] : nodes[n].capacity.gpus)
            types.insert(type);
    std::string joined;
    for (const auto &t : types)
        joined += (joined.empty() ? "" : ",") + t;
    return joined;
}

// The plugin ranks GPU types by one speed per type (accord_gpu_speed),
// while accord-sim's policies rank by each job type's own one-GPU
// speed. The per-type speed here is the geometric mean over the job types
// measured on every GPU type of the cluster, scaled so the slowest is 1: it
// orders the types as every such job type does when they all agree.
std::string gpu_speed_param(const sim::ThroughputTable &table, const std::vector<std::string> &types)
{
    std::vector<double> log_sum(types.size(), 0);
    int measured = 0;
    for (const auto &job_type : table.job_types()) {
        std::vector<double> rates;
        for (const auto &type : types)
            if (auto rate = table.isolated(type, job_type, 1); rate && *rate > 0)
                rates.push_back(*rate);
        if (rates.size() != types.size())
            continue;
        for (size_t i = 0; i < types.size(); i++)
            log_sum[i] += std::log(rates[i]);
        measured++;
    }
    if (!measured)
        throw sim::InputError("no job type is measured on every GPU type of the cluster");
    double slowest = *std::min_element(log_sum.begin(), log_sum.end());
    std::string param;
    for (size_t i = 0; i < types.size(); i++) {
        char speed[32];
        std::snprintf(speed, sizeof speed, "%.3g", std::exp((log_sum[i] - slowest) / measured));
        param += (param.empty() ? "" : "/") + types[i] + ":" + speed;
    }
    return param;
}

std::vector<std::string> cluster_types(const std::vector<core::Node> &nodes)
{
    std::set<std::string> types;
    for (const auto &node : nodes)
        for (const auto &[type, count] : node.capacity.gpus)
            types.insert(type);
    return {types.begin(), types.end()};
}

}  // namespace

int main(int argc, char **argv)
{
    sim::SimOptions options = sim::parse_sim_options(argc, argv);
    if (!options.sia_profiles.empty()) {
        std::cerr << "accord-live-workload: accord-dl-job reads Gavel-schema tables only (--throughputs)\n";
        return 2;
    }
    try {
        sim::SimInputs in = sim::load_inputs(options);
        sim::JobSpeed speed(in.table);
        std::vector<sim::TraceJob> jobs = in.jobs;
        std::printf("# accord_gpu_speed=%s\n", gpu_speed_param(in.table, cluster_types(in.nodes)).c_str());
        std::stable_sort(jobs.begin(), jobs.end(),
                         [](const sim::TraceJob &a, const sim::TraceJob &b) { return a.arrival_s < b.arrival_s; });
        for (const auto &job : jobs) {
            sim::JobLimit limit = sim::job_limit(job, in.nodes, speed, options.config.limit_factor);
            std::printf("%.3f\t%d\t%llu\t%lld\t%s\t%s\n", job.arrival_s, job.scale_factor,
                        static_cast<unsigned long long>(job.total_steps), static_cast<long long>(limit.limit_s),
                        allowed_types(limit, in.nodes).c_str(), job.job_type.c_str());
        }
    } catch (const sim::InputError &e) {
        std::cerr << "accord-live-workload: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
