// Counters of the scheduling cycles: what the last cycles did and totals
// since start-up, logged behind accord_debug and written after each cycle
// to StateSaveLocation/accord-stats.json with what the last cycle saw
// (cycle_view.h) for admins (accord-ctl) and tests. The file's layout is
// documented in docs/admin-guide.md ("accord-stats.json"); a change to it
// raises kStatsFormat. No Slurm header, so it is unit-tested alone.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "slurm/cycle_view.h"
#include "slurm/shard_start_view.h"

namespace accord::slurm {

constexpr int kStatsFormat = 1;
constexpr size_t kRecentCycles = 10;  // cycles listed one by one

struct CycleRecord {
    int64_t time = 0;          // when the cycle's snapshot was taken (Unix time)
    size_t considered = 0;
    size_t started = 0;
    size_t reserved = 0;
    size_t refused = 0;
    size_t requeued = 0;       // running jobs requeued (accord_policy=preempt)
    int64_t lock_us = 0;       // time holding slurmctld's locks
    int64_t longest_hold_us = 0;  // longest single stretch of holding them
    int64_t lock_wait_us = 0;     // time waiting to get them
    int64_t plan_us = 0;       // time in the core with no lock held
    std::vector<ShardStartView> shard_starts;  // the cycle's started shard jobs
};

// What the file says beside the counters.
struct StatsContext {
    int64_t written_at = 0;  // Unix time
    int interval_s = 0;      // accord_interval
};

class CycleStats {
public:
    void record(const CycleRecord &cycle, CycleView view);
    std::string to_json(const StatsContext &context) const;

private:
    CycleRecord last_;
    std::deque<CycleRecord> recent_;  // newest last
    std::deque<ShardStartView> shard_starts_;  // the last kRecentShardStarts, newest last
    CycleView view_;
    uint64_t cycles_ = 0;
    uint64_t started_total_ = 0;
    uint64_t refused_total_ = 0;
    int64_t max_lock_us_ = 0;
    int64_t lock_us_total_ = 0;
    int64_t plan_us_total_ = 0;
};

// Writes `text` to `path` so readers see the old or the new file, never a
// part (temporary file, then rename). "" on success, else what failed,
// naming the file and the system's reason (a full or read-only disk).
std::string write_file_atomically(const std::string &path, const std::string &text);

}  // namespace accord::slurm
