#include "sim/round_simulator.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include "sim/input_error.h"
#include "sim/round_placement.h"
#include "sim/round_validation.h"

namespace accord::sim {

namespace {

// A job counts as done when less than this many steps are left, so that
// rounding in remaining -= rate x time never costs a whole extra round.
constexpr double kStepTolerance = 1e-6;

int min_gpus(const TraceJob &t) { return t.min_gpus ? t.min_gpus : t.scale_factor; }
int max_gpus(const TraceJob &t) { return t.max_gpus ? t.max_gpus : t.scale_factor; }

std::vector<GpuPool> pools_of(const std::vector<core::Node> &nodes)
{
    std::map<std::string, GpuPool> by_type;
    for (size_t n = 0; n < nodes.size(); n++)
        for (const auto &[type, count] : nodes[n].capacity.gpus) {
            if (count <= 0)
                continue;
            GpuPool &pool = by_type[type];
            if (pool.nodes && pool.gpus_per_node != count)
                throw InputError("cluster: GPU type " + type + " has nodes of " + std::to_string(pool.gpus_per_node) +
                                 " and of " + std::to_string(count) +
                                 " GPUs; the round engine needs one node size per type");
            pool.type = type;
            pool.gpus_per_node = count;
            pool.nodes++;
            pool.node_ids.push_back(n);
        }
    std::vector<GpuPool> pools;
    for (auto &[type, pool] : by_type)
        pools.push_back(pool);
    return pools;
}

// Refuses, before simulating, a job that no pool can ever run.
void check_runnable(const TraceJob &t, const JobSpeed &speed, const std::vector<GpuPool> &pools)
{
    if (min_gpus(t) > max_gpus(t))
        throw InputError(job_label(t) + ": min_gpus " + std::to_string(min_gpus(t)) + " above max_gpus " +
                         std::to_string(max_gpus(t)));
    bool measured = false;
    int largest = 0;
    for (const auto &pool : pools) {
        largest = std::max(largest, pool.total());
        for (int g = min_gpus(t); g <= max_gpus(t); g++) {
            if (!speed.steps_per_second(pool.type, t.job_type, g, false))
                continue;
            if (g <= pool.total())
                return;
            measured = true;
        }
    }
    if (!measured)
        throw InputError(job_label(t) + ": no measured throughput on any GPU type of the cluster");
    throw InputError(job_label(t) + ": can never fit on the cluster (asks at least " + std::to_string(min_gpus(t)) +
                     " GPUs of one type, the largest pool has " + std::to_string(largest) + ")");
}

std::string time_label(double t) { return "t=" + std::to_string(static_cast<int64_t>(t)); }

// What the engine keeps per job besides what the policy sees (RoundJob).
struct Held {
    Placement placement;      // its GPUs in the last round
    double restart_left_s = 0;
    double rate = 0;          // steps/s on its current assignment
    bool started = false;
};

class RoundSimulation {
public:
    RoundSimulation(const std::vector<TraceJob> &trace, const JobSpeed &speed, const RoundConfig &config,
                    RoundPolicy &policy);
    SimResult run(const Progress &progress);

private:
    void admit();
    void round();
    std::vector<Allocation> ask_policy();
    void place(const std::vector<const Assignment *> &next);
    void start(size_t pos, const Assignment &a, const Placement &placement);
    double rate(const RoundJob &job, const Assignment &a, bool spread) const;
    std::string start_line(const RoundJob &job, const Assignment &a, const Placement &placement) const;
    void advance(const std::vector<const Assignment *> &next);
    void compact();

