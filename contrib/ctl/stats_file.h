// accord-stats.json as accord-ctl reads it: the counters and the view of
// the last cycle that sched_accord writes (plugin/slurm/cycle_stats.h,
// cycle_view.h), checked key by key. A missing, unreadable, corrupt or
// stale file is an error that names the file and what is wrong with it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "slurm/cycle_stats.h"
#include "slurm/cycle_view.h"
#include "slurm/shard_start_view.h"

namespace accord::ctl {

struct StatsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct StatsFile {
    std::string path;
    int64_t written_at = 0;  // Unix time
    int interval_s = 0;
    uint64_t cycles = 0;
    uint64_t started_total = 0;
    uint64_t refused_total = 0;
    int64_t lock_us_total = 0;
    int64_t lock_us_max = 0;
    int64_t plan_us_total = 0;
    slurm::CycleRecord last;
    std::vector<slurm::CycleRecord> recent;  // oldest first
    slurm::CycleView view;
    std::vector<slurm::ShardStartView> shard_starts;  // the last shard jobs started, oldest first
};

// Parses the file's `text`; `path` names it in errors. Throws StatsError
// "PATH: ..." for text that is not JSON (with its line and column), another
// format than slurm::kStatsFormat, or a key missing or of the wrong type
// (named by its path, e.g. gpus.a100.free).
StatsFile parse_stats(const std::string &text, const std::string &path);

// Reads and parses the file; a file that cannot be read is a StatsError
// naming it, the system's reason, and who writes it.
StatsFile read_stats_file(const std::string &path);

// Seconds after which the file is stale: three cycles, at least 60 s
// (a cycle under load can run late; slurmctld may be busy).
int64_t stale_after(const StatsFile &stats);

// A message naming the file and its age when it is older than
// stale_after() at `now`, or written in the future; nothing when fresh.
std::optional<std::string> staleness(const StatsFile &stats, int64_t now);

}  // namespace accord::ctl
