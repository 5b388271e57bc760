#include "core/schedule_cycle.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include "core/ascending_times.h"
#include "core/cycle_resources.h"
#include "core/free_gpu_sweep.h"
#include "core/mixed_type_fit.h"
#include "core/node_picker.h"
#include "core/node_timeline.h"
#include "core/queue_views.h"
#include "core/request_types.h"
#include "core/speed_prediction.h"

namespace accord::core {

namespace {

struct Option {
    std::string gpu_type;
    Pick pick;
    double score = 0;
};

bool better(const Option &a, const Option &b)
{
    if (a.score != b.score)
        return a.score > b.score;
    return a.pick.idle_gpus_left < b.pick.idle_gpus_left;
}

// The narrowing of pick_nodes()'s search for each GPU type (none when empty).
using ScopeOfType = std::function<NodeScope(const std::string &type)>;

// The best placement over all acceptable GPU types, given what is free.
// `closeness` (for a start now) ranks nodes by how close their GPUs are,
// `sharing` (also) by the predicted loss of sharing a GPU, `neighbours`
// (also) by the loss predicted beside the jobs on each node.
std::optional<Option> best_option(const PendingJob &job, const std::vector<std::string> &types,
                                  const std::vector<NodeTimeline> &tl, const GpuTypeRanker &ranker,
                                  const FreeResources &free_of, const GpuCloseness *closeness = nullptr,
                                  const ShardSharing *sharing = nullptr, const ScopeOfType &scope_of = {},
                                  const NodeNeighbours *neighbours = nullptr)
{
    std::optional<Option> best;
    for (const auto &type : types) {
        auto pick = pick_nodes(job, type, tl, free_of, closeness, sharing, scope_of ? scope_of(type) : NodeScope{},
                               neighbours);
        if (!pick)
            continue;
        Option option{type, std::move(*pick), type.empty() ? 0.0 : ranker.score(job, type)};
        if (!best || better(option, *best))
            best = std::move(option);
    }
    return best;
}

// Whether some acceptable GPU type has a placement: a question that needs
// no more stops at the first type that has one rather than search every
// type for the best. `type_total` (if given) bounds what all nodes
// together have of a type, so a type that cannot hold the job is skipped
// without a node search.
bool any_option(const PendingJob &job, const std::vector<std::string> &types, const std::vector<NodeTimeline> &tl,
                const FreeResources &free_of, const GpuCounts *type_total, const ScopeOfType &scope_of)
{
    for (const auto &type : types) {
        if (type_total && !type.empty()) {
            auto it = type_total->find(type);
            if ((it == type_total->end() ? 0 : it->second) < requested_gpus(job))
                continue;
        }
        if (pick_nodes(job, type, tl, free_of, nullptr, nullptr, scope_of(type)))
            return true;
    }
    return false;
}

class Planner {
public:
    Planner(const ClusterSnapshot &s, const CycleConfig &c, const GpuTypeRanker &r, const RequestChoices *choices,
            const PlanningOrder *order, QueueViews *views)
        : snap_(s), config_(c), ranker_(r), choices_(choices), order_(order),
          views_(views ? *views : own_views_.emplace(s, c.max_jobs)),
          memos_(views_.shapes().shapes()), res_(s), tasks_started_(views_.jobs().size(), 0)
    {}

    CyclePlan run();

private:
    struct Reservable {
        Option option;
        int64_t start;
        SharedGpuHoldList holds;
    };
    struct Held {
        size_t decision;  // index of the Reserve decision in plan_
        Pick pick;
        int64_t start;
        int64_t limit;
    };

