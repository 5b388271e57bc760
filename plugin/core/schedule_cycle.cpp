#include "core/schedule_cycle.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/node_picker.h"
#include "core/node_timeline.h"
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

// The best placement over all acceptable GPU types, given what is free.
// `type_total` (if given) bounds what all nodes together have of a type,
// so a type that cannot hold the job is skipped without a node search.
std::optional<Option> best_option(const PendingJob &job, const std::vector<Node> &nodes,
                                  const std::vector<NodeTimeline> &tl, const GpuTypeRanker &ranker, const FreeResources &free_of,
                                  const GpuCounts *type_total = nullptr)
{
    std::optional<Option> best;
    for (const auto &type : gpu_types_for(job, nodes)) {
        if (type_total && !type.empty()) {
            auto it = type_total->find(type);
            if ((it == type_total->end() ? 0 : it->second) < requested_gpus(job))
                continue;
        }
        auto pick = pick_nodes(job, type, tl, free_of);
        if (!pick)
            continue;
        Option option{type, std::move(*pick), type.empty() ? 0.0 : ranker.score(job, type)};
        if (!best || better(option, *best))
            best = std::move(option);
    }
    return best;
}

// What a request asks for and where it may go: its GPU type, the types it
// accepts and the rest.
using Shape = std::tuple<std::string, std::vector<std::string>, std::vector<int64_t>>;

class Planner {
public:
    Planner(const ClusterSnapshot &s, const CycleConfig &c, const GpuTypeRanker &r, const RequestChoices *choices)
        : snap_(s), config_(c), ranker_(r), choices_(choices), timelines_(build_timelines(s))
    {
        for (const auto &tl : timelines_) {
            free_now_.push_back(tl.free_during(s.now, s.now + 1));
            if (tl.schedulable())
                for (const auto &[type, count] : free_now_.back().gpus)
                    free_now_total_[type] += count;
        }
    }

    CyclePlan run();

private:
    struct Held {
        size_t decision;  // index of the Reserve decision in plan_
        Pick pick;
        int64_t start;
        int64_t limit;
    };

    void plan_record(size_t index);
    bool start_chosen(size_t index, const PendingJob &job);
    int start_tasks(size_t index, const PendingJob &job, int tasks, bool &held_back);
    Decision blocked(size_t index, const PendingJob &job);
    std::optional<Option> earliest(const PendingJob &job, int64_t &start);
    void hold(const Pick &pick, int64_t start, int64_t limit);
    void release_reservation(const PendingJob &job);
    bool never_fits(const PendingJob &job);
    void predict(Decision &d, const PendingJob &job);
    FreeResources free_over(int64_t start, int64_t limit) const;
    FreeResources free_right_now() const;

    const ClusterSnapshot &snap_;
    const CycleConfig &config_;
    const GpuTypeRanker &ranker_;
    const RequestChoices *choices_;
    std::vector<NodeTimeline> timelines_;
    // What each node has free at this instant: reservations start later,
    // so only starts change it. A job that does not fit here cannot start.
    std::vector<Resources> free_now_;
    GpuCounts free_now_total_;  // free_now_ summed over schedulable nodes
    // A job queued in several partitions has one record per partition: its
    // tasks start once in all, and it holds at most one reservation.
    std::map<uint32_t, int> tasks_started_;
    std::map<uint32_t, Held> reserved_;
    // Whether a request fits its allowed nodes when idle depends only on its
    // shape, and a queue holds many jobs of the same shape.
    std::map<Shape, bool> never_fits_;
    CyclePlan plan_;
};

FreeResources Planner::free_over(int64_t start, int64_t limit) const
{
    return [this, start, limit](int node) {
        const NodeTimeline &tl = timelines_[node];
        return tl.schedulable() ? tl.free_during(start, start + limit) : Resources{};
    };
}

FreeResources Planner::free_right_now() const
{
    return [this](int node) { return timelines_[node].schedulable() ? free_now_[node] : Resources{}; };
}

void Planner::hold(const Pick &pick, int64_t start, int64_t limit)
{
    for (const auto &use : pick.placement) {
        timelines_[use.node].add_usage(start, start + limit, use.used);
        if (start == snap_.now) {
            free_now_[use.node] -= use.used;
            if (timelines_[use.node].schedulable())
                for (const auto &[type, count] : use.used.gpus)
                    free_now_total_[type] -= count;
        }
    }
}

Shape shape_of(const PendingJob &job)
{
    const GpuRequest &g = job.gpus;
    std::vector<int64_t> key = {job.min_nodes, job.max_nodes, job.cpus_total, job.cpus_per_node,
                                job.mem_per_node_mb, job.mem_per_cpu_mb, job.exclusive, g.per_node,
                                g.per_job, g.cpus_per_gpu, g.mem_per_gpu_mb,
                                static_cast<int64_t>(job.required_nodes.size())};
    key.insert(key.end(), job.required_nodes.begin(), job.required_nodes.end());
    key.insert(key.end(), job.allowed_nodes.begin(), job.allowed_nodes.end());
    return {g.type, job.accepted_types, std::move(key)};
}

