#include "core/movable_jobs.h"

#include <algorithm>

#include "core/request_options.h"

namespace accord::core {

namespace {

// Its GPUs, when of one type only and on schedulable nodes; else 0.
std::pair<std::string, int> held_gpus(const RunningJob &r, const ClusterSnapshot &s)
{
    GpuCounts held;
    for (const auto &use : r.usage) {
        if (!s.nodes[use.node].schedulable)
            return {"", 0};
        for (const auto &[type, count] : use.used.gpus)
            if (count > 0)
                held[type] += count;
    }
    if (held.size() != 1)
        return {"", 0};
    return *held.begin();
}

// Its GPUs of `type` on each node, by node: every round's requeue test
// reads them.
std::vector<std::pair<int, int>> held_on_nodes(const RunningJob &r, const std::string &type)
{
    std::vector<std::pair<int, int>> held;
    held.reserve(r.usage.size());
    for (const auto &use : r.usage)
        held.emplace_back(use.node, use.used.gpus_of(type));
    std::sort(held.begin(), held.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    size_t kept = 0;  // one entry per node, its GPUs summed
    for (size_t i = 0; i < held.size(); i++) {
        if (kept > 0 && held[kept - 1].first == held[i].first)
            held[kept - 1].second += held[i].second;
        else
            held[kept++] = held[i];
    }
    held.resize(kept);
    return held;
}

// With migration, every option its request allows, when the one it holds
// is among them (the time-limit rule may leave it out).
void offer_all_options(Movable &m, const RunningJob &r, const ClusterSnapshot &s, const GpuTypeRanker &ranker)
{
    std::vector<RequestOption> all = request_options(*r.request, s.nodes, ranker);
    auto held = std::find_if(all.begin(), all.end(),
                             [&](const RequestOption &o) { return o.request.type == m.type && o.gpus == m.gpus; });
    if (held == all.end())
        return;
    bool may_spread = r.request->max_nodes > 1;
    m.options.clear();
    for (const auto &o : all)
        m.options.push_back(JobOption{o.request.type, o.gpus, o.rate, may_spread ? o.rate : 0});
    m.current = static_cast<int>(held - all.begin());
    m.rate = held->rate;
}

}  // namespace

std::vector<Movable> movable_jobs(const ClusterSnapshot &s, const GpuTypeRanker &ranker, const PreemptConfig &p)
{
    std::vector<Movable> out;
    out.reserve(s.running.size());
    // The ranker reads only the family of a job (gpu_type_ranker.h): one
    // PendingJob, built once, asks for every running job.
    PendingJob as_pending;
    for (size_t i = 0; i < s.running.size(); i++) {
        const RunningJob &r = s.running[i];
        if (!r.requeueable || s.now - r.start_time < p.min_run_s)
            continue;
        auto [type, gpus] = held_gpus(r, s);
        if (gpus == 0)
            continue;
        as_pending.family = r.family;
        auto speed = ranker.speed(as_pending, type);
        if (!speed || *speed <= 0)
            continue;
        Movable m;
        m.running = i;
        m.type = type;
        m.gpus = gpus;
        m.rate = *speed * gpus * ranker.scaling(as_pending, type, gpus);
        m.held = held_on_nodes(r, type);
        m.options = {JobOption{type, gpus, m.rate, r.usage.size() > 1 ? m.rate : 0}};
        if (p.migrate && r.request)
            offer_all_options(m, r, s, ranker);
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace accord::core
