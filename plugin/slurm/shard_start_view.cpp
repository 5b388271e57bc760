#include "slurm/shard_start_view.h"

namespace accord::slurm {

std::vector<ShardStartView> shard_start_views(const core::Decision &d, const core::ClusterSnapshot &snapshot)
{
    std::vector<ShardStartView> views;
    if (d.verdict != core::Verdict::Start || d.shared.size() != d.placement.size())
        return views;
    for (size_t i = 0; i < d.shared.size(); i++) {
        const core::SharedGpu &g = d.shared[i];
        ShardStartView v;
        v.job_id = d.job_id;
        v.time = snapshot.now;
        v.node = snapshot.nodes.at(d.placement[i].node).name;
        v.gpu = g.gpu;
        v.co_runners = g.co_runners;
        v.predicted = g.predicted;
        v.slowdown = g.slowdown;
        v.others_lost = g.others_lost;
        v.by_slowdown = d.by_slowdown;
        views.push_back(std::move(v));
    }
    return views;
}

}  // namespace accord::slurm
