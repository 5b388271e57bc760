// The durable store of finished jobs' GPU service for accord_order=gittins
// in slurmctld's StateSaveLocation: a line file (core/line_file.h) of
// finished-job lines (core/finished_job_line.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/finished_job_line.h"
#include "core/line_file.h"

namespace accord::core {

constexpr size_t kDefaultFinishedFileBytes = 4 << 20;  // about 70,000 jobs per file

// What a read found: the valid jobs, oldest first, and the lines skipped.
struct FinishedJobLog : LineFileRead {
    std::vector<FinishedJob> jobs;
};

class FinishedJobStore {
public:
    explicit FinishedJobStore(std::string path, size_t max_bytes = kDefaultFinishedFileBytes)
        : path_(std::move(path)), max_bytes_(max_bytes)
    {
    }

    const std::string &path() const { return path_; }

    // Appends the jobs' lines and syncs them; "" on success, else what
    // failed. A job whose line cannot be written is left out and named.
    std::string append(const std::vector<FinishedJob> &jobs) const;

    // PATH.1, then PATH.
    FinishedJobLog load() const;

private:
    std::string path_;
    size_t max_bytes_;
};

}  // namespace accord::core
