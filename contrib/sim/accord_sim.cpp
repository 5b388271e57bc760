// accord-sim: replays a job trace on a simulated GPU cluster with measured
// throughputs, once per policy, and prints each run's figures as JSON.
#include <getopt.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/gavel_trace.h"
#include "sim/input_error.h"
#include "sim/lower_bound.h"
#include "sim/philly_generator.h"
#include "sim/policies.h"
#include "sim/round_simulator.h"
#include "sim/run_summary.h"
#include "sim/simulator.h"

using namespace accord::sim;

namespace {

struct Options {
    std::string throughputs, trace, cluster = "v100:9x4,p100:9x4,k80:9x4", policy = "all";
    std::string out, decision_log, jobs_csv, philly, write_trace;
    size_t first = 0;
    GeneratorConfig generate = {0};  // 0 jobs: read --trace instead
    SimConfig config;
    RoundConfig rounds;
    std::vector<std::string> policies;  // from --policy
    bool progress = isatty(STDERR_FILENO);
};

const char kUsage[] =
    "Usage: accord-sim --throughputs FILE (--trace FILE | --generate N --philly FILE) [options]\n"
    "  --throughputs FILE   measured throughputs, Gavel's schema\n"
    "  --trace FILE         Gavel .trace job trace\n"
    "  --generate N         N jobs drawn from the Philly distribution instead of a trace\n"
    "  --philly FILE        Philly (duration_s,num_gpus) distribution for --generate\n"
    "  --arrival-rate R     generated jobs per hour (Poisson; default 10)\n"
    "  --seed S             generator seed (default 0)\n"
    "  --write-trace FILE   write the jobs replayed, in Gavel's 7-field layout\n"
    "  --cluster SPEC       TYPE:NODESxGPUS,... (default v100:9x4,p100:9x4,k80:9x4)\n"
    "  --policy NAMES       slurm, accord, tiresias, several joined by commas, or all\n"
    "                       (default all); the lower bound (every job alone on its\n"
    "                       fastest GPU type) is always added\n"
    "  --first N            only the first N jobs of the trace\n"
    "  --limit-factor X     time limit = slowest run time x X (default 1.5, >= 1)\n"
    "  --reserve-depth N    reservations per cycle (default 1)\n"
    "  --round S            round length of round-based policies, seconds (default 360)\n"
    "  --restart S          progress a round-based policy's job loses when it is\n"
    "                       moved, paused and resumed, seconds (default 30)\n"
    "  --out FILE           JSON results (default: standard output)\n"
    "  --decision-log FILE  every decision (start; round policies: run, pack, preempt)\n"
    "  --jobs-csv FILE      one line per job: arrival, start, end, GPU type, nodes\n"
    "  --quiet              no progress bar\n";

[[noreturn]] void usage_error(const std::string &message)
{
    std::cerr << "accord-sim: " << message << "\n" << kUsage;
    std::exit(2);
}

double number(const char *text, double lo, double hi, const char *option)
{
    char *end = nullptr;
    double value = std::strtod(text, &end);
    if (!*text || *end || !(value >= lo && value <= hi))
        usage_error(std::string(option) + ": '" + text + "' is not a number in [" + std::to_string(lo) +
                    ", " + std::to_string(hi) + "]");
    return value;
}

// "all", or names joined by commas, each registered.
std::vector<std::string> policy_list(const std::string &text)
{
    if (text == "all")
        return policy_names();
    std::vector<std::string> names;
    size_t from = 0;
    for (;;) {
        size_t comma = text.find(',', from);
        names.push_back(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
        try {
            find_policy(names.back());
        } catch (const std::invalid_argument &e) {
            usage_error(std::string("--policy: ") + e.what());
        }
        if (comma == std::string::npos)
            return names;
        from = comma + 1;
    }
}

Options parse(int argc, char **argv)
{
    static const option longs[] = {
        {"throughputs", required_argument, nullptr, 't'}, {"trace", required_argument, nullptr, 'r'},
        {"cluster", required_argument, nullptr, 'c'},     {"policy", required_argument, nullptr, 'p'},
        {"first", required_argument, nullptr, 'f'},       {"limit-factor", required_argument, nullptr, 'l'},
        {"reserve-depth", required_argument, nullptr, 'd'}, {"out", required_argument, nullptr, 'o'},
        {"decision-log", required_argument, nullptr, 'g'}, {"jobs-csv", required_argument, nullptr, 'j'},
        {"quiet", no_argument, nullptr, 'q'},             {"help", no_argument, nullptr, 'h'},
        {"generate", required_argument, nullptr, 'G'},    {"philly", required_argument, nullptr, 'P'},
        {"arrival-rate", required_argument, nullptr, 'R'}, {"seed", required_argument, nullptr, 'S'},
        {"write-trace", required_argument, nullptr, 'W'}, {"round", required_argument, nullptr, 'N'},
        {"restart", required_argument, nullptr, 'X'},
        {nullptr, 0, nullptr, 0}};
    Options o;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, nullptr)) != -1) {
        switch (c) {
        case 't': o.throughputs = optarg; break;
        case 'r': o.trace = optarg; break;
        case 'c': o.cluster = optarg; break;
        case 'p': o.policy = optarg; break;
        case 'f': o.first = static_cast<size_t>(number(optarg, 1, 1e7, "--first")); break;
        case 'l': o.config.limit_factor = number(optarg, 1, 1000, "--limit-factor"); break;
        case 'd': o.config.reserve_depth = static_cast<int>(number(optarg, 0, 1000, "--reserve-depth")); break;
        case 'o': o.out = optarg; break;
        case 'g': o.decision_log = optarg; break;
        case 'j': o.jobs_csv = optarg; break;
        case 'q': o.progress = false; break;
        case 'G': o.generate.jobs = static_cast<size_t>(number(optarg, 1, 1e7, "--generate")); break;
        case 'P': o.philly = optarg; break;
        case 'R': o.generate.jobs_per_hour = number(optarg, 1e-3, 1e6, "--arrival-rate"); break;
        case 'S': o.generate.seed = static_cast<uint64_t>(number(optarg, 0, 1e15, "--seed")); break;
        case 'W': o.write_trace = optarg; break;
        case 'N': o.rounds.round_s = number(optarg, 1, 86400, "--round"); break;
        case 'X': o.rounds.restart_s = number(optarg, 0, 86400, "--restart"); break;
        case 'h': std::cout << kUsage; std::exit(0);
        default: usage_error("unknown option");
        }
    }
    if (optind < argc)
        usage_error(std::string("unexpected argument '") + argv[optind] + "'");
    if (o.throughputs.empty())
        usage_error("--throughputs is required");
    if (o.trace.empty() == (o.generate.jobs == 0))
        usage_error("give either --trace or --generate");
    if (o.generate.jobs && o.philly.empty())
        usage_error("--generate needs --philly");
    o.policies = policy_list(o.policy);
    return o;
}

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

