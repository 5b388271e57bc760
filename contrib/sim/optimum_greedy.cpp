#include "sim/optimum_greedy.h"

#include <random>
#include <stdexcept>

namespace accord::sim {

namespace {

// The configuration that ends soonest from now, and whether it fits now.
std::pair<int, bool> soonest(const PooledJob &job, uint32_t banned, double now, const std::vector<TypeTimeline> &lines)
{
    bool all_banned = true;
    for (const auto &c : job.configs)
        all_banned = all_banned && ((banned >> c.type) & 1u);
    int best = -1;
    double best_end = 0, best_start = 0;
    for (size_t c = 0; c < job.configs.size(); c++) {
        const JobConfig &config = job.configs[c];
        if (!all_banned && ((banned >> config.type) & 1u))
            continue;
        double start = lines[config.type].earliest_fit(config.gpus, now, config.duration_s);
        if (best < 0 || start + config.duration_s < best_end) {
            best = static_cast<int>(c);
            best_end = start + config.duration_s;
            best_start = start;
        }
    }
    return {best, best_start == now};
}

// One change to a plan: swap two jobs, or flip whether a job avoids a type.
void change(GreedyPlan &plan, size_t types, std::mt19937_64 &rng)
{
    size_t jobs = plan.order.size();
    if (rng() % 2)
        std::swap(plan.order[rng() % jobs], plan.order[rng() % jobs]);
    else
        plan.banned[rng() % jobs] ^= 1u << (rng() % types);
}

}  // namespace

std::vector<Start> greedy_schedule(const PooledInstance &instance, const GreedyPlan &plan)
{
    PartialSchedule s = first_event(instance);
    while (s.unstarted) {
        for (int job : plan.order) {
            if (!has(s.undecided, job))
                continue;
            auto [config, fits_now] = soonest(instance.jobs[job], plan.banned[job], s.now, timelines(instance, s));
            if (fits_now)
                start(instance, s, job, config);
        }
        if (s.unstarted && !advance(instance, s))
            throw std::logic_error("greedy schedule: a waiting job with nothing running");
    }
    return s.starts;
}

std::vector<Start> improved_greedy_schedule(const PooledInstance &instance, const std::vector<int> &order,
                                            size_t rounds)
{
    GreedyPlan plan{order, std::vector<uint32_t>(order.size(), 0)};
    std::vector<Start> best = greedy_schedule(instance, plan);
    double best_sum = sum_of_ends(instance, best);
    std::mt19937_64 rng(1);
    for (size_t round = 0; round < rounds && !order.empty(); round++) {
        GreedyPlan tried = plan;
        change(tried, instance.types.size(), rng);
        std::vector<Start> starts = greedy_schedule(instance, tried);
        double sum = sum_of_ends(instance, starts);
        if (sum <= best_sum) {
            plan = std::move(tried);
            best = std::move(starts);
            best_sum = sum;
        }
    }
    return best;
}

double sum_of_ends(const PooledInstance &instance, const std::vector<Start> &starts)
{
    double sum = 0;
    for (size_t j = 0; j < starts.size(); j++)
        sum += starts[j].start_s + instance.jobs[j].configs[starts[j].config].duration_s;
    return sum;
}

}  // namespace accord::sim
