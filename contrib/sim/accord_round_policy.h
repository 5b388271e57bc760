// Accord's policy in the round engine: each round, the active jobs and the
// GPU pools become core::AllocJob values and per-type capacity, and the
// core allocator (plugin/core/allocator.h) decides; this file only
// translates. A job's options are every GPU type of the cluster it has a
// measured speed on, at every count it allows; its predicted rate is the
// measured one (the same table every round policy reads).
#pragma once

#include <map>
#include <vector>

#include "core/allocator.h"
#include "sim/round_policy.h"

namespace accord::sim {

class AccordRoundPolicy : public RoundPolicy {
public:
    explicit AccordRoundPolicy(core::AllocConfig config = {}) : config_(std::move(config)) {}
    std::string name() const override { return "accord"; }
    std::vector<Allocation> allocate(const RoundView &view) override;

private:
    const std::vector<core::JobOption> &options(const RoundView &view, const RoundJob &job);

    core::AllocConfig config_;
    std::map<size_t, std::vector<core::JobOption>> options_;  // by RoundJob::index
};

}  // namespace accord::sim
