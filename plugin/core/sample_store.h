// The durable store of throughput samples in slurmctld's StateSaveLocation:
// an append-only file of sample lines (core/throughput_sample.h), each with
// its own checksum. An append writes whole lines and fsyncs before it
// reports success, so an accepted sample survives a crash or restart; a
// line torn by a crash fails its checksum and is skipped on reading, and
// the next append starts on a fresh line. When an append would take the
// file past its size bound, the file is first renamed to PATH.1 (replacing
// the older one): at most twice the bound on disk, the newest samples kept.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/throughput_sample.h"

namespace accord::core {

constexpr size_t kDefaultSampleFileBytes = 8 << 20;  // about 70,000 samples per file

// What a read found: the valid samples, oldest first, and the lines skipped.
struct SampleLog {
    std::vector<ThroughputSample> samples;
    size_t skipped = 0;
    std::string first_problem;  // "FILE:LINE: why", for the first skipped line
    std::string error;          // a file that exists but cannot be read
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