// More than the allowed nodes hold even when idle (down nodes count: they
// may come back).
bool Planner::never_fits(const PendingJob &job)
{
    Shape shape = shape_of(job);
    auto known = never_fits_.find(shape);
    if (known != never_fits_.end())
        return known->second;
    auto idle = [this](int node) { return timelines_[node].capacity(); };
    bool result = !best_option(job, snap_.nodes, timelines_, ranker_, idle);
    never_fits_.emplace(std::move(shape), result);
    return result;
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
    d.type_rule = ranker_.rule();
    GpuRequest chosen = job.gpus;
    chosen.type = d.gpu_type;
    d.prediction = predict_speedup(job, chosen, types_holding(job, snap_.nodes), ranker_);
    d.rewrite_gpus = keeps_time_limit(job.gpus, chosen, *d.prediction);
}

// The job starts through another of its records: its reservation goes.
void Planner::release_reservation(const PendingJob &job)
{
    auto it = reserved_.find(job.job_id);
    if (it == reserved_.end())
        return;
    const Held &held = it->second;
    for (const auto &use : held.pick.placement) {
        Resources cancel;
        cancel -= use.used;
        timelines_[use.node].add_usage(held.start, held.start + held.limit, cancel);
    }
    Decision &d = plan_.decisions[it->second.decision];
    d.verdict = Verdict::Wait;
    d.placement.clear();
    plan_.reservations--;
    reserved_.erase(it);
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
int Planner::start_tasks(size_t index, const PendingJob &job, int tasks, bool &held_back)
{
    int started = 0;
    for (; started < tasks; started++) {
        if (!best_option(job, snap_.nodes, timelines_, ranker_, free_right_now(), &free_now_total_))
            break;
        auto option = best_option(job, snap_.nodes, timelines_, ranker_, free_over(snap_.now, job.time_limit_s));
        held_back = !option;
        if (!option)
            break;
        hold(option->pick, snap_.now, job.time_limit_s);
        Decision d = make_decision(index, job, Verdict::Start);
        d.placement = std::move(option->pick.placement);
        d.gpu_type = option->gpu_type;
        d.start_time = snap_.now;
        predict(d, job);
        plan_.decisions.push_back(std::move(d));
    }
    return started;
}

std::optional<Option> Planner::earliest(const PendingJob &job, int64_t &start)
{
    std::vector<int64_t> times;
    for (int node : job.allowed_nodes)
        timelines_[node].release_times(snap_.now, times);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    for (int64_t t : times) {
        auto option = best_option(job, snap_.nodes, timelines_, ranker_, free_over(t, job.time_limit_s));
        if (option) {
            start = t;
            return option;
        }
    }
    return std::nullopt;
}

Decision Planner::blocked(size_t index, const PendingJob &job)
{
    Decision d = make_decision(index, job, Verdict::Wait);
    if (never_fits(job)) {
        d.reason = WaitReason::NeverFits;
        return d;
    }
    d.reason = WaitReason::Resources;
    if (static_cast<int>(plan_.reservations) >= config_.reserve_depth || reserved_.count(job.job_id))
        return d;
    int64_t start = 0;
    auto option = earliest(job, start);
    if (!option)
        return d;  // only nodes that are down or held for good would fit it
    hold(option->pick, start, job.time_limit_s);
    reserved_[job.job_id] = Held{plan_.decisions.size(), option->pick, start, job.time_limit_s};
    plan_.reservations++;
    d.verdict = Verdict::Reserve;
    d.placement = std::move(option->pick.placement);
    d.gpu_type = option->gpu_type;
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
    bool held_back = false;
    if (start_tasks(index, chosen, 1, held_back) == 0)
        return false;
    plan_.decisions.back().chosen_request = it->second;
    return true;
}

void Planner::plan_record(size_t index)
{
    const PendingJob &job = snap_.queue[index];
    int &done = tasks_started_[job.job_id];
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
    int started = start_tasks(index, job, left, held_back);
    done += started;
    plan_.starts += started;
    if (started > 0)
        release_reservation(job);
    if (started == left)
        return;
    Decision d = blocked(index, job);
    // Fits on what is free now but not around the reservations: it waits
    // for a higher-priority job, not for resources.
    if (d.verdict == Verdict::Wait && d.reason == WaitReason::Resources && held_back)
        d.reason = WaitReason::Priority;
    plan_.decisions.push_back(std::move(d));
}

CyclePlan Planner::run()
{
    size_t count = std::min(config_.max_jobs, snap_.queue.size());
    for (size_t i = 0; i < count; i++)
        plan_record(i);
    plan_.considered = count;
    return std::move(plan_);
}

}  // namespace

CyclePlan schedule_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config,
                         const GpuTypeRanker &ranker, const RequestChoices *choices)
{
    return Planner(snapshot, config, ranker, choices).run();
}

}  // namespace accord::core