SimResult run_policy(const PolicyEntry &policy, const std::vector<TraceJob> &trace, const ThroughputTable &table,
                     const JobSpeed &speed, const Options &o)
{
    Progress progress = o.progress ? show_progress : Progress{};
    if (policy.ranker)
        return simulate(trace, speed, o.config, *policy.ranker(table), progress);
    return simulate_rounds(trace, speed, o.rounds, *policy.round(table), progress);
}

int cluster_gpus(const SimConfig &config)
{
    int total = 0;
    for (const auto &n : config.nodes)
        total += n.capacity.total_gpus();
    return total;
}

int run(Options &o)
{
    ThroughputTable table = ThroughputTable::load_gavel(o.throughputs);
    std::vector<TraceJob> trace = o.generate.jobs
        ? generate_trace(read_philly_distribution(o.philly), table, o.generate)
        : read_gavel_trace(o.trace);
    if (o.first && o.first < trace.size())
        trace.resize(o.first);
    if (!o.write_trace.empty())
        write_text(o.write_trace, to_gavel_trace(trace));
    o.config.nodes = parse_cluster_spec(o.cluster);
    o.rounds.nodes = o.config.nodes;
    JobSpeed speed(table);
    const std::vector<std::string> &policies = o.policies;

    SimResult bound = isolated_fastest(trace, speed, o.config.nodes);
    std::string json = "[\n", log, csv;
    for (size_t i = 0; i < policies.size(); i++) {
        if (o.progress)
            std::fprintf(stderr, "accord-sim: policy %s\n", policies[i].c_str());
        SimResult result = run_policy(find_policy(policies[i]), trace, table, speed, o);
        json += (i ? ",\n" : "") + to_json(summarize(result, cluster_gpus(o.config), &bound), policies[i]);
        for (const auto &line : result.decisions)
            log += policies[i] + " " + line + "\n";
        csv += o.jobs_csv.empty() ? "" : "# policy " + policies[i] + "\n" + jobs_csv(result);
    }
    json += ",\n" + to_json(summarize(bound, cluster_gpus(o.config)), "bound-isolated-fastest") + "]\n";
    if (o.out.empty())
        std::cout << json;
    else
        write_text(o.out, json);
    if (!o.decision_log.empty())
        write_text(o.decision_log, log);
    if (!o.jobs_csv.empty())
        write_text(o.jobs_csv, csv);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    Options o = parse(argc, argv);
    try {
        return run(o);
    } catch (const std::exception &e) {
        std::cerr << "accord-sim: " << e.what() << "\n";
        return 1;
    }
}