    void plan_record(size_t index);
    bool start_chosen(size_t index, const PendingJob &job);
    int start_tasks(size_t index, const PendingJob &job, int tasks, bool &held_back, ShapeMemo &memo);
    void start_on(size_t index, const PendingJob &job, Option &option, const SharedGpuHoldList &holds);
    Decision blocked(size_t index, const PendingJob &job);
    std::optional<Reservable> earliest(size_t index, const PendingJob &job);
    std::optional<Reservable> reservable_at(size_t index, const PendingJob &job, int64_t start);
    std::optional<int64_t> earliest_one_node(size_t index, const PendingJob &job, int64_t after);
    void release_reservation(const PendingJob &job);
    bool never_fits(size_t index, const PendingJob &job);
    bool fits_only_with_types_mixed(size_t index, const PendingJob &job);
    bool room_now(size_t index, const PendingJob &job, ShapeMemo &memo);
    bool one_node_room_now(size_t index, const PendingJob &job, ShapeMemo &memo);
    template <typename FreeOf>
    std::optional<NodeRoom> node_holding(size_t index, const PendingJob &job, FreeOf free_of);
    bool holds_now(size_t index, const PendingJob &job, const NodeRoom &room);
    std::optional<Option> room_over_limit(size_t index, const PendingJob &job, ShapeMemo &memo);
    ShapeMemo &memo(size_t index) { return memos_[views_.shapes().shape(index)]; }
    void predict(Decision &d, const PendingJob &job);
    ScopeOfType scope(size_t index, const PendingJob &job, bool start_now = false);

