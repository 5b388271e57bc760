// RoundView values for the Gavel policy tests, without the round engine:
// a throughput table, pools and jobs, and "the engine ran what the policy
// said" (advance) so a policy can be driven round after round.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "sim/job_speed.h"
#include "sim/round_policy.h"
#include "sim/throughput_table.h"

namespace accord::test {

class GavelView {
public:
    GavelView(sim::ThroughputTable table, std::vector<sim::GpuPool> pools, double round_s = 360)
        : table_(std::make_unique<sim::ThroughputTable>(std::move(table))),
          speed_(std::make_unique<sim::JobSpeed>(*table_))
    {
        view.pools = std::move(pools);
        view.round_s = round_s;
        view.speed = speed_.get();
    }

    // A job of `job_type` on `gpus` GPUs, arriving now; returns its index.
    size_t add(const std::string &job_type, int gpus = 1, double weight = 1)
    {
        sim::TraceJob t;
        t.job_type = job_type;
        t.total_steps = 1000000;
        t.scale_factor = gpus;
        t.priority_weight = weight;
        t.line = static_cast<int>(traces_.size()) + 1;
        traces_.push_back(t);
        sim::RoundJob j;
        j.index = traces_.size() - 1;
        j.trace = &traces_.back();
        j.min_gpus = j.max_gpus = gpus;
        view.jobs.push_back(j);
        return j.index;
    }

    void remove(size_t index)
    {
        for (auto it = view.jobs.begin(); it != view.jobs.end(); ++it)
            if (it->index == index) {
                view.jobs.erase(it);
                return;
            }
    }

    // The round ran `given`: record it as each job's `current` and move on.
    void advance(const std::vector<sim::Allocation> &given)
    {
        for (auto &j : view.jobs) {
            j.current.reset();
            for (const auto &a : given)
                if (a.job == j.index) {
                    j.current = a.assignment;
                    j.rounds_run++;
                }
        }
        view.round++;
        view.now_s += view.round_s;
    }

    sim::RoundView view;

private:
    std::unique_ptr<sim::ThroughputTable> table_;
    std::unique_ptr<sim::JobSpeed> speed_;
    std::deque<sim::TraceJob> traces_;  // stable addresses for RoundJob::trace
};

inline sim::GpuPool pool(const std::string &type, int nodes, int gpus_per_node)
{
    sim::GpuPool p;
    p.type = type;
    p.nodes = nodes;
    p.gpus_per_node = gpus_per_node;
    return p;
}

// A table of measured rates alone: (GPU type, job type, GPUs, steps/s).
inline sim::ThroughputTable table_of(const std::vector<std::tuple<std::string, std::string, int, double>> &rows)
{
    sim::ThroughputTable t;
    for (const auto &[gpu, job, sf, speed] : rows)
        t.set_isolated(gpu, job, sf, false, speed);
    return t;
}

// A: 4 steps/s on fast, 1 on slow; B: 1 and 2; C: 2 and 2. One GPU of each
// type, one GPU each. Max-min X: A fast 10/19; B slow 12/19; C fast 9/19, slow 7/19.
inline GavelView three_jobs()
{
    GavelView v(table_of({{"fast", "A", 1, 4}, {"slow", "A", 1, 1}, {"fast", "B", 1, 1},
                          {"slow", "B", 1, 2}, {"fast", "C", 1, 2}, {"slow", "C", 1, 2}}),
                {pool("fast", 1, 1), pool("slow", 1, 1)});
    v.add("A");
    v.add("B");
    v.add("C");
    return v;
}

}  // namespace accord::test
