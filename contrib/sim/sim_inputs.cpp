#include "sim/sim_inputs.h"

#include <algorithm>
#include <map>

#include "sim/alibaba_cluster.h"
#include "sim/cluster_spec.h"
#include "sim/gpu_type_shape.h"
#include "sim/philly_generator.h"
#include "sim/sia_profiles.h"
#include "sim/sia_workload.h"

namespace accord::sim {

namespace {

// The cluster from --cluster, or Alibaba's machines scaled down to the
// GPU types the throughputs know.
std::vector<core::Node> load_cluster(const SimOptions &o, const std::vector<std::string> &known_types,
                                     std::vector<std::string> &notes)
{
    if (o.alibaba_cluster.empty())
        return parse_cluster_spec(o.cluster);
    ScaledCluster scaled = alibaba_cluster_spec(o.alibaba_cluster, o.scale_down, known_types);
    notes.insert(notes.end(), scaled.notes.begin(), scaled.notes.end());
    notes.push_back("cluster: " + scaled.spec);
    return parse_cluster_spec(scaled.spec);
}

// Sia's profiles for the configured clusters, each with entries up to the
// simulated cluster's GPUs of its type (Sia caps a job at 64 GPUs).
SiaProfiles load_sia(const SimOptions &o, SimInputs &in)
{
    std::vector<SiaCluster> clusters = parse_sia_clusters(o.sia_clusters);
    std::vector<std::string> types;
    for (const auto &c : clusters)
        types.push_back(c.gpu_type);
    in.nodes = load_cluster(o, types, in.notes);
    auto shapes = type_shapes(in.nodes);
    for (auto &c : clusters)
        c.max_gpus = std::max(1, std::min(c.max_gpus, shapes[c.gpu_type].total));
    return SiaProfiles::load(o.sia_profiles, clusters);
}

std::vector<TraceJob> load_jobs(const SimOptions &o, const ThroughputTable &table, const SiaProfiles *sia)
{
    if (o.generate.jobs)
        return generate_trace(read_philly_distribution(o.philly), table, o.generate);
    if (!o.sia_workload.empty()) {
        SiaWorkloadOptions w;
        w.batch = o.sia_batch == "fixed" ? SiaBatch::fixed : SiaBatch::adaptive;
        w.elastic = !o.rigid;
        return read_sia_workload(o.sia_workload, *sia, w);
    }
    return read_gavel_trace(o.trace);
}

}  // namespace

SimInputs load_inputs(const SimOptions &o)
{
    SimInputs in;
    if (!o.sia_profiles.empty()) {
        SiaProfiles sia = load_sia(o, in);
        in.table = sia.throughput_table(!o.sia_uncalibrated);
        in.jobs = load_jobs(o, in.table, &sia);
    } else {
        in.table = ThroughputTable::load_gavel(o.throughputs);
        in.nodes = load_cluster(o, in.table.gpu_types(), in.notes);
        in.jobs = load_jobs(o, in.table, nullptr);
    }
    if (o.first && o.first < in.jobs.size())
        in.jobs.resize(o.first);
    return in;
}

}  // namespace accord::sim
