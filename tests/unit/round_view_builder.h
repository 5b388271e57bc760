// Builds RoundView values for the round policies' unit tests. Job indices
// start at 100, so a policy that confuses a job's index with its position
// in view.jobs fails.
#pragma once

#include <deque>
#include <string>

#include "sim/round_policy.h"

namespace accord::test {

class RoundViewBuilder {
public:
    explicit RoundViewBuilder(const sim::JobSpeed &speed, double now_s = 0)
    {
        view_.speed = &speed;
        view_.now_s = now_s;
        view_.round_s = 360;
    }

    RoundViewBuilder &restart_s(double seconds)
    {
        view_.restart_s = seconds;
        return *this;
    }

    // Add pools in type order (RoundView keeps them sorted).
    RoundViewBuilder &pool(const std::string &type, int nodes, int gpus_per_node)
    {
        view_.pools.push_back({type, nodes, gpus_per_node});
        return *this;
    }

    // A rigid job asking for `gpus`; the reference is valid until the next
    // job is added.
    sim::RoundJob &job(const std::string &job_type, int gpus, uint64_t steps = 1000, double arrival_s = 0)
    {
        sim::TraceJob &trace = traces_.emplace_back();
        trace.job_type = job_type;
        trace.total_steps = steps;
        trace.arrival_s = arrival_s;
        trace.scale_factor = gpus;
        sim::RoundJob &job = view_.jobs.emplace_back();
        job.index = 100 + view_.jobs.size() - 1;
        job.trace = &trace;
        job.min_gpus = job.max_gpus = gpus;
        job.remaining_steps = static_cast<double>(steps);
        return job;
    }

    const sim::RoundView &view() const { return view_; }

private:
    std::deque<sim::TraceJob> traces_;  // stable addresses for RoundJob::trace
    sim::RoundView view_;
};

}  // namespace accord::test
