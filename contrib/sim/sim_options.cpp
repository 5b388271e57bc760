#include "sim/sim_options.h"

#include <getopt.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "core/predicted_fairness.h"
#include "core/scheduler_params.h"
#include "sim/policies.h"

namespace accord::sim {

namespace {

const char kUsage[] =
    "Usage: accord-sim (--throughputs FILE | --sia-profiles DIR)\n"
    "                  (--trace FILE | --sia-workload FILE | --generate N --philly FILE) [options]\n"
    "Throughputs:\n"
    "  --throughputs FILE   measured throughputs, Gavel's schema (Gavel, Shockwave)\n"
    "  --sia-profiles DIR   Sia's profiles (../shared/data/sia/profiles) instead\n"
    "  --sia-clusters LIST  Sia clusters to read, NAME[=TYPE],... (default aws,rtx,dgx-ext)\n"
    "  --sia-uncalibrated   keep Sia's calibration slowdowns in the rates\n"
    "Jobs:\n"
    "  --trace FILE         Gavel or Shockwave .trace job trace\n"
    "  --sia-workload FILE  Sia or Pollux workload CSV (needs --sia-profiles)\n"
    "  --sia-batch MODE     adaptive (best batch per configuration) or fixed (default adaptive)\n"
    "  --rigid              Sia workload jobs run on exactly their num_replicas GPUs\n"
    "  --generate N         N jobs drawn from the Philly distribution\n"
    "  --philly FILE        Philly (duration_s,num_gpus) distribution for --generate\n"
    "  --arrival-rate R     generated jobs per hour (Poisson; default 10)\n"
    "  --seed S             generator seed (default 0)\n"
    "  --first N            only the first N jobs\n"
    "  --write-trace FILE   write the jobs replayed, in Gavel's 7-field layout\n"
    "Cluster:\n"
    "  --cluster SPEC       TYPE:NODESxGPUS,... (default v100:9x4,p100:9x4,k80:9x4; with\n"
    "                       --sia-profiles t4:6x4,rtx2080ti:3x8,a100:2x8)\n"
    "  --alibaba-cluster FILE  Alibaba PAI's pai_machine_spec.csv, scaled down instead\n"
    "  --scale-down F       Alibaba machines per simulated node (default 10)\n"
    "Policies:\n"
    "  --policy NAMES       names joined by commas, or all (default all); the lower\n"
    "                       bound (every job alone on its fastest configuration) is\n"
    "                       always added\n"
    "  --limit-factor X     time limit = slowest run time x X (default 1.5, >= 1)\n"
    "  --reserve-depth N    reservations per cycle (default 1)\n"
    "  --gpu-speed TABLE    accord-easy and accord-np rank GPU types by this relative\n"
    "                       speed per type, TYPE:SPEED[/TYPE:SPEED...], as the plugin\n"
    "                       does with accord_gpu_speed (default: each job type's\n"
    "                       measured one-GPU speed)\n"
    "  --fairness LIST      bounds on predicted finish-time fairness, joined by commas\n"
    "                       (0 = off, or a number in [1, 1000]; the plugin's\n"
    "                       accord_fairness): accord-easy, accord-np and accord run\n"
    "                       once per bound, named POLICY@fairness=BOUND (default:\n"
    "                       once, off, under their own names)\n"
    "  --learn              accord-easy and accord-np learn from running jobs: each\n"
    "                       reports its measured speed as it starts, and the ranker\n"
    "                       corrects its speeds by them as the plugin does\n"
    "  --explore F          with --learn: a job may go to a GPU type its job type has\n"
    "                       not run on when predicted at most (1 + F) x as long as\n"
    "                       on the best free type, the plugin's accord_explore\n"
    "                       (0 = off, default; at most 1)\n"
    "  --preempt-interval S accord-rq considers requeues at most every S seconds, the\n"
    "                       plugin's accord_preempt_interval, waking when they are\n"
    "                       due (default 300, as the plugin's; 0: at every event,\n"
    "                       and only then)\n"
    "  --migrate            accord-rq also requeues a running job to move it to another\n"
    "                       of its configurations when predicted to gain more than the\n"
    "                       restart cost, the plugin's accord_migrate=1\n"
    "  --order O            accord-rq's job priority: service (default; least attained\n"
    "                       GPU service first, then arrival: the plugin's\n"
    "                       accord_order=service), priority (arrival alone: the\n"
    "                       plugin's default under Slurm's priority/basic) or\n"
    "                       gittins (the Gittins index of the job's type from what\n"
    "                       its finished jobs held, then arrival; service until a\n"
    "                       job has finished: the plugin's accord_order=gittins)\n"
    "  --round S            round length of round-based policies, seconds (default 360)\n"
    "  --restart S          progress a round-based policy's job loses when it is\n"
    "                       moved, paused and resumed, seconds (default 30)\n"
    "  --pair-predictor P   what accord packs by: oracle (the measured pairs, default),\n"
    "                       none (no interference) or model (--model); jobs always\n"
    "                       run at the measured pair rates\n"
    "  --model FILE         a learned model (accord-train); repeat for models trained\n"
    "                       with other job types' pairs held out\n"
    "  --model-module DIR   where accord_model.so is (default: beside accord-sim, its\n"
    "                       .libs, then the install's pkglibdir)\n"
    "  --speed-model FILE   with --gpu-speed: accord-easy, accord-np and accord-rq rank\n"
    "                       GPU types by this learned model's predicted throughput,\n"
    "                       the table for what it does not rate, as the plugin with\n"
    "                       accord_model; with --explore its ensemble spread scales\n"
    "                       the bound per job type and GPU type\n"
    "  --flat-explore       with --speed-model and --explore: every type a job type\n"
    "                       has not run on gets the whole bound (spread ignored)\n"
    "Output:\n"
    "  --out FILE           JSON results (default: standard output)\n"
    "  --summary-csv FILE   the same figures, one CSV line per policy\n"
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

// --order: accord-rq's priority.
core::JobOrder job_order(const std::string &text)
{
    if (text == "service")
        return core::JobOrder::Service;
    if (text == "priority")
        return core::JobOrder::Priority;
    if (text == "gittins")
        return core::JobOrder::Gittins;
    usage_error("--order: '" + text + "' is not service, priority or gittins");
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

// Bounds joined by commas, each as the plugin's accord_fairness takes it.
std::vector<double> fairness_list(const std::string &text)
{
    std::vector<double> bounds;
    size_t from = 0;
    for (;;) {
        size_t comma = text.find(',', from);
        std::string item = text.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        double bound = 0;
        if (!core::parse_fairness_bound(item, bound))
            usage_error("--fairness: '" + item + "' is not " + core::fairness_bound_range());
        bounds.push_back(bound);
        if (comma == std::string::npos)
            return bounds;
        from = comma + 1;
    }
}

void check_sources(SimOptions &o)
{
    if (o.throughputs.empty() == o.sia_profiles.empty())
        usage_error("give either --throughputs or --sia-profiles");
    int job_sources = !o.trace.empty() + !o.sia_workload.empty() + (o.generate.jobs > 0);
    if (job_sources != 1)
        usage_error("give one of --trace, --sia-workload and --generate");
    if (o.generate.jobs && o.philly.empty())
        usage_error("--generate needs --philly");
    if (!o.sia_workload.empty() && o.sia_profiles.empty())
        usage_error("--sia-workload needs --sia-profiles (its jobs' work is in Sia's units)");
    if (o.sia_batch != "adaptive" && o.sia_batch != "fixed")
        usage_error("--sia-batch: '" + o.sia_batch + "' is not adaptive or fixed");
    if (!o.cluster.empty() && !o.alibaba_cluster.empty())
        usage_error("give either --cluster or --alibaba-cluster");
    if (o.cluster.empty() && o.alibaba_cluster.empty())
        o.cluster = o.sia_profiles.empty() ? kGavelCluster : kSiaCluster;
}

void check_pair_predictor(const SimOptions &o)
{
    if (o.pair_predictor != "oracle" && o.pair_predictor != "none" && o.pair_predictor != "model")
        usage_error("--pair-predictor: '" + o.pair_predictor + "' is not oracle, none or model");
    if ((o.pair_predictor == "model") != !o.models.empty())
        usage_error("--pair-predictor model needs --model FILE, and --model needs --pair-predictor model");
    if (!o.model_module.empty() && o.models.empty() && o.speed_model.empty())
        usage_error("--model-module needs --model or --speed-model");
}

void check_speed_model(const SimOptions &o)
{
    if (!o.speed_model.empty() && o.gpu_speed.empty())
        usage_error("--speed-model needs --gpu-speed: the table the plugin falls back to and scales by");
    if (o.flat_explore && (o.speed_model.empty() || o.config.explore <= 0))
        usage_error("--flat-explore needs --speed-model and --explore");
}

}  // namespace

SimOptions parse_sim_options(int argc, char **argv)
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
        {"restart", required_argument, nullptr, 'X'},     {"summary-csv", required_argument, nullptr, 'C'},
        {"sia-profiles", required_argument, nullptr, 'A'}, {"sia-clusters", required_argument, nullptr, 'B'},
        {"sia-uncalibrated", no_argument, nullptr, 'U'},  {"sia-workload", required_argument, nullptr, 'w'},
        {"sia-batch", required_argument, nullptr, 'b'},   {"rigid", no_argument, nullptr, 'i'},
        {"alibaba-cluster", required_argument, nullptr, 'a'}, {"scale-down", required_argument, nullptr, 's'},
        {"gpu-speed", required_argument, nullptr, 'V'},  {"learn", no_argument, nullptr, 'L'},
        {"pair-predictor", required_argument, nullptr, 'k'}, {"model", required_argument, nullptr, 'm'},
        {"model-module", required_argument, nullptr, 'M'}, {"fairness", required_argument, nullptr, 'F'},
        {"explore", required_argument, nullptr, 'E'},     {"speed-model", required_argument, nullptr, 'Y'},
        {"flat-explore", no_argument, nullptr, 'Z'},      {"preempt-interval", required_argument, nullptr, 'I'},
        {"migrate", no_argument, nullptr, 'T'},          {"order", required_argument, nullptr, 'O'},
        {nullptr, 0, nullptr, 0}};
    SimOptions o;
    o.progress = isatty(STDERR_FILENO);
    std::string policy = "all";
    int c;
    while ((c = getopt_long(argc, argv, "", longs, nullptr)) != -1) {
        switch (c) {
        case 't': o.throughputs = optarg; break;
        case 'r': o.trace = optarg; break;
        case 'c': o.cluster = optarg; break;
        case 'p': policy = optarg; break;
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
        case 'T': o.config.migrate = true; break;
        case 'O': o.config.order = job_order(optarg); break;
        case 'I': o.config.preempt_interval_s = static_cast<int64_t>(number(optarg, 0, 86400, "--preempt-interval")); break;
        case 'C': o.summary_csv = optarg; break;
        case 'A': o.sia_profiles = optarg; break;
        case 'B': o.sia_clusters = optarg; break;
        case 'U': o.sia_uncalibrated = true; break;
        case 'w': o.sia_workload = optarg; break;
        case 'b': o.sia_batch = optarg; break;
        case 'i': o.rigid = true; break;
        case 'a': o.alibaba_cluster = optarg; break;
        case 's': o.scale_down = number(optarg, 1, 1e6, "--scale-down"); break;
        case 'L': o.config.learn = true; break;
        case 'E':
            if (!core::parse_explore_bound(optarg, o.config.explore))
                usage_error(std::string("--explore: '") + optarg + "' is not " + core::explore_bound_range());
            break;
        case 'F': o.fairness_bounds = fairness_list(optarg); break;
        case 'V':
            if (!core::parse_speed_table(optarg, o.gpu_speed))
                usage_error(std::string("--gpu-speed: '") + optarg + "' is not TYPE:SPEED[/TYPE:SPEED...] with speeds > 0");
            break;
        case 'k': o.pair_predictor = optarg; break;
        case 'm': o.models.push_back(optarg); break;
        case 'M': o.model_module = optarg; break;
        case 'Y': o.speed_model = optarg; break;
        case 'Z': o.flat_explore = true; break;
        case 'h': std::cout << kUsage; std::exit(0);
        default: usage_error("unknown option");
        }
    }
    if (optind < argc)
        usage_error(std::string("unexpected argument '") + argv[optind] + "'");
    check_sources(o);
    check_pair_predictor(o);
    check_speed_model(o);
    if (o.config.explore > 0 && !o.config.learn)
        usage_error("--explore needs --learn: it explores what learning has not measured");
    o.policies = policy_list(policy);
    return o;
}

}  // namespace accord::sim
