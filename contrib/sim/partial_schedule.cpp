#include "sim/partial_schedule.h"

#include <algorithm>
#include <limits>

namespace accord::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

uint32_t arrived_by(const PooledInstance &instance, uint32_t jobs, double t)
{
    uint32_t arrived = 0;
    for (size_t j = 0; j < instance.jobs.size(); j++)
        if (has(jobs, static_cast<int>(j)) && instance.jobs[j].arrival_s <= t)
            arrived |= 1u << j;
    return arrived;
}

}  // namespace

PartialSchedule first_event(const PooledInstance &instance)
{
    PartialSchedule s;
    s.now = kNever;
    for (const auto &job : instance.jobs)
        s.now = std::min(s.now, job.arrival_s);
    s.unstarted = (1u << instance.jobs.size()) - 1;
    s.undecided = arrived_by(instance, s.unstarted, s.now);
    for (const auto &type : instance.types)
        s.free_before.push_back(type.gpus);
    s.starts.resize(instance.jobs.size());
    return s;
}

int free_now(const PooledInstance &instance, const PartialSchedule &s, int type)
{
    int free = instance.types[type].gpus;
    for (const auto &r : s.runs)
        if (r.type == type)
            free -= r.gpus;
    return free;
}

bool ran_better_in_the_past(const PooledInstance &instance, const PartialSchedule &s, int job, double end_before)
{
    double arrival = instance.jobs[job].arrival_s;
    for (const auto &config : instance.jobs[job].configs) {
        if (arrival + config.duration_s > s.now || arrival + config.duration_s >= end_before)
            continue;
        std::vector<Hold> held;
        for (size_t j = 0; j < s.starts.size(); j++) {
            const Start &st = s.starts[j];
            if (st.config < 0)
                continue;
            const JobConfig &c = instance.jobs[j].configs[st.config];
            if (c.type == config.type && st.start_s + c.duration_s > arrival)
                held.push_back(Hold{st.start_s, st.start_s + c.duration_s, c.gpus});
        }
        TypeTimeline past(config.type, instance.types[config.type].gpus, arrival, {}, held);
        double end = past.earliest_fit(config.gpus, arrival, config.duration_s) + config.duration_s;
        if (end <= s.now && end < end_before)
            return true;
    }
    return false;
}

bool may_start(const PooledInstance &instance, const PartialSchedule &s, int job, int config)
{
    const JobConfig &c = instance.jobs[job].configs[config];
    if (free_now(instance, s, c.type) < c.gpus)
        return false;
    if (instance.jobs[job].arrival_s == s.now)
        return true;
    if (s.free_before[c.type] >= c.gpus)
        return false;
    return !ran_better_in_the_past(instance, s, job, std::numeric_limits<double>::infinity());
}

bool beaten_since(const PooledInstance &instance, const PartialSchedule &s, double since)
{
    for (size_t j = 0; j < s.starts.size(); j++) {
        const Start &st = s.starts[j];
        if (st.config < 0)
            continue;
        double end = st.start_s + instance.jobs[j].configs[st.config].duration_s;
        if (end > since && ran_better_in_the_past(instance, s, static_cast<int>(j), end))
            return true;
    }
    return false;
}

void start(const PooledInstance &instance, PartialSchedule &s, int job, int config)
{
    const JobConfig &c = instance.jobs[job].configs[config];
    double end = s.now + c.duration_s;
    s.runs.push_back(Run{job, c.type, c.gpus, end});
    s.ends_s += end;
    s.starts[job] = Start{config, s.now};
    s.unstarted &= ~(1u << job);
    s.undecided &= ~(1u << job);
}

bool advance(const PooledInstance &instance, PartialSchedule &s)
{
    double next = kNever;
    for (size_t j = 0; j < instance.jobs.size(); j++)
        if (has(s.unstarted, static_cast<int>(j)) && instance.jobs[j].arrival_s > s.now)
            next = std::min(next, instance.jobs[j].arrival_s);
    for (const auto &r : s.runs)
        next = std::min(next, r.end_s);
    if (next == kNever)
        return false;
    for (size_t k = 0; k < instance.types.size(); k++)
        s.free_before[k] = free_now(instance, s, static_cast<int>(k));
    s.runs.erase(std::remove_if(s.runs.begin(), s.runs.end(), [&](const Run &r) { return r.end_s <= next; }),
                 s.runs.end());
    s.now = next;
    s.undecided = arrived_by(instance, s.unstarted, next);
    return true;
}

double next_event_bound(const PooledInstance &instance, const PartialSchedule &s)
{
    double next = kNever;
    for (size_t j = 0; j < instance.jobs.size(); j++) {
        const PooledJob &job = instance.jobs[j];
        if (has(s.unstarted, static_cast<int>(j)) && job.arrival_s > s.now)
            next = std::min(next, job.arrival_s);
        if (has(s.undecided, static_cast<int>(j)))
            next = std::min(next, s.now + job.configs.front().duration_s);
    }
    for (const auto &r : s.runs)
        next = std::min(next, r.end_s);
    return next;
}

std::vector<TypeTimeline> timelines(const PooledInstance &instance, const PartialSchedule &s)
{
    std::vector<TypeTimeline> result;
    for (size_t k = 0; k < instance.types.size(); k++)
        result.emplace_back(static_cast<int>(k), instance.types[k].gpus, s.now, s.runs);
    return result;
}

}  // namespace accord::sim
