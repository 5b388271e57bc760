#include "emulator/dl_job_options.h"

#include <getopt.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace accord::emu {

namespace {

const char kUsage[] =
    "Usage: accord-dl-job --throughputs FILE --job-type TYPE --steps N [options]\n"
    "Emulates a deep-learning training job inside a Slurm job: trains at the measured\n"
    "steps/s of TYPE on the GPUs Slurm gave it, and exits 0 when N steps are done.\n"
    "  --throughputs FILE  measured throughputs, Gavel's schema (what accord-sim reads)\n"
    "  --job-type TYPE     job type of the table, e.g. 'ResNet-18 (batch size 64)'\n"
    "  --steps N           steps to train\n"
    "  --time-scale X      emulated seconds per wall second (default 1; 60: an hour a minute)\n"
    "  --job ID            Slurm job to read the allocation of (default $SLURM_JOB_ID)\n"
    "  --checkpoint FILE   progress file, read at start and written as it trains\n"
    "                      (default accord-dl-job.<job id>.progress)\n"
    "  --recheck S         wall seconds between looks at jobs sharing its node (default 5)\n"
    "  --report-cmd CMD    run CMD through /bin/sh at every recheck and at the end, with\n"
    "                      {job} {done} {total} {rate} replaced (default: no reports)\n";

[[noreturn]] void usage_error(const std::string &message)
{
    std::cerr << "accord-dl-job: " << message << "\n" << kUsage;
    std::exit(2);
}

double positive(const char *text, const char *option)
{
    char *end = nullptr;
    double value = std::strtod(text, &end);
    if (!*text || *end || !(value > 0) || value > 1e15)
        usage_error(std::string(option) + ": '" + text + "' is not a number > 0");
    return value;
}

std::string format_number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

DlJobOptions parse_dl_job_options(int argc, char **argv)
{
    static const option longs[] = {
        {"throughputs", required_argument, nullptr, 't'}, {"job-type", required_argument, nullptr, 'y'},
        {"steps", required_argument, nullptr, 's'},       {"time-scale", required_argument, nullptr, 'x'},
        {"job", required_argument, nullptr, 'j'},         {"checkpoint", required_argument, nullptr, 'c'},
        {"recheck", required_argument, nullptr, 'r'},     {"report-cmd", required_argument, nullptr, 'R'},
        {"help", no_argument, nullptr, 'h'},              {nullptr, 0, nullptr, 0}};
    DlJobOptions o;
    if (const char *id = std::getenv("SLURM_JOB_ID"))
        o.job_id = id;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "", longs, nullptr)) != -1;) {
        switch (c) {
        case 't': o.throughputs = optarg; break;
        case 'y': o.job_type = optarg; break;
        case 's': o.steps = positive(optarg, "--steps"); break;
        case 'x': o.time_scale = positive(optarg, "--time-scale"); break;
        case 'j': o.job_id = optarg; break;
        case 'c': o.checkpoint = optarg; break;
        case 'r': o.recheck_s = positive(optarg, "--recheck"); break;
        case 'R': o.report_cmd = optarg; break;
        case 'h': std::cout << kUsage; std::exit(0);
        default: usage_error("unknown option");
        }
    }
    if (optind < argc)
        usage_error(std::string("unexpected argument '") + argv[optind] + "'");
    if (o.throughputs.empty() || o.job_type.empty() || o.steps <= 0)
        usage_error("--throughputs, --job-type and --steps are required");
    if (o.job_id.empty())
        usage_error("no --job and no SLURM_JOB_ID: run it inside a Slurm job or name one");
    if (o.checkpoint.empty())
        o.checkpoint = "accord-dl-job." + o.job_id + ".progress";
    return o;
}

std::string expand_report_cmd(const std::string &pattern, const std::string &job_id, double done,
                              double total, double rate)
{
    const std::pair<std::string, std::string> fields[] = {
        {"{job}", job_id}, {"{done}", format_number(done)}, {"{total}", format_number(total)},
        {"{rate}", format_number(rate)}};
    std::string out;
    for (size_t at = 0; at < pattern.size();) {
        bool replaced = false;
        for (const auto &[key, value] : fields)
            if (pattern.compare(at, key.size(), key) == 0) {
                out += value;
                at += key.size();
                replaced = true;
                break;
            }
        if (!replaced)
            out += pattern[at++];
    }
    return out;
}

}  // namespace accord::emu
