// Counters of the scheduling cycles: what the last cycle did and totals
// since start-up, logged behind accord_debug and written after each cycle
// to StateSaveLocation/accord-stats.json for admins and tests.
#pragma once

#include <cstdint>
#include <string>

namespace accord::slurm {

struct CycleRecord {
    size_t considered = 0;
    size_t started = 0;
    size_t reserved = 0;
    size_t refused = 0;
    int64_t lock_us = 0;       // time holding slurmctld's locks
    int64_t longest_hold_us = 0;  // longest single stretch of holding them
    int64_t lock_wait_us = 0;     // time waiting to get them
    int64_t plan_us = 0;       // time in the core with no lock held
};

class CycleStats {
public:
    void record(const CycleRecord &cycle);
    std::string to_json() const;

private:
    CycleRecord last_;
    uint64_t cycles_ = 0;
    uint64_t started_total_ = 0;
    uint64_t refused_total_ = 0;
    int64_t max_lock_us_ = 0;
    int64_t lock_us_total_ = 0;
    int64_t plan_us_total_ = 0;
};

// Writes `text` to `path` so readers see the old or the new file, never a
// part (temporary file, then rename).
bool write_file_atomically(const std::string &path, const std::string &text);

}  // namespace accord::slurm
