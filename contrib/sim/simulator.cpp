#include "sim/simulator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/allocator_cycle.h"
#include "core/exploring_ranker.h"
#include "core/gittins_index.h"
#include "core/measured_speed_ranker.h"
#include "core/node_list.h"
#include "core/observed_speeds.h"
#include "core/preempt_cadence.h"
#include "core/preempt_cycle.h"
#include "core/schedule_cycle.h"
#include "core/service_order.h"
#include "sim/input_error.h"
#include "sim/time_limit.h"

namespace accord::sim {

namespace {

struct Running {
    size_t job;
    double end_s;
    double start_s;  // of this run
    double rate;     // steps per second
    int gpus;
};

class Simulation {
public:
    Simulation(const std::vector<TraceJob> &trace, const JobSpeed &speed, const SimConfig &config,
               const core::GpuTypeRanker &ranker)
        : speed_(speed), config_(config), ranker_(ranker)
    {
        snap_.nodes = config.nodes;
        for (const auto &t : trace)
            result_.jobs.push_back(SimJob{t, -1, -1, "", 0, 0});
        order_.resize(trace.size());
        for (size_t i = 0; i < order_.size(); i++)
            order_[i] = i;
        std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
            return trace[a].arrival_s < trace[b].arrival_s;
        });
        rank_.resize(trace.size());
        for (size_t i = 0; i < order_.size(); i++)
            rank_[order_[i]] = i;
        attained_.assign(trace.size(), 0);
        for (size_t i = 0; i < trace.size(); i++) {
            prepare(i);
            remaining_.push_back(static_cast<double>(trace[i].total_steps));
        }
    }

    SimResult run(const Progress &progress);

private:
    void prepare(size_t job);
    void cycle();
    void start(const core::Decision &d);
    void requeue(const core::Decision &d);
    double priority_of(size_t job) const;
    double priority_at(size_t job, double attained_gpu_s) const;
    double gittins_index(size_t job, double attained_gpu_s) const;
    void finish(const Running &r);
    void rerank_pending();
    void enqueue(size_t job);
    core::ThroughputSample report_of(size_t job, const std::string &gpu_type, int gpus, double rate) const;
    void leave_queue(size_t job);
    // The job's queue record, as it is started.
    const core::PendingJob &queued(size_t job) const;
    void fill_queue();
    core::PendingJob pending_job(size_t job) const;
    double next_event() const;
    double preempt_wake(double next) const;
    void advance(double t);

    const JobSpeed &speed_;
    const SimConfig &config_;
    const core::GpuTypeRanker &ranker_;
    core::ObservedSpeeds observed_;  // with config_.learn: what started jobs reported
    // The cluster and queue as the core sees them, kept up to date between
    // cycles rather than rebuilt for each: nodes' free amounts, running jobs
    // (in step with running_) and the first max_jobs of pending_.
    core::ClusterSnapshot snap_;
    std::vector<size_t> order_;              // jobs by arrival
    core::NodeListPool node_lists_;          // jobs with equal allowed nodes share one list
    std::vector<core::NodeList> allowed_;    // per job: nodes of types it can run on
    std::vector<int64_t> limit_s_;           // per job: its time limit
    std::vector<size_t> rank_;               // per job: its place in order_
    std::vector<double> remaining_;          // per job: steps left from its last checkpoint
    std::vector<double> attained_;           // per job: GPU-seconds of its finished runs
    std::vector<std::pair<double, size_t>> returning_;  // requeued jobs: (back in the queue at, job)
    size_t arrived_ = 0;                     // jobs of order_ that have arrived
    std::vector<size_t> pending_;            // priority order (arrival order without preempt)
    std::vector<Running> running_;
    core::PreemptCadence cadence_;  // with preempt: when requeues were last considered
    size_t finished_ = 0;
    // With JobOrder::Gittins: what the finished jobs of each job type held,
    // the types numbered as they first finish.
    core::FinishedService finished_service_;
    std::map<std::string, uint32_t> finished_types_;
    double now_ = 0;
    SimResult result_;
};

// Which nodes the job may use and its time limit (sim/time_limit.h).
void Simulation::prepare(size_t job)
{
    JobLimit limit = job_limit(result_.jobs[job].trace, snap_.nodes, speed_, config_.limit_factor);
    allowed_.push_back(node_lists_.list_of(std::move(limit.allowed_nodes)));
    limit_s_.push_back(limit.limit_s);
}

