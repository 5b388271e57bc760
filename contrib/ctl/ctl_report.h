// What accord-ctl prints for each subcommand, as text for admins or as
// JSON for scripts (--json), from the stats file and Slurm's view. Pure:
// `now` is passed in, so the same input gives the same output.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "ctl/slurm_view.h"
#include "ctl/stats_file.h"

namespace accord::ctl {

// Predicted relative throughput of `job` on `type`: one GPU's speed times
// its GPUs (linear scaling, as the plugin's own prediction assumes,
// core/speed_prediction.h); nothing when the predictor has no figure.
std::optional<double> predicted_throughput(const slurm::QueuedJobView &job, const std::string &type);

// The predictor in words: its kind and status, then its rule and source.
std::string predictor_text(const slurm::PredictorView &predictor);

// status: the file's age, the predictor, the queue's size, GPUs per type
// at the last cycle and, when given, per partition now.
std::string status_text(const StatsFile &stats, const std::map<std::string, GpusByType> *partitions, int64_t now);
std::string status_json(const StatsFile &stats, const std::map<std::string, GpusByType> *partitions, int64_t now);

// queue: the listed GPU jobs' predicted throughput per GPU type.
std::string queue_text(const StatsFile &stats);
std::string queue_json(const StatsFile &stats);

// shards: the last shard jobs started, the GPU each was predicted to
// share, with whom, and the predicted slowdowns.
std::string shards_text(const StatsFile &stats);
std::string shards_json(const StatsFile &stats);

// The slowdowns running jobs measured beside other jobs on a node, most
// slowed first (docs/design.md, "Jobs side by side on a node").
std::string neighbours_text(const StatsFile &stats);
std::string neighbours_json(const StatsFile &stats);

// stats: counters since start-up and the last cycles, like sdiag.
std::string stats_text(const StatsFile &stats, int64_t now);
std::string stats_json(const StatsFile &stats, int64_t now);

}  // namespace accord::ctl
