#include "core/preempt_cycle.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/allocator_cycle.h"
#include "core/requeue_bounds.h"
#include "core/running_removed.h"

namespace accord::core {

namespace {

// What each step of one cycle reads, and the queue as the allocator sees
// it, kept for all of them: each plans the same queue on the same nodes
// (core/queue_alloc_memo.h).
struct Cycle {
    const CycleConfig &config;
    const GpuTypeRanker &ranker;
    const AllocConfig &alloc;
    const PreemptConfig &preempt;
    QueueAllocMemo &queue;
};

// A running job the allocator may move: `gpus` GPUs of `type`.
struct Movable {
    size_t running = 0;  // index into ClusterSnapshot::running
    std::string type;
    int gpus = 0;
    double rate = 0;
    std::vector<std::pair<int, int>> held;  // (node, its GPUs there), by node
};

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
        if (speed && *speed > 0)
            out.push_back(Movable{i, type, gpus, *speed * gpus * ranker.scaling(as_pending, type, gpus),
                                  held_on_nodes(r, type)});
    }
    return out;
}

// The allocator's nodes: per schedulable node and GPU type, what is free
// plus what movable jobs hold there, in node then type order. Indexed per
// node, not in a map keyed by (node, type name): every cycle builds it over
// all schedulable nodes.
class PreemptNodes {
public:
    PreemptNodes(const ClusterSnapshot &s, const std::vector<Movable> &movable);
    const std::vector<AllocNode> &nodes() const { return nodes_; }
    // Where `node`'s GPUs of `type` are in nodes(); throws
    // std::out_of_range when it has none.
    size_t at(int node, const std::string &type) const;

private:
    std::vector<AllocNode> nodes_;
    std::vector<size_t> first_;  // per snapshot node, and one past: where its entries start in nodes_
};

PreemptNodes::PreemptNodes(const ClusterSnapshot &s, const std::vector<Movable> &movable)
{
    std::vector<GpuCounts> gpus(s.nodes.size());
    for (size_t n = 0; n < s.nodes.size(); n++)
        if (s.nodes[n].schedulable)
            gpus[n] = s.nodes[n].free.gpus;
    for (const auto &m : movable)
        for (const auto &use : s.running[m.running].usage)
            gpus[use.node][m.type] += use.used.gpus_of(m.type);
    first_.reserve(gpus.size() + 1);
    for (size_t n = 0; n < gpus.size(); n++) {
        first_.push_back(nodes_.size());
        for (const auto &[type, count] : gpus[n])
            if (count > 0)
                nodes_.push_back(AllocNode{type, count});
    }
    first_.push_back(nodes_.size());
}

size_t PreemptNodes::at(int node, const std::string &type) const
{
    size_t n = static_cast<size_t>(node);
    for (size_t place = first_.at(n); place < first_.at(n + 1); place++)
        if (nodes_[place].gpu_type == type)
            return place;
    throw std::out_of_range("no GPUs of " + type + " on node " + std::to_string(node));
}

AllocJob alloc_job(const Movable &m, const ClusterSnapshot &s, const PreemptNodes &nodes)
{
    const RunningJob &r = s.running[m.running];
    AllocJob a;
    a.id = r.job_id;
    a.options = {JobOption{m.type, m.gpus, m.rate, r.usage.size() > 1 ? m.rate : 0}};
    a.current = 0;
    a.attained_gpu_s = static_cast<double>(m.gpus) * static_cast<double>(s.now - r.start_time);
    a.held.reserve(r.usage.size());
    for (const auto &use : r.usage)
        a.held.push_back(NodeShare{nodes.at(use.node, m.type), use.used.gpus_of(m.type)});
    return a;
}

// The movable jobs the allocator, deciding for them and the queue
// together, does not keep where they are.
std::vector<Movable> displaced(const ClusterSnapshot &s, const std::vector<Movable> &movable, const Cycle &c)
{
    PreemptNodes nodes(s, movable);
    PlanningOrder order = planning_order(s, c.config.max_jobs, c.config.fairness_bound, c.ranker);
    const QueueAllocJobs &queue = c.queue.jobs(order);
    std::vector<AllocJob> jobs;
    jobs.reserve(movable.size() + queue.jobs.size());
    for (const auto &m : movable)
        jobs.push_back(alloc_job(m, s, nodes));
    jobs.insert(jobs.end(), queue.jobs.begin(), queue.jobs.end());
    std::vector<AllocChoice> choice = allocate(jobs, nodes.nodes(), c.alloc);
    std::vector<Movable> out;
    for (size_t j = 0; j < movable.size(); j++)
        if (choice[j].option != 0 || choice[j].shares != jobs[j].held)
            out.push_back(movable[j]);
    return out;
}

// The plan of one round: the allocator's cycle with `requeued` gone and
// their resources free, planned down to `plan_above` when given.
CyclePlan round_plan(ClusterSnapshot &snapshot, const std::vector<Movable> &requeued, const Cycle &c,
                     std::optional<double> plan_above)
{
    std::vector<size_t> gone;
    for (const auto &m : requeued)
        gone.push_back(m.running);
    RunningRemoved round(snapshot, gone);
    return allocator_cycle(round.get(), c.config, c.ranker, c.alloc, plan_above, &c.queue);
}

// The plan's starts, in its order: every displaced job's requeue test
// walks them, and a plan has far more records than starts.
std::vector<const Decision *> starts_of(const CyclePlan &plan)
{
    std::vector<const Decision *> out;
    for (const auto &d : plan.decisions)
        if (d.verdict == Verdict::Start)
            out.push_back(&d);
    return out;
}

