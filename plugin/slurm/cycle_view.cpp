#include "slurm/cycle_view.h"

#include <set>

namespace accord::slurm {

namespace {

void count_gpus(const core::Node &node, std::map<std::string, GpuTypeView> &gpus)
{
    for (const auto &[type, count] : node.capacity.gpus) {
        if (count <= 0)
            continue;
        GpuTypeView &view = gpus[type];
        view.nodes++;
        view.total += count;
        if (node.schedulable)
            view.free += node.free.gpus_of(type);
        else
            view.unavailable += count;
    }
}

// The types the planner may give the job (schedule_cycle.cpp's rule): the
// one its request names, else those on its allowed nodes that its
// --accord-gpu-types hint accepts.
std::set<std::string> types_for(const core::PendingJob &job, const std::vector<core::Node> &nodes)
{
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    std::set<std::string> types;
    for (int index : job.allowed_nodes)
        for (const auto &[type, count] : nodes.at(index).capacity.gpus)
            if (count > 0 && core::accepts_gpu_type(job, type))
                types.insert(type);
    return types;
}

QueuedJobView view_job(const core::PendingJob &job, const std::vector<core::Node> &nodes,
                       const core::GpuTypeRanker &ranker)
{
    QueuedJobView view;
    view.job_id = job.job_id;
    view.partition = job.partition;
    view.family = job.family;
    view.requested_type = job.gpus.type;
    view.gpus = core::requested_gpus(job);
    // A request naming several types runs on all of them, as asked: it has
    // no type to rate, and its GPUs are every part's.
    for (const auto &part : job.gpus.more_types) {
        view.requested_type += "+" + part.type;
        view.gpus += core::gpus_in_all(part.per_job, part.per_node, job.min_nodes);
    }
    if (job.gpus.more_types.empty())
        for (const auto &type : types_for(job, nodes))
            view.speed[type] = ranker.speed(job, type);
    return view;
}

}  // namespace

CycleView view_cycle(const core::ClusterSnapshot &snapshot, const core::GpuTypeRanker &ranker,
                     const std::map<std::string, double> &table)
{
    CycleView view;
    view.predictor = {table.empty() ? "none" : "speed_table", ranker.rule(), ranker.speed_source(), table};
    for (const auto &node : snapshot.nodes)
        count_gpus(node, view.gpus);
    view.pending = snapshot.queue.size();
    for (const auto &job : snapshot.queue) {
        if (!job.gpus.any())
            continue;
        view.pending_gpu++;
        if (view.queue.size() < kListedJobs)
            view.queue.push_back(view_job(job, snapshot.nodes, ranker));
    }
    view.neighbours = snapshot.neighbour_slowdowns.pairs();
    view.neighbour_pairs = view.neighbours.size();
    if (view.neighbours.size() > kListedNeighbourPairs)
        view.neighbours.resize(kListedNeighbourPairs);
    return view;
}

}  // namespace accord::slurm
