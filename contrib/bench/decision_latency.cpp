// decision-latency: how long each round policy takes to decide one round
// for N waiting jobs on a cluster of G GPUs (a third each V100, P100, K80 in
// 4-GPU nodes), jobs drawn from the Philly distribution (seed 0) with
// Gavel's job types. "first" is a round where every job waits; "next" the
// round after, every job the first round placed now holding its GPUs
// (stateful policies such as Gavel re-use their last solution then).
// Before both, each policy is told of 20,000 finished jobs (another seed's
// draw, each having held its GPUs for its run time on V100s), as a policy
// that learns from finished jobs (accord's Gittins order) has seen by then
// in a long run; that call is not timed.
// Prints a Markdown table; run by contrib/bench/sim-bench.sh.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/philly_generator.h"
#include "sim/policies.h"
#include "sim/throughput_table.h"

using namespace accord::sim;

namespace {

std::vector<GpuPool> pools_for(int gpus)
{
    int nodes = gpus / 4, third = nodes / 3;
    std::map<std::string, int> per_type = {{"k80", nodes - 2 * third}, {"p100", third}, {"v100", third}};
    std::vector<GpuPool> pools;
    for (const auto &[type, count] : per_type)
        pools.push_back(GpuPool{type, count, 4, {}});
    return pools;
}

RoundView view_of(const std::vector<TraceJob> &jobs, int gpus, const JobSpeed &speed)
{
    RoundView view;
    view.round_s = 360;
    view.restart_s = 30;
    view.pools = pools_for(gpus);
    view.speed = &speed;
    for (size_t i = 0; i < jobs.size(); i++) {
        RoundJob r;
        r.index = i;
        r.trace = &jobs[i];
        r.min_gpus = r.max_gpus = jobs[i].scale_factor;
        r.remaining_steps = static_cast<double>(jobs[i].total_steps);
        view.jobs.push_back(r);
    }
    return view;
}

double ms_to_allocate(RoundPolicy &policy, const RoundView &view, std::vector<Allocation> &out)
{
    auto t0 = std::chrono::steady_clock::now();
    out = policy.allocate(view);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// A view with no jobs in which every job of `history` has just finished.
RoundView finished_view(const std::vector<TraceJob> &history, int gpus, const JobSpeed &speed)
{
    RoundView view = view_of({}, gpus, speed);
    for (size_t i = 0; i < history.size(); i++) {
        const TraceJob &t = history[i];
        auto rate = speed.steps_per_second("v100", t.job_type, t.scale_factor, false);
        double run_s = rate ? static_cast<double>(t.total_steps) / *rate : 0;
        view.finished.push_back(FinishedJob{i, &t, run_s * t.scale_factor});
    }
    return view;
}

// The round after `allocation`: its jobs hold what they got for a round.
void advance(RoundView &view, const std::vector<Allocation> &allocation)
{
    for (const auto &a : allocation) {
        RoundJob &job = view.jobs[a.job];
        job.current = a.assignment;
        job.rounds_run++;
        job.run_s += view.round_s;
        job.attained_gpu_s += view.round_s * a.assignment.gpus;
    }
    view.now_s += view.round_s;
    view.round++;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: decision-latency THROUGHPUTS.json PHILLY.csv (POLICY,POLICY,... | all)\n");
        return 2;
    }
    ThroughputTable table = ThroughputTable::load_gavel(argv[1]);
    JobSpeed speed(table);
    auto samples = read_philly_distribution(argv[2]);
    GeneratorConfig past;
    past.jobs = 20000;
    past.seed = 1;
    std::vector<TraceJob> history = generate_trace(samples, table, past);
    std::printf("| policy | GPUs | jobs | first round (ms) | next round (ms) |\n|---|---:|---:|---:|---:|\n");
    std::vector<std::string> names;
    std::string list = argv[3];
    for (size_t from = 0; list != "all" && from <= list.size();) {
        size_t comma = list.find(',', from);
        names.push_back(list.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
        from = comma == std::string::npos ? list.size() + 1 : comma + 1;
    }
    if (list == "all")
        names = policy_names();
    for (const auto &name : names) {
        const PolicyEntry &entry = find_policy(name);
        if (!entry.round)
            continue;
        for (int gpus : {64, 512, 2048, 8192}) {
            for (size_t jobs : {100, 1000, 5000}) {
                GeneratorConfig g;
                g.jobs = jobs;
                std::vector<TraceJob> trace = generate_trace(samples, table, g);
                RoundView view = view_of(trace, gpus, speed);
                OraclePairs pairs(speed);
                auto policy = entry.round(table, pairs, {});
                std::vector<Allocation> allocation = policy->allocate(finished_view(history, gpus, speed));
                double first = ms_to_allocate(*policy, view, allocation);
                advance(view, allocation);
                double next = ms_to_allocate(*policy, view, allocation);
                std::printf("| %s | %d | %zu | %.2f | %.2f |\n", name.c_str(), gpus, jobs, first, next);
                std::fflush(stdout);
            }
        }
    }
    return 0;
}