// The GPUs of `m` a start takes.
int taken_from(const Movable &m, const Decision &start)
{
    int taken = 0;
    for (const auto &use : start.placement)
        for (const auto &[node, gpus] : m.held)
            if (node == use.node)
                taken += std::min(gpus, use.used.gpus_of(m.type));
    return taken;
}

// The requeue of `m` as the plan's `starts` justify it: the higher-priority
// starts on its GPUs, and gain against cost (preempt_cycle.h); empty when
// it is not worth it.
std::optional<Decision> requeue_of(const Movable &m, const ClusterSnapshot &s,
                                   const std::vector<const Decision *> &starts, const PreemptConfig &p)
{
    const RunningJob &r = s.running[m.running];
    RequeueNote note;
    int taken = 0;
    for (const Decision *d : starts) {
        if (s.queue[d->queue_index].priority <= r.priority)
            continue;
        int on_its_gpus = taken_from(m, *d);
        if (on_its_gpus > 0) {
            taken += on_its_gpus;
            note.for_jobs.push_back(d->job_id);
        }
    }
    double wait_spared = static_cast<double>(std::min(r.end_time - s.now, s.now - r.start_time));
    note.gain_gpu_s = std::min(taken, m.gpus) * std::max(wait_spared, 0.0);
    note.cost_gpu_s = static_cast<double>(m.gpus) * static_cast<double>(p.restart_cost_s);
    if (taken == 0 || note.gain_gpu_s <= note.cost_gpu_s)
        return std::nullopt;
    Decision d;
    d.queue_index = m.running;
    d.job_id = r.job_id;
    d.verdict = Verdict::Requeue;
    d.gpu_type = m.type;
    d.placement = r.usage;
    d.requeue = std::move(note);
    return d;
}

// Whether any displaced job could pass the requeue test at all; if none
// can, every round would drop them all (core/requeue_bounds.h).
bool any_could_be_requeued(const std::vector<Movable> &requeued, const ClusterSnapshot &s,
                           const CycleConfig &config, const PreemptConfig &p)
{
    return std::any_of(requeued.begin(), requeued.end(), [&](const Movable &m) {
        return could_be_requeued(s.running[m.running], s, config, p);
    });
}

// The lowest priority of the displaced jobs: starts of records at or
// below it count for none of them.
double lowest_priority(const std::vector<Movable> &requeued, const ClusterSnapshot &s)
{
    double lowest = s.running[requeued.front().running].priority;
    for (const auto &m : requeued)
        lowest = std::min(lowest, s.running[m.running].priority);
    return lowest;
}

// The running jobs the allocator would displace and that could pass the
// requeue test; empty when no round is worth planning.
std::vector<Movable> requeue_candidates(const ClusterSnapshot &s, const Cycle &c)
{
    std::vector<Movable> movable = movable_jobs(s, c.ranker, c.preempt);
    std::vector<Movable> requeued = movable.empty() ? movable : displaced(s, movable, c);
    if (!any_could_be_requeued(requeued, s, c.config, c.preempt))
        requeued.clear();
    return requeued;
}

// A round plans only the records that can change its requeue test; when
// every displaced job passes it, that plan is the cycle's and is planned
// whole if it was not.
CyclePlan settle_requeues(ClusterSnapshot &snapshot, std::vector<Movable> requeued, const Cycle &c)
{
    const ClusterSnapshot &s = snapshot;
    size_t considered = std::min(c.config.max_jobs, s.queue.size());
    while (!requeued.empty()) {
        CyclePlan plan = round_plan(snapshot, requeued, c, lowest_priority(requeued, s));
        std::vector<const Decision *> starts = starts_of(plan);
        std::vector<Movable> kept;
        std::vector<Decision> requeues;
        for (const auto &m : requeued)
            if (auto d = requeue_of(m, s, starts, c.preempt)) {
                kept.push_back(m);
                requeues.push_back(std::move(*d));
            }
        if (kept.size() == requeued.size()) {
            if (plan.considered < considered)
                plan = round_plan(snapshot, requeued, c, std::nullopt);
            plan.requeues = std::move(requeues);
            return plan;
        }
        requeued = std::move(kept);
    }
    return allocator_cycle(s, c.config, c.ranker, c.alloc, std::nullopt, &c.queue);
}

}  // namespace

CyclePlan preempt_cycle_in_place(ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                                 const AllocConfig &alloc, const PreemptConfig &preempt)
{
    QueueAllocMemo queue(snapshot, ranker, config.max_jobs);
    Cycle c{config, ranker, alloc, preempt, queue};
    return settle_requeues(snapshot, requeue_candidates(snapshot, c), c);
}

// Most cycles displace no one: those plan the caller's snapshot as it is,
// and only a cycle with rounds to plan copies it. The copy has the same
// queue and nodes, so the queue's view made of the caller's serves it.
CyclePlan preempt_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                        const AllocConfig &alloc, const PreemptConfig &preempt)
{
    QueueAllocMemo queue(snapshot, ranker, config.max_jobs);
    Cycle c{config, ranker, alloc, preempt, queue};
    std::vector<Movable> requeued = requeue_candidates(snapshot, c);
    if (requeued.empty())
        return allocator_cycle(snapshot, config, ranker, alloc, std::nullopt, &queue);
    ClusterSnapshot copy = snapshot;
    return settle_requeues(copy, std::move(requeued), c);
}

}  // namespace accord::core
