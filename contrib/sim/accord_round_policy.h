// Accord's policy in the round engine: each round, the active jobs and the
// cluster's nodes become core::AllocJob and core::AllocNode values, and the
// core allocator (plugin/core/allocator.h) decides; this file only
// translates. A job's options are every GPU type of the cluster it has a
// measured speed on, at every count it allows, with its measured rates on
// one node and spread; its nodes are where the engine placed it; its kind is
// its job type, and pair rates are what the pair predictor says
// (pair_predictor.h: the measured pairs, "no interference" or the learned
// model); the engine runs every pair at its measured rates whatever the
// prediction was.
//
// With a fairness bound, each job's predicted finish-time fairness
// (core/predicted_fairness.h) goes with it. Accord knows a job's length
// only from its time limit, so its work is taken as what the event
// engine's limit gives (sim/time_limit.h): its steps times `limit_factor`,
// of which it still needs that less the steps it has done; alone, at the
// fastest rate of the count it asks for (an interpretation: an elastic
// job's request is its trace count).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/allocator.h"
#include "sim/pair_predictor.h"
#include "sim/round_policy.h"

namespace accord::sim {

class AccordRoundPolicy : public RoundPolicy {
public:
    explicit AccordRoundPolicy(const PairPredictor &pairs, core::AllocConfig config = {}, double limit_factor = 1.5)
        : pairs_(pairs), config_(std::move(config)), limit_factor_(limit_factor)
    {
    }
    std::string name() const override { return "accord"; }
    std::vector<Allocation> allocate(const RoundView &view) override;

private:
    const std::vector<core::JobOption> &options(const RoundView &view, const RoundJob &job);
    uint32_t kind(const std::string &job_type);

    const PairPredictor &pairs_;
    double rho(const RoundView &view, const RoundJob &job, const std::vector<core::JobOption> &options) const;

    core::AllocConfig config_;
    double limit_factor_;
    std::map<size_t, std::vector<core::JobOption>> options_;  // by RoundJob::index
    std::map<std::string, uint32_t> kind_ids_;                // job type -> core::AllocJob::kind
    std::vector<std::string> kinds_;                          // kind -> job type
};

}  // namespace accord::sim
