#include "sim/finish_time_fairness.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace accord::sim {

namespace {

// The number of jobs in the system as a step function of time, with its
// running integral, so the average over any period is two look-ups.
class ActiveJobs {
public:
    explicit ActiveJobs(const SimResult &run)
    {
        std::vector<std::pair<double, int>> events;
        for (const auto &j : run.jobs) {
            events.emplace_back(j.trace.arrival_s, +1);
            events.emplace_back(j.end_s, -1);
        }
        std::sort(events.begin(), events.end());
        double integral = 0, last = events.empty() ? 0 : events.front().first;
        int active = 0;
        for (const auto &[time, delta] : events) {
            integral += active * (time - last);
            active += delta;
            last = time;
            times_.push_back(time);
            integral_.push_back(integral);
            active_after_.push_back(active);
        }
    }

    double average(double from, double to) const
    {
        return to > from ? (integral_at(to) - integral_at(from)) / (to - from) : active_at(from);
    }

private:
    size_t last_event_at_or_before(double t) const
    {
        return static_cast<size_t>(std::upper_bound(times_.begin(), times_.end(), t) - times_.begin()) - 1;
    }
    double integral_at(double t) const
    {
        size_t k = last_event_at_or_before(t);
        return integral_[k] + active_after_[k] * (t - times_[k]);
    }
    double active_at(double t) const { return active_after_[last_event_at_or_before(t)]; }

    std::vector<double> times_, integral_;
    std::vector<int> active_after_;
};

}  // namespace

std::vector<double> finish_time_fairness(const SimResult &run, const SimResult &isolated, int cluster_gpus)
{
    if (run.jobs.size() != isolated.jobs.size())
        throw std::invalid_argument("finish_time_fairness: runs of different traces");
    ActiveJobs active(run);
    std::vector<double> rho;
    for (size_t i = 0; i < run.jobs.size(); i++) {
        const SimJob &j = run.jobs[i];
        double alone = isolated.jobs[i].end_s - isolated.jobs[i].start_s;
        double jobs = active.average(j.trace.arrival_s, j.end_s);
        double slowdown = std::max(1.0, j.trace.scale_factor * jobs / cluster_gpus);
        rho.push_back((j.end_s - j.trace.arrival_s) / (alone * slowdown));
    }
    return rho;
}

}  // namespace accord::sim