core::PendingJob Simulation::pending_job(size_t job) const
{
    const TraceJob &t = result_.jobs[job].trace;
    core::PendingJob p;
    p.job_id = static_cast<uint32_t>(job + 1);
    p.family = t.job_type;
    p.time_limit_s = limit_s_[job];
    p.max_nodes = std::max(t.scale_factor, t.max_gpus);
    p.cpus_total = t.scale_factor;
    p.gpus.per_job = t.scale_factor;
    if (t.max_gpus > 0 && t.min_gpus <= t.scale_factor && t.scale_factor <= t.max_gpus) {
        p.gpu_count_min = t.min_gpus;
        p.gpu_count_max = t.max_gpus;
    }
    p.allowed_nodes = allowed_[job];
    p.eligible_time = static_cast<int64_t>(std::floor(t.arrival_s));
    p.priority = priority_of(job);
    return p;
}

double Simulation::priority_of(size_t job) const { return priority_at(job, attained_[job]); }

double Simulation::priority_at(size_t job, double attained_gpu_s) const
{
    double arrival = -static_cast<double>(rank_[job]);
    if (!config_.preempt || config_.order == core::JobOrder::Priority)
        return arrival;
    if (config_.order == core::JobOrder::Service || finished_service_.empty())
        return core::service_priority(attained_gpu_s, arrival, *config_.allocator);
    return core::gittins_priority(gittins_index(job, attained_gpu_s), attained_gpu_s, arrival, *config_.allocator);
}

double Simulation::gittins_index(size_t job, double attained_gpu_s) const
{
    auto type = finished_types_.find(result_.jobs[job].trace.job_type);
    return type == finished_types_.end() ? 0 : finished_service_.index(type->second, attained_gpu_s);
}

// With JobOrder::Gittins, what the job held in all joins its type's
// samples.
void Simulation::finish(const Running &r)
{
    if (!config_.preempt || config_.order != core::JobOrder::Gittins)
        return;
    const std::string &type = result_.jobs[r.job].trace.job_type;
    auto number = finished_types_.emplace(type, static_cast<uint32_t>(finished_types_.size())).first->second;
    finished_service_.add(number, attained_[r.job] + r.gpus * (r.end_s - r.start_s));
}

