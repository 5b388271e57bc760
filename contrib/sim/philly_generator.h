// A seeded synthetic workload after the Microsoft Philly trace, as Gavel
// generates its own: each job takes a (duration, GPU count) pair drawn from
// ../shared/data/gavel/philly_job_distribution.csv, a job type drawn
// uniformly from those measured on the reference GPU type at that count,
// and as many steps as it runs in that duration on the reference type.
// Arrivals are a Poisson process. The same seed gives the same trace on
// every platform (mt19937_64 output only; no library distributions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/gavel_trace.h"
#include "sim/job_speed.h"
#include "sim/throughput_table.h"

namespace accord::sim {

struct PhillySample {
    double duration_s = 0;
    int gpus = 1;
};

// Throws InputError "FILE:LINE: field N (NAME): ..." on a malformed line.
std::vector<PhillySample> read_philly_distribution(const std::string &path);

struct GeneratorConfig {
    size_t jobs = 1000;
    double jobs_per_hour = 10;
    uint64_t seed = 0;
    std::string reference_type = "v100";
};

// Throws InputError when no job type is measured on the reference type.
std::vector<TraceJob> generate_trace(const std::vector<PhillySample> &samples, const ThroughputTable &table,
                                     const GeneratorConfig &config);

// The trace in Gavel's 7-field layout, so a generated workload can be
// replayed with --trace.
std::string to_gavel_trace(const std::vector<TraceJob> &trace);

}  // namespace accord::sim
