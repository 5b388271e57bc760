// optimum-bench: how long the exact optimum (exact_optimum.h) takes on
// generated small instances, and how far each accord-sim policy is from it.
// One markdown table row per seed, for docs/simulator.md.
#include <getopt.h>

#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "sim/cluster_spec.h"
#include "sim/exact_optimum.h"
#include "sim/lower_bound.h"
#include "sim/philly_generator.h"
#include "sim/policies.h"
#include "sim/round_simulator.h"
#include "sim/run_summary.h"

using namespace accord::sim;

namespace {

struct Options {
    std::string throughputs, philly, cluster = "v100:2x4,p100:2x4,k80:2x4";
    size_t jobs = 20;
    double rate = 10;
    int first_seed = 1, last_seed = 10;
    OptimumLimits limits;
};

const char kUsage[] =
    "Usage: optimum-bench --throughputs FILE --philly FILE [options]\n"
    "  --cluster SPEC    TYPE:NODESxGPUS,... (default v100:2x4,p100:2x4,k80:2x4)\n"
    "  --jobs N          jobs per instance, at most 20 (default 20)\n"
    "  --arrival-rate R  generated jobs per hour (default 10)\n"
    "  --seeds A-B       generator seeds (default 1-10)\n"
    "  --seconds S       wall-time limit per instance (default 600)\n"
    "  --nodes N         search-node limit per instance (default 50000000)\n";

[[noreturn]] void usage_error(const std::string &message)
{
    std::cerr << "optimum-bench: " << message << "\n" << kUsage;
    std::exit(2);
}

double number(const char *text, double lo, double hi, const char *option)
{
    char *end = nullptr;
    double value = std::strtod(text, &end);
    if (!*text || *end || !(value >= lo && value <= hi))
        usage_error(std::string(option) + ": '" + text + "' is out of range");
    return value;
}

Options parse(int argc, char **argv)
{
    static const option longs[] = {
        {"throughputs", required_argument, nullptr, 't'}, {"philly", required_argument, nullptr, 'P'},
        {"cluster", required_argument, nullptr, 'c'},     {"jobs", required_argument, nullptr, 'n'},
        {"arrival-rate", required_argument, nullptr, 'R'}, {"seeds", required_argument, nullptr, 'S'},
        {"seconds", required_argument, nullptr, 's'},     {"nodes", required_argument, nullptr, 'N'},
        {nullptr, 0, nullptr, 0}};
    Options o;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, nullptr)) != -1) {
        switch (c) {
        case 't': o.throughputs = optarg; break;
        case 'P': o.philly = optarg; break;
        case 'c': o.cluster = optarg; break;
        case 'n': o.jobs = static_cast<size_t>(number(optarg, 1, kMaxOptimumJobs, "--jobs")); break;
        case 'R': o.rate = number(optarg, 1e-3, 1e6, "--arrival-rate"); break;
        case 'S':
            if (std::sscanf(optarg, "%d-%d", &o.first_seed, &o.last_seed) != 2 || o.first_seed > o.last_seed)
                usage_error(std::string("--seeds: '") + optarg + "' is not A-B");
            break;
        case 's': o.limits.max_seconds = number(optarg, 0, 1e7, "--seconds"); break;
        case 'N': o.limits.max_nodes = static_cast<size_t>(number(optarg, 1, 1e12, "--nodes")); break;
        default: usage_error("unknown option");
        }
    }
    if (optind < argc || o.throughputs.empty() || o.philly.empty())
        usage_error("--throughputs and --philly are required");
    return o;
}

double mean_jct(const SimResult &r) { return summarize(r, 1).jct_s.mean; }

// Every policy runs as accord-sim runs it (default rounds for the round
// policies: preemptive, so they may go below the non-preemptive optimum).
SimResult run_policy(const PolicyEntry &policy, const std::vector<TraceJob> &trace, const JobSpeed &speed,
                     const ThroughputTable &table, const std::vector<accord::core::Node> &nodes)
{
    if (policy.ranker) {
        SimConfig config;
        config.nodes = nodes;
        config.allocator = policy.allocator;
        return simulate(trace, speed, config, *policy.ranker(table, {}, nodes));
    }
    RoundConfig rounds;
    rounds.nodes = nodes;
    OraclePairs pairs(speed);
    return simulate_rounds(trace, speed, rounds, *policy.round(table, pairs, {}));
}

void bench(const Options &o)
{
    ThroughputTable table = ThroughputTable::load_gavel(o.throughputs);
    auto samples = read_philly_distribution(o.philly);
    JobSpeed speed(table);
    std::vector<accord::core::Node> nodes = parse_cluster_spec(o.cluster);
    // Unproven rows give each ratio as a range: to the best schedule found
    // and to the lower bound.
    std::printf("| seed | proven | nodes | solve (CPU s) | optimum mean JCT (s) | lower bound (s) | isolated ÷ optimum |");
    for (const auto &policy : policy_names())
        std::printf(" %s ÷ optimum |", policy.c_str());
    std::printf("\n|---|---|---:|---:|---:|---:|---:|");
    for (size_t i = 0; i < policy_names().size(); i++)
        std::printf("---:|");
    std::printf("\n");
    for (int seed = o.first_seed; seed <= o.last_seed; seed++) {
        GeneratorConfig generate{o.jobs, o.rate, static_cast<uint64_t>(seed)};
        auto trace = generate_trace(samples, table, generate);
        std::clock_t t0 = std::clock();
        OptimumResult opt = exact_optimum(trace, speed, nodes, o.limits);
        double solve = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
        std::printf("| %d | %s | %zu | %.1f | %.0f | %.0f |", seed, opt.proven_optimal ? "yes" : "no", opt.nodes,
                    solve, opt.mean_jct_s, opt.lower_bound_mean_jct_s);
        auto ratio = [&](double mean) {
            if (opt.proven_optimal)
                std::printf(" %.3f |", mean / opt.mean_jct_s);
            else
                std::printf(" %.3f–%.3f |", mean / opt.mean_jct_s, mean / opt.lower_bound_mean_jct_s);
        };
        ratio(mean_jct(isolated_fastest(trace, speed, nodes)));
        for (const auto &policy : registered_policies())
            ratio(mean_jct(run_policy(policy, trace, speed, table, nodes)));
        std::printf("\n");
        std::fflush(stdout);
    }
}

}  // namespace

int main(int argc, char **argv)
{
    Options o = parse(argc, argv);
    try {
        bench(o);
        return 0;
    } catch (const std::exception &e) {
        std::cerr << "optimum-bench: " << e.what() << "\n";
        return 1;
    }
}
