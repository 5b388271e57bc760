// What running jobs measured of each other on shared nodes: the online
// estimate of how much a job of one model family slows down while a job of
// another holds other GPUs (or shards) of its node. No data set measures
// that (../shared/data's pairs share one GPU), so only samples teach it.
//
// The rule (docs/design.md, "Jobs side by side on a node"):
//  - A sample counts when its job names a model family, holds whole GPUs
//    (a shard job's neighbours may share its GPU, which the shard model
//    predicts) and its neighbours were recorded (core/throughput_sample.h).
//  - A job is compared with itself: its latest rate beside one set of jobs
//    against its latest rate beside the same set plus one job of family G
//    (alone and beside G is the simplest case), in the same metric, so its
//    batch size, GPU type and count cancel; on a busy node a job is seldom
//    alone. A ratio above 1 counts as 1 (a neighbour is not taken to speed
//    a job up). A run with several such pairs for G counts once, with
//    their median.
//  - The slowdown of family F next to family G is the median over users of
//    each user's median over their jobs' ratios, as for speeds
//    (core/observed_speeds.h), so one user's false rates move it only by
//    being most of the users who measured it.
//  - The newest `jobs_kept` runs per family and the `families_kept`
//    families reported most recently are kept, and a run's last
//    kStatesKept neighbour sets, so memory is bounded.
// Slurm-free and torch-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/neighbour_table.h"
#include "core/throughput_sample.h"

namespace accord::core {

class NeighbourSlowdowns {
public:
    static constexpr size_t kStatesKept = 8;

    explicit NeighbourSlowdowns(size_t jobs_kept = 256, size_t families_kept = 1024);

    // Counts a stored sample (ignored when it does not qualify, above).
    void add(const ThroughputSample &sample);

    // Every pair some job measured; made again only after new samples.
    const NeighbourTable &table() const;

private:
    struct Rate {
        int64_t time = 0;
        double rate = 0;
        ReportMetric metric = ReportMetric::StepsPerSecond;
    };
    struct Run {
        std::string user;
        int64_t last = 0;
        std::map<std::vector<std::string>, Rate> by_neighbours;  // sorted neighbours -> latest
    };
    using RunKey = std::pair<uint32_t, std::string>;  // job, its GPUs: a requeued job may hold others

    void keep_newest_runs(std::map<RunKey, Run> &runs) const;
    void forget_stalest_family();
    void add_ratios(const Run &run, std::map<std::string, std::map<std::string, std::vector<double>>> &ratios) const;

    size_t jobs_kept_, families_kept_;
    std::map<std::string, std::map<RunKey, Run>> runs_;  // family -> runs
    std::map<std::string, int64_t> last_report_;         // family -> newest sample's time
    mutable NeighbourTable table_;
    mutable bool stale_ = false;
};

}  // namespace accord::core