    const JobSpeed &speed_;
    const RoundConfig &config_;
    RoundPolicy &policy_;
    RoundPlacer placer_;
    std::vector<size_t> order_;   // jobs by arrival, ties by index
    size_t arrived_ = 0;          // jobs of order_ admitted
    size_t finished_ = 0;
    RoundView view_;              // jobs: waiting and running, by arrival
    std::vector<long> position_;  // per job: its place in view_.jobs, or -1
    std::vector<Held> held_;      // per job
    double grid_start_ = 0;       // rounds start at grid_start_ + k x round_s
    double busy_until_s_ = 0;     // when the last job to end ended
    size_t grid_round_ = 0;
    SimResult result_;
};

RoundSimulation::RoundSimulation(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                                 const RoundConfig &config, RoundPolicy &policy)
    : speed_(speed), config_(config), policy_(policy), placer_(config.nodes), position_(trace.size(), -1),
      held_(trace.size())
{
    view_.round_s = config.round_s;
    view_.restart_s = config.restart_s;
    view_.pools = pools_of(config.nodes);
    view_.speed = &speed;
    for (const auto &t : trace) {
        check_runnable(t, speed, view_.pools);
        result_.jobs.push_back(SimJob{t, -1, -1, "", 0, 0});
    }
    order_.resize(trace.size());
    for (size_t i = 0; i < order_.size(); i++)
        order_[i] = i;
    std::stable_sort(order_.begin(), order_.end(),
                     [&](size_t a, size_t b) { return trace[a].arrival_s < trace[b].arrival_s; });
}

// Jobs that arrived by this round's start join the view.
void RoundSimulation::admit()
{
    while (arrived_ < order_.size() && result_.jobs[order_[arrived_]].trace.arrival_s <= view_.now_s) {
        size_t job = order_[arrived_++];
        const TraceJob &t = result_.jobs[job].trace;
        RoundJob r;
        r.index = job;
        r.trace = &result_.jobs[job].trace;
        r.min_gpus = min_gpus(t);
        r.max_gpus = max_gpus(t);
        r.remaining_steps = static_cast<double>(t.total_steps);
        position_[job] = static_cast<long>(view_.jobs.size());
        view_.jobs.push_back(std::move(r));
    }
}

std::vector<Allocation> RoundSimulation::ask_policy()
{
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Allocation> allocation = policy_.allocate(view_);
    result_.cycle_seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    validate_allocation(view_, allocation, policy_.name(), position_);
    if (allocation.empty())
        throw std::logic_error("policy " + policy_.name() + ", round " + std::to_string(view_.round) + " (" +
                               time_label(view_.now_s) + "): runs no job while " +
                               std::to_string(view_.jobs.size()) + " wait, leaving the whole cluster idle");
    return allocation;
}

void RoundSimulation::round()
{
    std::vector<Allocation> allocation = ask_policy();
    std::vector<const Assignment *> next(view_.jobs.size(), nullptr);  // by position
    for (const auto &entry : allocation)
        next[position_[entry.job]] = &entry.assignment;
    place(next);
    advance(next);
    compact();
}

// Keeps the GPUs of unchanged assignments, places the rest (largest first,
// so big requests find whole nodes), and logs every change.
void RoundSimulation::place(const std::vector<const Assignment *> &next)
{
    placer_.clear();
    std::vector<std::pair<size_t, std::string>> preempts, starts;  // (job index, line)
    std::vector<size_t> fresh;  // positions to place; a pair by its lower job index
    for (size_t pos = 0; pos < view_.jobs.size(); pos++) {
        const RoundJob &job = view_.jobs[pos];
        const Assignment *a = next[pos];
        bool leads = a && (a->partner < 0 || job.index < static_cast<size_t>(a->partner));
        if (!a && job.current)
            preempts.emplace_back(job.index, time_label(view_.now_s) + " preempt job=" + std::to_string(job.index + 1));
        else if (a && job.current && *job.current == *a && leads)
            placer_.keep(a->gpu_type, held_[job.index].placement);
        else if (a && !(job.current && *job.current == *a) && leads)
            fresh.push_back(pos);
    }
    std::stable_sort(fresh.begin(), fresh.end(), [&](size_t x, size_t y) {
        return next[x]->gpus != next[y]->gpus ? next[x]->gpus > next[y]->gpus
                                              : view_.jobs[x].index < view_.jobs[y].index;
    });
    for (size_t pos : fresh) {
        const Assignment &a = *next[pos];
        Placement placement = placer_.place(a.gpu_type, a.gpus);
        start(pos, a, placement);
        if (a.partner >= 0)
            start(static_cast<size_t>(position_[a.partner]), *next[position_[a.partner]], placement);
        starts.emplace_back(view_.jobs[pos].index, start_line(view_.jobs[pos], a, placement));
    }
    std::sort(preempts.begin(), preempts.end());
    std::sort(starts.begin(), starts.end());
    for (auto *lines : {&preempts, &starts})
        for (auto &[job, line] : *lines)
            result_.decisions.push_back(std::move(line));
}

// A job takes new GPUs: the first time it starts, later it restarts.
void RoundSimulation::start(size_t pos, const Assignment &a, const Placement &placement)
{
    const RoundJob &job = view_.jobs[pos];
    Held &h = held_[job.index];
    h.placement = placement;
    h.rate = rate(job, a, placement.size() > 1);
    if (h.started) {
        h.restart_left_s = config_.restart_s;
    } else {
        h.started = true;
        result_.jobs[job.index].start_s = view_.now_s;
    }
}

double RoundSimulation::rate(const RoundJob &job, const Assignment &a, bool spread) const
{
    const std::string &mine = job.trace->job_type;
    double alone = *speed_.steps_per_second(a.gpu_type, mine, a.gpus, spread);
    if (a.partner < 0)
        return alone;
    const std::string &other = view_.jobs[position_[a.partner]].trace->job_type;
    double packed = speed_.colocated(a.gpu_type, mine, other, a.gpus)->first;
    return spread ? packed * alone / *speed_.steps_per_second(a.gpu_type, mine, a.gpus, false) : packed;
}

std::string RoundSimulation::start_line(const RoundJob &job, const Assignment &a, const Placement &placement) const
{
    std::string line = time_label(view_.now_s);
    line += a.partner < 0 ? " run job=" + std::to_string(job.index + 1)
                          : " pack job=" + std::to_string(job.index + 1) + " with=" + std::to_string(a.partner + 1);
    line += " type=" + a.gpu_type + " gpus=" + std::to_string(a.gpus) + " nodes=";
    for (size_t i = 0; i < placement.size(); i++)
        line += (i ? "," : "") + config_.nodes[placement[i].node].name;
    return line;
}

// Every running job trains for the round, less what is left of its restart;
// one that finishes ends at its exact time.
void RoundSimulation::advance(const std::vector<const Assignment *> &next)
{
    for (size_t pos = 0; pos < view_.jobs.size(); pos++) {
        RoundJob &job = view_.jobs[pos];
        const Assignment *a = next[pos];
        if (!a) {
            job.current.reset();
            job.placement.clear();
            continue;
        }
        Held &h = held_[job.index];
        double restart = std::min(h.restart_left_s, config_.round_s);
        h.restart_left_s -= restart;
        double training = config_.round_s - restart;
        double held_s = config_.round_s;
        SimJob &done = result_.jobs[job.index];
        if (h.rate * training >= job.remaining_steps - kStepTolerance) {
            held_s = restart + std::min(training, job.remaining_steps / h.rate);
            job.remaining_steps = 0;
            done.end_s = view_.now_s + held_s;
            busy_until_s_ = std::max(busy_until_s_, done.end_s);
            finished_++;
        } else {
            job.remaining_steps -= h.rate * training;
        }
        double gpus = a->partner < 0 ? a->gpus : a->gpus / 2.0;
        job.attained_gpu_s += gpus * held_s;
        job.run_s += held_s;
        job.rounds_run++;
        job.current = *a;
        job.placement = h.placement;
        done.gpu_seconds = job.attained_gpu_s;
        done.gpu_type = a->gpu_type;
        done.nodes = static_cast<int>(h.placement.size());
    }
}

// Finished jobs leave the view, for its list of those finished.
void RoundSimulation::compact()
{
    size_t kept = 0;
    view_.finished.clear();
    for (size_t pos = 0; pos < view_.jobs.size(); pos++) {
        RoundJob &job = view_.jobs[pos];
        if (job.remaining_steps <= 0) {
            position_[job.index] = -1;
            view_.finished.push_back(FinishedJob{job.index, job.trace, job.attained_gpu_s});
            continue;
        }
        position_[job.index] = static_cast<long>(kept);
        if (kept != pos)
            view_.jobs[kept] = std::move(job);
        kept++;
    }
    view_.jobs.resize(kept);
}

SimResult RoundSimulation::run(const Progress &progress)
{
    size_t reported = 0;
    while (finished_ < result_.jobs.size()) {
        if (view_.jobs.empty()) {
            // An idle cluster starts its rounds afresh at the next arrival,
            // but never before the last job held its GPUs: that arrival may
            // have come during the round in which every job ended.
            grid_start_ = std::max(result_.jobs[order_[arrived_]].trace.arrival_s, busy_until_s_);
            grid_round_ = 0;
            view_.now_s = grid_start_;
        }
        admit();
        round();
        view_.round++;
        view_.now_s = grid_start_ + static_cast<double>(++grid_round_) * config_.round_s;
        if (progress && finished_ != reported)
            progress(reported = finished_, result_.jobs.size());
    }
    return std::move(result_);
}

}  // namespace

SimResult simulate_rounds(const std::vector<TraceJob> &trace, const JobSpeed &speed, const RoundConfig &config,
                          RoundPolicy &policy, const Progress &progress)
{
    return RoundSimulation(trace, speed, config, policy).run(progress);
}

}  // namespace accord::sim
