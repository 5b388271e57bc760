// The durable store of throughput samples in slurmctld's StateSaveLocation:
// a line file (core/line_file.h: whole lines, fsynced, checksummed,
// rotated past its bound) of sample lines (core/throughput_sample.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/line_file.h"
#include "core/throughput_sample.h"

namespace accord::core {

constexpr size_t kDefaultSampleFileBytes = 8 << 20;  // about 70,000 samples per file

// What a read found: the valid samples, oldest first, and the lines skipped.
struct SampleLog : LineFileRead {
    std::vector<ThroughputSample> samples;
};

class SampleStore {
public:
    explicit SampleStore(std::string path, size_t max_bytes = kDefaultSampleFileBytes);

    const std::string &path() const { return path_; }

    // Appends the samples' lines and syncs them to disk; "" on success,
    // else what failed (naming the file). A sample sample_line() cannot
    // write is an error too, and nothing of the batch is written.
    std::string append(const std::vector<ThroughputSample> &samples) const;

    // PATH.1, then PATH.
    SampleLog load() const;

private:
    std::string path_;
    size_t max_bytes_;
};

// Adds the samples of one file to `log`; a missing file adds nothing.
void read_sample_file(const std::string &path, SampleLog &log);

}  // namespace accord::core