// A finished job changes the indices: the pending jobs in their new order
// (stable: arrival order among equals), the core's queue built again. Jobs
// of one type with the same service share an index.
void Simulation::rerank_pending()
{
    std::map<std::pair<std::string, double>, double> index_by_service;
    std::vector<std::pair<double, size_t>> keyed;
    keyed.reserve(pending_.size());
    for (size_t job : pending_) {
        auto key = std::make_pair(result_.jobs[job].trace.job_type, attained_[job]);
        auto index = index_by_service.find(key);
        if (index == index_by_service.end())
            index = index_by_service.emplace(key, gittins_index(job, attained_[job])).first;
        double priority = core::gittins_priority(index->second, attained_[job], -static_cast<double>(rank_[job]),
                                                 *config_.allocator);
        keyed.emplace_back(-priority, job);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (size_t i = 0; i < keyed.size(); i++)
        pending_[i] = keyed[i].second;
    snap_.queue.clear();
}

// Into pending_ at its priority (arrivals come in priority order without
// preempt), and into the core's queue when it lands among its first
// max_jobs.
void Simulation::enqueue(size_t job)
{
    double priority = priority_of(job);
    auto at = std::find_if(pending_.begin(), pending_.end(), [&](size_t other) { return priority_of(other) < priority; });
    size_t position = static_cast<size_t>(at - pending_.begin());
    pending_.insert(at, job);
    if (position < snap_.queue.size()) {
        snap_.queue.insert(snap_.queue.begin() + static_cast<long>(position), pending_job(job));
        if (snap_.queue.size() > config_.max_jobs)
            snap_.queue.pop_back();
    }
}

// The core sees the first max_jobs pending jobs, in arrival order.
void Simulation::fill_queue()
{
    size_t count = std::min(pending_.size(), config_.max_jobs);
    while (snap_.queue.size() < count)
        snap_.queue.push_back(pending_job(pending_[snap_.queue.size()]));
}

const core::PendingJob &Simulation::queued(size_t job) const
{
    auto at = std::find(pending_.begin(), pending_.end(), job);
    return snap_.queue.at(static_cast<size_t>(at - pending_.begin()));
}

void Simulation::leave_queue(size_t job)
{
    auto at = std::find(pending_.begin(), pending_.end(), job);
    size_t position = static_cast<size_t>(at - pending_.begin());
    pending_.erase(at);
    if (position < snap_.queue.size())
        snap_.queue.erase(snap_.queue.begin() + static_cast<long>(position));
    fill_queue();
}

// A progress report of the job's measured speed, as accord-report sends it.
core::ThroughputSample Simulation::report_of(size_t job, const std::string &gpu_type, int gpus, double rate) const
{
    core::ThroughputSample s;
    s.time = static_cast<int64_t>(std::floor(now_));
    s.job_id = static_cast<uint32_t>(job + 1);
    s.user = "sim";
    s.family = result_.jobs[job].trace.job_type;
    s.gpus = {{gpu_type, gpus}};
    s.report = core::ProgressReport{core::ReportMetric::StepsPerSecond, rate, 1};
    return s;
}

void Simulation::start(const core::Decision &d)
{
    size_t job = d.job_id - 1;
    SimJob &j = result_.jobs[job];
    bool spread = d.placement.size() > 1;
    int gpus = 0;
    for (const auto &use : d.placement)
        gpus += use.used.gpus_of(d.gpu_type);
    auto measured = speed_.steps_per_second(d.gpu_type, j.trace.job_type, gpus, spread);
    if (!measured || *measured <= 0)
        throw InputError(job_label(j.trace) + ": no measured throughput on " + std::to_string(gpus) + " " +
                         d.gpu_type + " GPUs, the configuration the core chose");
    double rate = *measured;
    if (config_.learn)
        observed_.add(report_of(job, d.gpu_type, gpus, rate));
    if (j.start_s < 0)
        j.start_s = now_;
    j.end_s = now_ + remaining_[job] / rate;
    j.gpu_type = d.gpu_type;
    j.nodes = static_cast<int>(d.placement.size());
    j.gpu_seconds += gpus * (j.end_s - now_);
    std::string names;
    for (const auto &use : d.placement) {
        snap_.nodes[use.node].free -= use.used;
        names += (names.empty() ? "" : ",") + snap_.nodes[use.node].name;
    }
    int64_t limit_end = static_cast<int64_t>(std::ceil(now_)) + limit_s_[job];
    running_.push_back(Running{job, j.end_s, now_, rate, gpus});
    core::RunningJob r;
    r.job_id = static_cast<uint32_t>(job + 1);
    r.end_time = limit_end;
    r.usage = d.placement;
    r.start_time = static_cast<int64_t>(std::floor(now_));
    r.priority = priority_of(job);
    r.requeueable = config_.preempt.has_value();
    r.family = j.trace.job_type;
    if (config_.preempt && config_.preempt->migrate)
        r.request = std::make_shared<const core::PendingJob>(queued(job));
    snap_.running.push_back(std::move(r));
    leave_queue(job);
    // The count is written when the core chose another than the trace's.
    std::string count = gpus == j.trace.scale_factor ? "" : " gpus=" + std::to_string(gpus);
    result_.decisions.push_back("t=" + std::to_string(static_cast<int64_t>(now_)) + " start job=" +
                                std::to_string(job + 1) + " type=" + d.gpu_type + count + " nodes=" + names);
}

// The job stops now: it keeps the steps of its last checkpoint, its
// attained service counts, and it is back in the queue after the restart
// delay. `d.queue_index` is its index in running_ (= snap_.running).
void Simulation::requeue(const core::Decision &d)
{
    size_t i = d.queue_index;
    const Running r = running_[i];
    double ran = now_ - r.start_s;
    double kept = std::floor(ran / config_.checkpoint_s) * config_.checkpoint_s;
    remaining_[r.job] -= r.rate * kept;
    attained_[r.job] += r.gpus * ran;
    result_.jobs[r.job].gpu_seconds -= r.gpus * (r.end_s - now_);
    for (const auto &use : snap_.running[i].usage)
        snap_.nodes[use.node].free += use.used;
    running_.erase(running_.begin() + static_cast<long>(i));
    snap_.running.erase(snap_.running.begin() + static_cast<long>(i));
    returning_.emplace_back(now_ + config_.restart_delay_s, r.job);
    result_.decisions.push_back("t=" + std::to_string(static_cast<int64_t>(now_)) + " requeue job=" +
                                std::to_string(r.job + 1));
}

void Simulation::cycle()
{
    snap_.now = static_cast<int64_t>(std::floor(now_));
    core::CycleConfig config{config_.max_jobs, config_.reserve_depth, config_.fairness_bound};
    auto t0 = std::chrono::steady_clock::now();
    core::MeasuredSpeedRanker learned(ranker_, observed_);
    std::optional<core::ExploringRanker> exploring;
    if (config_.learn && config_.explore > 0)
        exploring.emplace(learned, observed_, snap_, config_.explore, config_.uncertainty);
    const core::GpuTypeRanker *chosen = exploring ? &*exploring : config_.learn ? &learned : &ranker_;
    const core::GpuTypeRanker &ranker = *chosen;
    core::CyclePlan plan;
    if (config_.preempt && cadence_.take(snap_.now, config_.preempt_interval_s)) {
        for (size_t i = 0; i < running_.size(); i++)
            snap_.running[i].priority = priority_at(
                running_[i].job, attained_[running_[i].job] + running_[i].gpus * (now_ - running_[i].start_s));
        plan = core::preempt_cycle_in_place(snap_, config, ranker, *config_.allocator, *config_.preempt);
    } else {
        plan = config_.allocator ? core::allocator_cycle(snap_, config, ranker, *config_.allocator)
                                 : core::schedule_cycle(snap_, config, ranker);
    }
    result_.cycle_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    // Highest running index first: each erase leaves the others' indices.
    for (auto it = plan.requeues.rbegin(); it != plan.requeues.rend(); ++it)
        requeue(*it);
    for (const auto &d : plan.decisions)
        if (d.verdict == core::Verdict::Start)
            start(d);
}

double Simulation::next_event() const
{
    double next = std::numeric_limits<double>::infinity();
    if (arrived_ < order_.size())
        next = result_.jobs[order_[arrived_]].trace.arrival_s;
    for (const auto &r : running_)
        next = std::min(next, r.end_s);
    for (const auto &[at, job] : returning_)
        next = std::min(next, at);
    return preempt_wake(next);
}

// `next`, or with jobs waiting the time requeues are next considered if
// sooner: the plugin's cycles run every few seconds, so a requeue waits for
// the interval, not for the next arrival or end. Never when nothing else is
// to come (`next` infinite: no requeue frees GPUs when nothing runs).
double Simulation::preempt_wake(double next) const
{
    if (!config_.preempt || pending_.empty() || std::isinf(next))
        return next;
    auto due = cadence_.next_due(config_.preempt_interval_s);
    return due && static_cast<double>(*due) > now_ ? std::min(next, static_cast<double>(*due)) : next;
}

void Simulation::advance(double t)
{
    now_ = t;
    size_t finished_before = finished_;
    size_t kept = 0;
    for (size_t i = 0; i < running_.size(); i++) {
        if (running_[i].end_s <= t) {
            for (const auto &use : snap_.running[i].usage)
                snap_.nodes[use.node].free += use.used;
            finish(running_[i]);
            finished_++;
            continue;
        }
        if (kept != i) {
            running_[kept] = running_[i];
            snap_.running[kept] = std::move(snap_.running[i]);
        }
        kept++;
    }
    running_.resize(kept);
    snap_.running.resize(kept);
    while (arrived_ < order_.size() && result_.jobs[order_[arrived_]].trace.arrival_s <= t)
        enqueue(order_[arrived_++]);
    std::sort(returning_.begin(), returning_.end());
    size_t back = 0;
    while (back < returning_.size() && returning_[back].first <= t)
        enqueue(returning_[back++].second);
    returning_.erase(returning_.begin(), returning_.begin() + static_cast<long>(back));
    if (finished_ != finished_before && config_.preempt && config_.order == core::JobOrder::Gittins)
        rerank_pending();
    fill_queue();
}

SimResult Simulation::run(const Progress &progress)
{
    if (!order_.empty())
        advance(result_.jobs[order_[0]].trace.arrival_s);
    while (finished_ < result_.jobs.size()) {
        if (!pending_.empty())
            cycle();
        double next = next_event();
        if (std::isinf(next))
            throw InputError(job_label(result_.jobs[pending_.front()].trace) +
                             ": can never fit on the cluster");
        advance(next);
        if (progress)
            progress(finished_, result_.jobs.size());
    }
    return std::move(result_);
}

}  // namespace

SimResult simulate(const std::vector<TraceJob> &trace, const JobSpeed &speed, const SimConfig &config,
                   const core::GpuTypeRanker &ranker, const Progress &progress)
{
    return Simulation(trace, speed, config, ranker).run(progress);
}

}  // namespace accord::sim
