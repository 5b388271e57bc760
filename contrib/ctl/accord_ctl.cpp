// accord-ctl: Accord's view of the cluster for admins, like sdiag for
// Slurm (docs/man/accord-ctl.8). Reads StateSaveLocation/accord-stats.json,
// which sched_accord rewrites after each cycle, and asks slurmctld for its
// own view of the partitions. Exit status: 0 fine, 1 an error or a stale
// stats file (the figures are still shown), 2 a bad command line.
#include <getopt.h>

#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "ctl/ctl_report.h"
#include "ctl/slurm_view.h"
#include "ctl/stats_file.h"

namespace {

using namespace accord::ctl;

const char kUsage[] =
    "Usage: accord-ctl [--json] [--stats-file FILE] [status | queue | shards | neighbours | stats]\n"
    "  status             stats file age, predictor, queue size, GPUs per type at the last\n"
    "                     cycle and per partition now (the default)\n"
    "  queue              predicted throughput of the queued GPU jobs per GPU type\n"
    "  shards             the last shard jobs started: the GPU each shares, with whom, and\n"
    "                     its predicted slowdown\n"
    "  neighbours         the slowdowns running jobs measured beside other jobs on a node\n"
    "  stats              cycles, jobs started, lock and planning time; the last cycles\n"
    "  --json             the same as JSON\n"
    "  --stats-file FILE  read FILE instead of StateSaveLocation/accord-stats.json\n"
    "  -h, --help         this text\n";

struct Options {
    std::string command = "status";
    std::string stats_file;
    bool json = false;
};

[[noreturn]] void usage_error(const std::string &message)
{
    std::cerr << "accord-ctl: " << message << "\n" << kUsage;
    std::exit(2);
}

Options parse_options(int argc, char **argv)
{
    static const option long_options[] = {{"json", no_argument, nullptr, 'j'},
                                          {"stats-file", required_argument, nullptr, 'f'},
                                          {"help", no_argument, nullptr, 'h'},
                                          {nullptr, 0, nullptr, 0}};
    Options o;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_options, nullptr)) != -1) {
        switch (c) {
        case 'j': o.json = true; break;
        case 'f': o.stats_file = optarg; break;
        case 'h': std::cout << kUsage; std::exit(0);
        default: usage_error("unknown option");
        }
    }
    if (optind < argc)
        o.command = argv[optind++];
    if (optind < argc)
        usage_error(std::string("unexpected argument '") + argv[optind] + "'");
    if (o.command != "status" && o.command != "queue" && o.command != "shards" && o.command != "neighbours" &&
        o.command != "stats")
        usage_error("unknown command '" + o.command + "' (status, queue, shards, neighbours or stats)");
    return o;
}

int run(const Options &o)
{
    bool need_slurm = o.stats_file.empty() || o.command == "status";
    if (need_slurm)
        init_slurm_client();
    std::string path = o.stats_file.empty() ? state_save_location() + "/accord-stats.json" : o.stats_file;
    StatsFile stats = read_stats_file(path);
    int64_t now = time(nullptr);
    int status = 0;
    if (auto stale = staleness(stats, now)) {
        std::cerr << "accord-ctl: " << *stale << "\n";
        status = 1;
    }
    std::optional<std::map<std::string, GpusByType>> partitions;
    if (o.command == "status") {
        try {
            partitions = load_partition_gpus();
        } catch (const std::exception &e) {
            std::cerr << "accord-ctl: Slurm's view of the partitions: " << e.what() << "\n";
            status = 1;
        }
    }
    const auto *parts = partitions ? &*partitions : nullptr;
    if (o.command == "status")
        std::cout << (o.json ? status_json(stats, parts, now) : status_text(stats, parts, now));
    else if (o.command == "queue")
        std::cout << (o.json ? queue_json(stats) : queue_text(stats));
    else if (o.command == "shards")
        std::cout << (o.json ? shards_json(stats) : shards_text(stats));
    else if (o.command == "neighbours")
        std::cout << (o.json ? neighbours_json(stats) : neighbours_text(stats));
    else
        std::cout << (o.json ? stats_json(stats, now) : stats_text(stats, now));
    return status;
}

}  // namespace

int main(int argc, char **argv)
{
    Options options = parse_options(argc, argv);
    try {
        return run(options);
    } catch (const std::exception &e) {
        std::cerr << "accord-ctl: " << e.what() << "\n";
        return 1;
    }
}