    const ClusterSnapshot &snap_;
    const CycleConfig &config_;
    const GpuTypeRanker &ranker_;
    const RequestChoices *choices_;
    const PlanningOrder *order_;
    std::optional<QueueViews> own_views_;
    QueueViews &views_;
    std::vector<ShapeMemo> memos_;  // by shape: what this cycle learnt of each
    CycleResources res_;  // what the nodes have left as the cycle plans
    // A job queued in several partitions has one record per partition: its
    // tasks start once in all (counted by views_.jobs()' number), and it
    // holds at most one reservation.
    std::vector<int> tasks_started_;
    std::map<uint32_t, Held> reserved_;
    CyclePlan plan_;
};

// Only the job's nodes with GPUs of a type can hold it with that type; for
// a start now, a node has at most the GPUs it has free now (the most it has
// over any period from now).
ScopeOfType Planner::scope(size_t index, const PendingJob &job, bool start_now)
{
    size_t node_set = views_.shapes().node_set(index);
    return [this, node_set, &job, start_now](const std::string &type) {
        if (type.empty())
            return NodeScope{};
        return NodeScope{start_now ? &res_.free_now_gpus(type) : nullptr,
                         &views_.typed_nodes().of(node_set, job.allowed_nodes, type)};
    };
}

// An allowed node, with what `free_of` gives (null: nothing), that holds a
// job that runs on one node, if any. Stops at the first: a long queue asks
// this of every shape in every cycle, and most fit somewhere.
template <typename FreeOf>
std::optional<NodeRoom> Planner::node_holding(size_t index, const PendingJob &job, FreeOf free_of)
{
    const auto &types = views_.types_for(index, job);
    for (size_t t = 0; t < types.size(); t++) {
        Resources demand = per_node_demand(job, types[t], 1);
        for (int node : job.allowed_nodes) {
            const Resources &capacity = res_.timeline(node).capacity();
            const Resources *free = free_of(node);
            if (free && one_node_holds(job, types[t], demand, *free, capacity))
                return NodeRoom{t, node};
        }
    }
    return std::nullopt;
}

// Whether the node found earlier still holds the job in what is free now.
bool Planner::holds_now(size_t index, const PendingJob &job, const NodeRoom &room)
{
    const std::string &type = views_.types_for(index, job)[room.type];
    const NodeTimeline &tl = res_.timeline(room.node);
    return tl.schedulable() &&
           one_node_holds(job, type, per_node_demand(job, type, 1), res_.free_now(room.node), tl.capacity());
}

bool one_node_job(const PendingJob &job) { return job.max_nodes == 1 && job.required_nodes.empty(); }

bool Planner::never_fits(size_t index, const PendingJob &job)
{
    ShapeMemo &shape = memo(index);
    if (shape.never_fits)
        return *shape.never_fits;
    if (one_node_job(job)) {
        shape.never_fits = !node_holding(index, job, [this](int node) { return &res_.timeline(node).capacity(); });
    } else {
        auto idle = [this](int node) { return res_.timeline(node).capacity(); };
        shape.never_fits =
            !any_option(job, views_.types_for(index, job), res_.timelines(), idle, nullptr, scope(index, job));
    }
    return *shape.never_fits;
}

bool Planner::fits_only_with_types_mixed(size_t index, const PendingJob &job)
{
    ShapeMemo &shape = memo(index);
    if (!shape.types_mixed)
        shape.types_mixed = core::fits_only_with_types_mixed(
            job, [this](int node) -> const Resources & { return res_.timeline(node).capacity(); });
    return *shape.types_mixed;
}

// What is free now only shrinks within a cycle, so the node that last had
// room for the shape is tried first: it usually still has.
bool Planner::one_node_room_now(size_t index, const PendingJob &job, ShapeMemo &memo)
{
    if (memo.room_now_on && holds_now(index, job, *memo.room_now_on))
        return true;
    auto free_now = [this](int node) { return res_.timeline(node).schedulable() ? &res_.free_now(node) : nullptr; };
    memo.room_now_on = node_holding(index, job, free_now);
    return memo.room_now_on.has_value();
}

bool Planner::room_now(size_t index, const PendingJob &job, ShapeMemo &memo)
{
    if (memo.no_room_now)
        return false;
    if (res_.shards_free_now(job) && (one_node_job(job) ? one_node_room_now(index, job, memo)
                                                        : any_option(job, views_.types_for(index, job),
                                                                     res_.timelines(), res_.free_right_now(),
                                                                     &res_.free_now_total(),
                                                                scope(index, job, true))))
        return true;
    memo.no_room_now = true;
    return false;
}

// Where the job would run from now to the end of its time limit, around
// the reservations.
std::optional<Option> Planner::room_over_limit(size_t index, const PendingJob &job, ShapeMemo &memo)
{
    if (job.time_limit_s >= memo.no_room_for_limit)
        return std::nullopt;
    // A start now: what a node has free over the limit is at most what it has free now.
    auto option = best_option(job, views_.types_for(index, job), res_.timelines(), ranker_,
                              res_.free_over(snap_.now, job.time_limit_s), &res_.closeness(), &res_.sharing(),
                              scope(index, job, true), &res_.neighbours());
    if (!option)
        memo.no_room_for_limit = job.time_limit_s;
    return option;
}

// A typeless GPU request gets the type chosen for it: what that is
// predicted to gain over the slowest type it could have got, and whether
// its request may be rewritten to name the type. Today's configurations
// keep the request's counts, so the time-limit rule holds for every one of
// them; a count-changing allocator must pass the same gate.
void Planner::predict(Decision &d, const PendingJob &job)
{
    if (!job.gpus.any() || !job.gpus.type.empty())
        return;
    d.type_rule = ranker_.rule_for(job);
    GpuRequest chosen = job.gpus;
    chosen.type = d.gpu_type;
    d.prediction = predict_speedup(job, chosen, types_holding(job, views_.gpus_of(d.queue_index)), ranker_);
    d.rewrite_gpus = keeps_time_limit(job.gpus, chosen, *d.prediction);
}

// The job starts through another of its records: its reservation goes.
void Planner::release_reservation(const PendingJob &job)
{
    auto it = reserved_.find(job.job_id);
    if (it == reserved_.end())
        return;
    const Held &held = it->second;
    // Its GPU holds stay for the rest of the cycle: later shard placements
    // on the GPU may count on them.
    res_.release(held.pick, held.start, held.limit);
    Decision &d = plan_.decisions[it->second.decision];
    d.verdict = Verdict::Wait;
    d.placement.clear();
    plan_.reservations--;
    reserved_.erase(it);
    for (auto &memo : memos_)  // periods may have more room again
        memo.no_room_for_limit = std::numeric_limits<int64_t>::max();
}

Decision make_decision(size_t index, const PendingJob &job, Verdict verdict)
{
    Decision d;
    d.queue_index = index;
    d.job_id = job.job_id;
    d.verdict = verdict;
    return d;
}

// Starts as many of the record's tasks as fit now. `held_back` tells that
// the next one would fit now but for the reservations.
int Planner::start_tasks(size_t index, const PendingJob &job, int tasks, bool &held_back, ShapeMemo &memo)
{
    int started = 0;
    for (; started < tasks; started++) {
        if (!room_now(index, job, memo))
            break;
        auto option = room_over_limit(index, job, memo);
        auto holds = option ? res_.shared_gpu_holds(option->pick, job, snap_.now) : std::nullopt;
        held_back = !holds;
        if (!holds)
            break;
        start_on(index, job, *option, *holds);
    }
    return started;
}

void Planner::start_on(size_t index, const PendingJob &job, Option &option, const SharedGpuHoldList &holds)
{
    res_.start(option.pick, job, holds);
    Decision d = make_decision(index, job, Verdict::Start);
    d.shared = std::move(option.pick.shared);
    d.by_slowdown = option.pick.by_slowdown;
    d.shard_candidates = option.pick.shard_candidates;
    d.unpredicted_joined = option.pick.unpredicted_joined;
    d.by_neighbours = option.pick.by_neighbours;
    d.neighbour_loss = option.pick.neighbour_loss;
    d.placement = std::move(option.pick.placement);
    d.gpu_type = option.gpu_type;
    d.start_time = snap_.now;
    predict(d, job);
    plan_.decisions.push_back(std::move(d));
}

// For a job that runs on one node, the first time after `after` at which
// some node holds it: a node's free amount over [t, t + limit) can only grow
// where one of its own usages ends (between two such ends its usage only
// rises and the period reaches further), and at `after` none held the job
// (now), or the placement there was refused. So each node needs testing
// only at its own release times, not at every node's. Empty when no node
// ever holds it.
std::optional<int64_t> Planner::earliest_one_node(size_t index, const PendingJob &job, int64_t after)
{
    std::optional<int64_t> first;
    std::vector<int64_t> times;
    for (const auto &type : views_.types_for(index, job)) {
        Resources demand = per_node_demand(job, type, 1);
        for (int node : job.allowed_nodes) {
            const NodeTimeline &tl = res_.timeline(node);
            if (!tl.schedulable() || (!type.empty() && tl.capacity().gpus_of(type) == 0))
                continue;
            times.clear();
            tl.release_times(after, times);
            std::sort(times.begin(), times.end());
            for (int64_t t : times) {
                if (first && t >= *first)
                    break;
                if (one_node_holds(job, type, demand, tl.free_during(t, t + job.time_limit_s), tl.capacity())) {
                    first = t;
                    break;
                }
            }
        }
    }
    return first;
}

// Whether no GPU type has `gpus` free at `when` (a placement of a job
// takes at least its requested GPUs in all). Never for a CPU-only job.
bool too_few_gpus(std::vector<FreeGpuSweep> &free_gpus, int64_t when, int gpus)
{
    if (free_gpus.empty())
        return false;
    for (auto &sweep : free_gpus)
        if (sweep.free_at(when) >= gpus)
            return false;
    return true;
}

// The job's best placement from `start`, with what it holds of shared GPUs;
// empty when none fits.
std::optional<Planner::Reservable> Planner::reservable_at(size_t index, const PendingJob &job, int64_t start)
{
    auto option = best_option(job, views_.types_for(index, job), res_.timelines(), ranker_,
                              res_.free_over(start, job.time_limit_s), nullptr, nullptr, scope(index, job));
    if (!option)
        return std::nullopt;
    res_.move_to_open_gpus(option->pick, job, start);
    auto holds = res_.shared_gpu_holds(option->pick, job, start);
    if (!holds)
        return std::nullopt;
    return Reservable{std::move(*option), start, std::move(*holds)};
}

std::optional<Planner::Reservable> Planner::earliest(size_t index, const PendingJob &job)
{
    if (one_node_job(job)) {
        int64_t after = snap_.now;
        while (auto first = earliest_one_node(index, job, after)) {
            if (auto reservable = reservable_at(index, job, *first))
                return reservable;
            after = *first;
        }
        return std::nullopt;
    }
    std::vector<int64_t> release;
    for (int node : job.allowed_nodes)
        res_.timeline(node).release_times(snap_.now, release);
    AscendingTimes times(std::move(release));
    std::vector<FreeGpuSweep> free_gpus;
    for (const auto &type : views_.types_for(index, job))
        if (!type.empty())
            free_gpus.emplace_back(res_.timelines(), job.allowed_nodes, type);
    while (auto t = times.next()) {
        if (too_few_gpus(free_gpus, *t, requested_gpus(job)))
            continue;
        if (auto reservable = reservable_at(index, job, *t))
            return reservable;
    }
    return std::nullopt;
}

Decision Planner::blocked(size_t index, const PendingJob &job)
{
    Decision d = make_decision(index, job, Verdict::Wait);
    if (never_fits(index, job)) {
        d.reason = fits_only_with_types_mixed(index, job) ? WaitReason::OneTypeNeverFits : WaitReason::NeverFits;
        return d;
    }
    d.reason = WaitReason::Resources;
    if (static_cast<int>(plan_.reservations) >= config_.reserve_depth || reserved_.count(job.job_id))
        return d;
    auto reservable = earliest(index, job);
    if (!reservable)
        return d;  // only nodes that are down or held for good would fit it
    Option &option = reservable->option;
    int64_t start = reservable->start;
    res_.reserve(option.pick, start, job.time_limit_s, reservable->holds);
    reserved_[job.job_id] = Held{plan_.decisions.size(), option.pick, start, job.time_limit_s};
    plan_.reservations++;
    d.verdict = Verdict::Reserve;
    d.placement = std::move(option.pick.placement);
    d.gpu_type = option.gpu_type;
    d.start_time = start;
    return d;
}

// Starts a single-task record on the request chosen for it, if it has one
// and that fits now around the reservations.
bool Planner::start_chosen(size_t index, const PendingJob &job)
{
    auto it = choices_ ? choices_->find(index) : RequestChoices::const_iterator{};
    if (!choices_ || it == choices_->end() || job.array_tasks != 1)
        return false;
    PendingJob chosen = job;
    chosen.gpus = it->second;
    ShapeMemo memo;  // what is learnt of the record's own request does not hold for this one
    // A node gives at most over the time limit what it has free now, so a
    // placement over the limit is one now too and room now need not be
    // asked first; but a shard job also needs a GPU with its shards free
    // now (shards_free_now), which room_now() alone asks.
    if (chosen.shards_per_node > 0 && !room_now(index, chosen, memo))
        return false;
    auto option = room_over_limit(index, chosen, memo);
    auto holds = option ? res_.shared_gpu_holds(option->pick, chosen, snap_.now) : std::nullopt;
    if (!holds)
        return false;
    start_on(index, chosen, *option, *holds);
    plan_.decisions.back().chosen_request = it->second;
    return true;
}

void Planner::plan_record(size_t index)
{
    const PendingJob &job = snap_.queue[index];
    int &done = tasks_started_[views_.jobs().of(index)];
    int left = job.array_tasks - done;
    if (left <= 0)
        return;
    if (start_chosen(index, job)) {
        done++;
        plan_.starts++;
        release_reservation(job);
        return;
    }
    bool held_back = false;
    int started = start_tasks(index, job, left, held_back, memo(index));
    done += started;
    plan_.starts += started;
    if (started > 0)
        release_reservation(job);
    if (started == left)
        return;
    Decision d = blocked(index, job);
    // Fits on what is free now but not around the reservations: it waits
    // for a job planned before it, not for resources.
    if (d.verdict == Verdict::Wait && d.reason == WaitReason::Resources && held_back)
        d.reason = WaitReason::Priority;
    plan_.decisions.push_back(std::move(d));
}

CyclePlan Planner::run()
{
    PlanningOrder own;
    if (!order_)
        own = planning_order(snap_, config_.max_jobs, config_.fairness_bound, ranker_);
    const PlanningOrder &order = order_ ? *order_ : own;
    for (size_t i : order.records)
        plan_record(i);
    for (auto &d : plan_.decisions) {
        auto ahead = order.ahead.find(d.queue_index);
        if (ahead != order.ahead.end())
            d.ahead = AheadOfPriority{ahead->second, config_.fairness_bound};
    }
    plan_.considered = order.records.size();
    return std::move(plan_);
}

}  // namespace

CyclePlan schedule_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config,
                         const GpuTypeRanker &ranker, const RequestChoices *choices, const PlanningOrder *order,
                         QueueViews *views)
{
    return Planner(snapshot, config, ranker, choices, order, views).run();
}

}  // namespace accord::core
