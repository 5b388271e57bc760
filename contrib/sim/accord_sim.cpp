// accord-sim: replays a job trace on a simulated GPU cluster with measured
// throughputs, once per policy, and prints each run's figures as JSON.
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "sim/input_error.h"
#include "sim/lower_bound.h"
#include "sim/pair_choice.h"
#include "sim/policies.h"
#include "sim/round_simulator.h"
#include "sim/run_summary.h"
#include "sim/sim_inputs.h"
#include "sim/sim_options.h"
#include "sim/simulator.h"
#include "sim/speed_model.h"

using namespace accord::sim;

namespace {

void show_progress(size_t done, size_t total)
{
    if (done == total || done % 50 == 0)
        std::fprintf(stderr, "\r  %zu/%zu jobs finished%s", done, total, done == total ? "\n" : "");
}

void write_text(const std::string &path, const std::string &text)
{
    std::ofstream file(path);
    if (!(file << text))
        throw InputError(path + ": cannot write");
}

std::string jobs_csv(const SimResult &r)
{
    std::string text = "trace_line,job_type,gpus,arrival_s,start_s,end_s,gpu_type,nodes\n";
    for (const auto &j : r.jobs)
        text += std::to_string(j.trace.line) + ",\"" + j.trace.job_type + "\"," +
                std::to_string(j.trace.scale_factor) + "," + std::to_string(j.trace.arrival_s) + "," +
                std::to_string(j.start_s) + "," + std::to_string(j.end_s) + "," + j.gpu_type + "," +
                std::to_string(j.nodes) + "\n";
    return text;
}

SimResult run_policy(const PolicyEntry &policy, double fairness_bound, const SimInputs &in, const JobSpeed &speed,
                     const PairPredictor &pairs, const SpeedModel *speed_model, const SimOptions &o)
{
    Progress progress = o.progress ? show_progress : Progress{};
    if (policy.ranker) {
        SimConfig config = o.config;
        config.nodes = in.nodes;
        config.allocator = policy.allocator;
        config.fairness_bound = fairness_bound;
        config.preempt = policy.preempt;
        if (config.preempt)
            config.preempt->migrate = o.config.migrate;
        // Accord's event policies take the learned model as the plugin does.
        if (speed_model && policy.takes_fairness) {
            config.uncertainty = speed_model->uncertainty;
            accord::core::FamilySpeedRanker ranker(speed_model->speeds, o.gpu_speed, speed_model->source);
            return simulate(in.jobs, speed, config, ranker, progress);
        }
        return simulate(in.jobs, speed, config, *policy.ranker(in.table, o.gpu_speed, in.nodes), progress);
    }
    RoundConfig rounds = o.rounds;
    rounds.nodes = in.nodes;
    PolicySettings settings{fairness_bound, o.config.limit_factor};
    return simulate_rounds(in.jobs, speed, rounds, *policy.round(in.table, pairs, settings), progress);
}

// One run of a policy: its name in the output, and the fairness bound it
// runs with.
struct Run {
    std::string name;
    const PolicyEntry *policy;
    double fairness_bound;
};

std::string bound_text(double bound)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%g", bound);
    return text;
}

// Each policy once; with --fairness, each Accord policy once per bound,
// named POLICY@fairness=BOUND.
std::vector<Run> runs_of(const SimOptions &o)
{
    std::vector<Run> runs;
    for (const auto &name : o.policies) {
        const PolicyEntry &policy = find_policy(name);
        if (o.fairness_bounds.empty() || !policy.takes_fairness) {
            runs.push_back(Run{name, &policy, 0});
            continue;
        }
        for (double bound : o.fairness_bounds)
            runs.push_back(Run{name + "@fairness=" + bound_text(bound), &policy, bound});
    }
    return runs;
}

int cluster_gpus(const std::vector<accord::core::Node> &nodes)
{
    int total = 0;
    for (const auto &n : nodes)
        total += n.capacity.total_gpus();
    return total;
}

int run(const SimOptions &o)
{
    SimInputs in = load_inputs(o);
    for (const auto &note : in.notes)
        std::cerr << "accord-sim: " << note << "\n";
    if (!o.write_trace.empty())
        write_text(o.write_trace, to_gavel_trace(in.jobs));
    JobSpeed speed(in.table);
    int gpus = cluster_gpus(in.nodes);
    ChosenPairs pairs = choose_pairs(o, in, speed);
    std::unique_ptr<SpeedModel> speed_model = load_speed_model(o, in);
    if (speed_model)
        std::cerr << "accord-sim: " << speed_model->note << "\n";
    if (o.pair_predictor != "oracle")
        std::cerr << "accord-sim: " << pairs.note << "\n";

    SimResult bound = isolated_fastest(in.jobs, speed, in.nodes);
    std::string json = "[\n", csv = summary_csv_header(), log, per_job;
    std::vector<Run> runs = runs_of(o);
    for (size_t i = 0; i < runs.size(); i++) {
        const std::string &name = runs[i].name;
        if (o.progress)
            std::fprintf(stderr, "accord-sim: policy %s\n", name.c_str());
        auto t0 = std::chrono::steady_clock::now();
        SimResult result = run_policy(*runs[i].policy, runs[i].fairness_bound, in, speed, *pairs.predictor,
                                      speed_model.get(), o);
        RunSummary summary = summarize(result, gpus, &bound);
        summary.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        json += (i ? ",\n" : "") + to_json(summary, name);
        csv += to_csv_line(summary, name);
        for (const auto &line : result.decisions)
            log += name + " " + line + "\n";
        per_job += o.jobs_csv.empty() ? "" : "# policy " + name + "\n" + jobs_csv(result);
    }
    RunSummary isolated = summarize(bound, gpus);
    json += ",\n" + to_json(isolated, "bound-isolated-fastest") + "]\n";
    csv += to_csv_line(isolated, "bound-isolated-fastest");
    if (o.out.empty())
        std::cout << json;
    else
        write_text(o.out, json);
    if (!o.summary_csv.empty())
        write_text(o.summary_csv, csv);
    if (!o.decision_log.empty())
        write_text(o.decision_log, log);
    if (!o.jobs_csv.empty())
        write_text(o.jobs_csv, per_job);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    // Every cycle allocates and frees the plan's timelines, decisions and
    // options; glibc's default gives the freed top of the heap back to the
    // kernel and the next cycle faults it in again (accord-rq at 3,000
    // jobs: 300,000 page faults, a tenth of its CPU time). The simulator
    // keeps its heap; fixing the trim threshold also fixes the mmap one,
    // so that is raised too, or every block over 128 KiB would be mapped
    // and faulted in anew.
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    SimOptions o = parse_sim_options(argc, argv);
    try {
        return run(o);
    } catch (const std::exception &e) {
        std::cerr << "accord-sim: " << e.what() << "\n";
        return 1;
    }
}
