// What Accord's packer (plugin/core/allocator.h, rule 5) is told two jobs
// do when they share the same GPUs, apart from what they really do: the
// simulator's progress always follows the measured pairs (the ground
// truth, JobSpeed::colocated), whichever predictor the policy packs by.
//  - oracle: the measured pair itself (the packer knows the ground truth);
//  - none:   the "no interference" assumption: each job at its rate alone;
//  - model:  the learned model's slowdowns (model_pairs.h).
// Every predictor answers only for pairs the ground truth measured (Gavel
// measured pairs of equal count on one node): the simulator cannot run any
// other pair, so no predictor may propose one.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "sim/job_speed.h"

namespace accord::sim {

class PairPredictor {
public:
    virtual ~PairPredictor() = default;
    // Predicted steps/s of `job_type` and of `other_type` sharing `gpus`
    // GPUs of `gpu_type` on one node; empty when the pair was never
    // measured (it is never packed).
    virtual std::optional<std::pair<double, double>> rates(const std::string &gpu_type,
                                                           const std::string &job_type,
                                                           const std::string &other_type, int gpus) const = 0;
};

class OraclePairs : public PairPredictor {
public:
    explicit OraclePairs(const JobSpeed &speed) : speed_(speed) {}
    std::optional<std::pair<double, double>> rates(const std::string &gpu_type, const std::string &job_type,
                                                   const std::string &other_type, int gpus) const override;

private:
    const JobSpeed &speed_;
};

class NoInterferencePairs : public PairPredictor {
public:
    explicit NoInterferencePairs(const JobSpeed &speed) : speed_(speed) {}
    std::optional<std::pair<double, double>> rates(const std::string &gpu_type, const std::string &job_type,
                                                   const std::string &other_type, int gpus) const override;

private:
    const JobSpeed &speed_;
};

}  // namespace accord::sim
