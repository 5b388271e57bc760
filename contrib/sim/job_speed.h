// How fast a simulated job trains on a configuration, from the measured
// throughput table, with the stated rule for what was never measured
// (docs/simulator.md):
//  1. the measured value for (GPU type, job type, GPU count, spread);
//  2. spread over nodes but only the one-node value measured: that value;
//  3. a GPU count not measured on this type: the one-GPU value on this type
//     times the job type's measured scaling from one GPU to that count on
//     the first other type (by name) that has both; else times the count;
//  4. nothing measured for the job type on this type: it cannot run there.
#pragma once

#include <optional>
#include <string>

#include "sim/throughput_table.h"

namespace accord::sim {

class JobSpeed {
public:
    explicit JobSpeed(const ThroughputTable &table) : table_(table) {}

    // Steps per second, or empty when the job cannot run on `gpu_type`.
    std::optional<double> steps_per_second(const std::string &gpu_type, const std::string &job_type,
                                           int gpus, bool spread) const;

    // Steps per second of `job_type` and of `other_type` sharing the same
    // `gpus` GPUs of `gpu_type`: measured pairs only (Gavel measured pairs
    // of equal scale factor on one node); empty when never measured.
    std::optional<std::pair<double, double>> colocated(const std::string &gpu_type,
                                                       const std::string &job_type,
                                                       const std::string &other_type, int gpus) const
    {
        return table_.colocated(gpu_type, job_type, other_type, gpus);
    }

    const ThroughputTable &table() const { return table_; }

private:
    std::optional<double> scaling(const std::string &job_type, int gpus) const;

    const ThroughputTable &table_;
};

}  // namespace accord::sim
