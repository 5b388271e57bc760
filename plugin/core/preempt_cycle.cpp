#include "core/preempt_cycle.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/allocator_cycle.h"
#include "core/allowed_node_masks.h"
#include "core/movable_jobs.h"
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

// The allocator's nodes: per schedulable node and GPU type, what is free
// plus what movable jobs hold there, in node then type order. Indexed per
// node, not in a map keyed by (node, type name): every cycle builds it over
// all schedulable nodes.
class PreemptNodes {
public:
    PreemptNodes(const ClusterSnapshot &s, const std::vector<Movable> &movable);
    const std::vector<AllocNode> &nodes() const { return nodes_; }
    // The snapshot node of nodes()[place].
    int node_of(size_t place) const { return nodes_.at(place).node; }
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
                nodes_.push_back(AllocNode{type, count, static_cast<int>(n)});
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

// With its request (accord_migrate), a running job moves only to nodes it
// may use.
AllocJob alloc_job(const Movable &m, const ClusterSnapshot &s, const PreemptNodes &nodes, AllowedNodeMasks &masks)
{
    const RunningJob &r = s.running[m.running];
    AllocJob a;
    a.id = r.job_id;
    if (r.request)
        a.allowed = masks.of(*r.request);
    a.options = m.options;
    a.current = m.current;
    a.attained_gpu_s = static_cast<double>(m.gpus) * static_cast<double>(s.now - r.start_time);
    a.held.reserve(r.usage.size());
    for (const auto &use : r.usage)
        a.held.push_back(NodeShare{nodes.at(use.node, m.type), use.used.gpus_of(m.type)});
    return a;
}

// How much longer a running job is expected to run: min(its time limit
// left, its run so far) (heavy-tailed run times; preempt_cycle.h, rule 3).
double expected_left(const RunningJob &r, int64_t now)
{
    return static_cast<double>(std::max<int64_t>(std::min(r.end_time - now, now - r.start_time), 0));
}

// The requeue of `m` for `note`'s reason.
Decision requeue_decision(const Movable &m, const ClusterSnapshot &s, RequeueNote note)
{
    const RunningJob &r = s.running[m.running];
    Decision d;
    d.queue_index = m.running;
    d.job_id = r.job_id;
    d.verdict = Verdict::Requeue;
    d.gpu_type = m.type;
    d.placement = r.usage;
    d.requeue = std::move(note);
    return d;
}

// The snapshot nodes of the allocator's shares.
std::vector<int> nodes_of(const Shares &shares, const PreemptNodes &nodes)
{
    std::vector<int> on;
    on.reserve(shares.size());
    for (const auto &share : shares)
        on.push_back(nodes.node_of(share.node));
    return on;
}

bool contains(const std::vector<int> &nodes, int node)
{
    return std::find(nodes.begin(), nodes.end(), node) != nodes.end();
}

// Whether the job may run on these nodes: all among those it may use, its
// required ones among them (a job that must have two nodes may be placed
// on one of them by the allocator, which reads them as the nodes it may
// use).
bool may_run_on(const PendingJob &asked, const std::vector<int> &on)
{
    return std::all_of(on.begin(), on.end(), [&](int n) { return contains(asked.allowed_nodes, n); }) &&
           std::all_of(asked.required_nodes.begin(), asked.required_nodes.end(),
                       [&](int n) { return contains(on, n); });
}

// Rule 4: whether `m`, moved by the allocator to option `to`, is requeued
// for it: the time it saves exceeds the restart cost, its GPUs there are
// on nodes it may use and free now or its own (a move must not wait on
// other requeues).
bool worth_moving(const Movable &m, const AllocChoice &to, const ClusterSnapshot &s, const PreemptNodes &nodes,
                  const PreemptConfig &p)
{
    double now = m.options[m.current].rate, there = m.options[to.option].rate;
    double left = expected_left(s.running[m.running], s.now);
    if (there <= now || left * (1 - now / there) <= static_cast<double>(p.restart_cost_s))
        return false;
    if (!may_run_on(*s.running[m.running].request, nodes_of(to.shares, nodes)))
        return false;
    for (const auto &share : to.shares) {
        int node = nodes.node_of(share.node);
        const std::string &type = nodes.nodes()[share.node].gpu_type;
        int room = s.nodes[node].free.gpus_of(type);
        if (type == m.type)
            for (const auto &[held_node, gpus] : m.held)
                if (held_node == node)
                    room += gpus;
        if (share.gpus > room)
            return false;
    }
    return true;
}

// The movable jobs the allocator, deciding for them and the queue
// together, does not keep where they are (a waiting job displaces only on
// nodes it may use: core/allocator.h, rule 7); those it moves that rule 4
// requeues have their `target`.
std::vector<Movable> displaced(const ClusterSnapshot &s, const std::vector<Movable> &movable, const Cycle &c)
{
    PreemptNodes nodes(s, movable);
    PlanningOrder order = planning_order(s, c.config.max_jobs, c.config.fairness_bound, c.ranker);
    const QueueAllocJobs &queue = c.queue.jobs(order);
    std::vector<AllocJob> jobs;
    jobs.reserve(movable.size() + queue.jobs.size());
    AllowedNodeMasks masks(s.nodes.size());
    for (const auto &m : movable)
        jobs.push_back(alloc_job(m, s, nodes, masks));
    jobs.insert(jobs.end(), queue.jobs.begin(), queue.jobs.end());
    std::vector<AllocChoice> choice = allocate(jobs, nodes.nodes(), c.alloc);
    std::vector<bool> is_displaced(movable.size());
    for (size_t j = 0; j < movable.size(); j++)
        is_displaced[j] = choice[j].option != movable[j].current || choice[j].shares != jobs[j].held;
    std::vector<Movable> out;
    for (size_t j = 0; j < movable.size(); j++) {
        if (!is_displaced[j])
            continue;
        out.push_back(movable[j]);
        int to = choice[j].option;
        if (c.preempt.migrate && to >= 0 && to != movable[j].current &&
            worth_moving(movable[j], choice[j], s, nodes, c.preempt))
            out.back().target = to;
    }
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
    note.gain_gpu_s = std::min(taken, m.gpus) * expected_left(r, s.now);
    note.cost_gpu_s = static_cast<double>(m.gpus) * static_cast<double>(p.restart_cost_s);
    if (taken == 0 || note.gain_gpu_s <= note.cost_gpu_s)
        return std::nullopt;
    return requeue_decision(m, s, std::move(note));
}

// Whether any displaced job not moving (rule 4) could pass the requeue test
// at all; if none can, every round would drop them all
// (core/requeue_bounds.h).
bool any_could_be_requeued(const std::vector<Movable> &requeued, const ClusterSnapshot &s,
                           const CycleConfig &config, const PreemptConfig &p)
{
    return std::any_of(requeued.begin(), requeued.end(), [&](const Movable &m) {
        return m.target < 0 && could_be_requeued(s.running[m.running], s, config, p);
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
// requeue test, and those rule 4 moves; empty when no round is worth planning.
std::vector<Movable> requeue_candidates(const ClusterSnapshot &s, const Cycle &c)
{
    std::vector<Movable> movable = movable_jobs(s, c.ranker, c.preempt);
    std::vector<Movable> requeued = movable.empty() ? movable : displaced(s, movable, c);
    if (!any_could_be_requeued(requeued, s, c.config, c.preempt))
        requeued.erase(std::remove_if(requeued.begin(), requeued.end(), [](const Movable &m) { return m.target < 0; }),
                       requeued.end());
    return requeued;
}

// Rule 4's requeue of `m`, moving to its `target`.
Decision move_of(const Movable &m, const ClusterSnapshot &s, const PreemptConfig &p)
{
    const JobOption &to = m.options[m.target];
    double speedup = to.rate / m.options[m.current].rate;
    RequeueNote note;
    note.move_type = to.gpu_type;
    note.move_gpus = to.gpus;
    note.move_speedup = speedup;
    note.gain_gpu_s = m.gpus * expected_left(s.running[m.running], s.now) * (1 - 1 / speedup);
    note.cost_gpu_s = static_cast<double>(m.gpus) * static_cast<double>(p.restart_cost_s);
    return requeue_decision(m, s, std::move(note));
}

// A round plans only the records that can change its requeue test; when
// every displaced job passes it, that plan is the cycle's and is planned
// whole if it was not. Jobs moving to another option (rule 4) are requeued
// in every round: they need no one else's start.
CyclePlan settle_requeues(ClusterSnapshot &snapshot, std::vector<Movable> candidates, const Cycle &c)
{
    const ClusterSnapshot &s = snapshot;
    std::vector<Movable> requeued, moving;
    for (auto &m : candidates)
        (m.target >= 0 ? moving : requeued).push_back(std::move(m));
    size_t considered = std::min(c.config.max_jobs, s.queue.size());
    while (!requeued.empty() || !moving.empty()) {
        std::vector<Movable> gone = moving;
        gone.insert(gone.end(), requeued.begin(), requeued.end());
        std::optional<double> plan_above;
        if (!requeued.empty())
            plan_above = lowest_priority(requeued, s);
        CyclePlan plan = round_plan(snapshot, gone, c, plan_above);
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
                plan = round_plan(snapshot, gone, c, std::nullopt);
            for (const auto &m : moving)
                requeues.push_back(move_of(m, s, c.preempt));
            std::sort(requeues.begin(), requeues.end(),
                      [](const Decision &a, const Decision &b) { return a.queue_index < b.queue_index; });
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
