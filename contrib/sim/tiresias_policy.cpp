#include "sim/tiresias_policy.h"

#include <algorithm>
#include <stdexcept>

namespace accord::sim {

namespace {

// Tiresias is not elastic: the job's request, within the range it may get.
int gpus_of(const RoundJob &job) { return std::clamp(job.trace->scale_factor, job.min_gpus, job.max_gpus); }

}  // namespace

TiresiasPolicy::TiresiasPolicy(TiresiasConfig config)
    : config_(std::move(config)), queues_(config_.thresholds_gpu_s.size() + 1)
{
    const auto &t = config_.thresholds_gpu_s;
    for (size_t i = 0; i < t.size(); i++)
        if (!(t[i] > 0) || (i && !(t[i] > t[i - 1])))
            throw std::invalid_argument("tiresias: queue thresholds must be positive and ascending");
    if (!(config_.promote_knob >= 0))
        throw std::invalid_argument("tiresias: the promote knob must be >= 0");
}

int TiresiasPolicy::queue_of(size_t job) const
{
    return job < state_.size() && state_[job].known ? state_[job].queue : -1;
}

std::vector<Allocation> TiresiasPolicy::allocate(const RoundView &view)
{
    update(view);
    return pass(view);
}

// Queue moves since the last round: arrivals join queue 0 first, then
// jobs that ran are demoted and jobs that waited too long are promoted.
void TiresiasPolicy::update(const RoundView &view)
{
    double elapsed = view.now_s - last_now_s_;
    last_now_s_ = view.now_s;
    for (const auto &job : view.jobs)
        if (job.index >= state_.size())
            state_.resize(job.index + 1);
    entered_.assign(queues_.size(), {});
    std::vector<char> present(state_.size(), 0), arrived(state_.size(), 0);
    for (const auto &job : view.jobs) {
        present[job.index] = 1;
        if (!state_[job.index].known) {
            admit(view, job);
            arrived[job.index] = 1;
        }
    }
    for (const auto &job : view.jobs)
        if (!arrived[job.index])
            requeue(job, elapsed);
    rebuild_queues(present);
}

void TiresiasPolicy::admit(const RoundView &view, const RoundJob &job)
{
    JobState &s = state_[job.index];
    s.known = true;
    for (const auto &pool : view.pools)
        s.runs_on.push_back(view.speed->steps_per_second(pool.type, job.trace->job_type, gpus_of(job), false) ? 1
                                                                                                            : 0);
    enter(job.index, 0);
}

void TiresiasPolicy::requeue(const RoundJob &job, double elapsed_s)
{
    JobState &s = state_[job.index];
    double ran = job.run_s - s.run_base_s;
    if (job.current) {
        double service = job.attained_gpu_s - s.service_base_gpu_s;
        int q = s.queue;
        while (q + 1 < static_cast<int>(queues_.size()) && service >= config_.thresholds_gpu_s[q])
            q++;
        if (q != s.queue)
            enter(job.index, q);
    } else if (ran > 0) {
        s.waited_s += elapsed_s;
        if (config_.promote_knob > 0 && s.queue > 0 && s.waited_s >= config_.promote_knob * ran) {
            s.service_base_gpu_s = job.attained_gpu_s;
            s.run_base_s = job.run_s;
            s.waited_s = 0;
            enter(job.index, 0);
        }
    }
}

void TiresiasPolicy::enter(size_t job, int queue)
{
    state_[job].queue = queue;
    entered_[queue].push_back(job);
}

// Each queue: its jobs still present and still in it, then the newcomers.
void TiresiasPolicy::rebuild_queues(const std::vector<char> &present)
{
    for (size_t q = 0; q < queues_.size(); q++) {
        auto &queue = queues_[q];
        queue.erase(std::remove_if(queue.begin(), queue.end(),
                                   [&](size_t job) {
                                       return !present[job] || state_[job].queue != static_cast<int>(q);
                                   }),
                    queue.end());
        queue.insert(queue.end(), entered_[q].begin(), entered_[q].end());
    }
}

// Queues in order, each job that fits the free GPUs of some type runs.
std::vector<Allocation> TiresiasPolicy::pass(const RoundView &view)
{
    std::vector<long> position(state_.size(), -1);
    for (size_t pos = 0; pos < view.jobs.size(); pos++)
        position[view.jobs[pos].index] = static_cast<long>(pos);
    std::vector<int> free;
    int total_free = 0;
    for (const auto &pool : view.pools) {
        free.push_back(pool.total());
        total_free += pool.total();
    }
    std::vector<Allocation> allocation;
    std::vector<char> runs(state_.size(), 0);
    for (const auto &queue : queues_)
        for (size_t index : queue) {
            if (total_free == 0)
                break;
            const RoundJob &job = view.jobs[position[index]];
            int gpus = gpus_of(job);
            long pool = pick_pool(view, job, gpus, free);
            if (pool < 0)
                continue;
            free[pool] -= gpus;
            total_free -= gpus;
            allocation.push_back(Allocation{index, Assignment{view.pools[pool].type, gpus, -1}});
            runs[index] = 1;
        }
    reorder(runs);
    return allocation;
}

// Its current type while that has room (no restart), else the type with
// the most free GPUs it can run on: room is all Tiresias looks at.
long TiresiasPolicy::pick_pool(const RoundView &view, const RoundJob &job, int gpus, const std::vector<int> &free) const
{
    const JobState &s = state_[job.index];
    long best = -1;
    for (size_t p = 0; p < free.size(); p++) {
        if (free[p] < gpus || !s.runs_on[p])
            continue;
        if (job.current && job.current->gpu_type == view.pools[p].type)
            return static_cast<long>(p);
        if (best < 0 || free[p] > free[best])
            best = static_cast<long>(p);
    }
    return best;
}

// Within each queue, the jobs that run ahead of those that wait.
void TiresiasPolicy::reorder(const std::vector<char> &runs)
{
    for (auto &queue : queues_)
        std::stable_partition(queue.begin(), queue.end(), [&](size_t job) { return runs[job] != 0; });
}

}  // namespace accord::sim
