// "lucid": a Gandiva/Lucid-like packing policy (Xiao et al., "Gandiva:
// Introspective cluster scheduling for deep learning", OSDI'18; Hu et al.,
// "Lucid: A non-intrusive, scalable and interpretable scheduler for deep
// learning training jobs", ASPLOS'23; code: S-Lab-System-Group/Lucid,
// simulation/policy/lucid.py). Non-intrusive: a running job keeps its GPUs
// until it ends, never migrated or preempted. Waiting jobs, in arrival
// order, take their requested count on a GPU type with room (type-agnostic
// best fit, as Slurm); a job that fits nowhere shares the GPUs of a running
// job of the same GPU count when the measured pair interferes little.
// docs/simulator.md, "Lucid-like packing", states the rules.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "sim/lone_jobs.h"
#include "sim/pair_rates.h"
#include "sim/round_policy.h"

namespace accord::sim {

struct PackingParams {
    // Gandiva keeps a pair only while the two jobs' throughputs, each
    // divided by its throughput alone, sum to at least 1 (Gavel's Gandiva).
    double min_combined_throughput = 1.0;
    // Lucid's time-aware pairing: the newcomer may run at most this many
    // times longer than its partner (both alone on that configuration).
    double max_duration_ratio = 2.0;
};

class PackingPolicy : public RoundPolicy {
public:
    // Throws std::invalid_argument for a threshold or ratio <= 0.
    explicit PackingPolicy(const PackingParams &params = PackingParams{});
    std::string name() const override { return "lucid"; }
    std::vector<Allocation> allocate(const RoundView &view) override;

private:
    std::optional<size_t> pick_partner(const RoundView &view, const LoneJobs &lone, size_t j, int gpus,
                                       const std::vector<int> &job_type, PairRateMemo &rates) const;

    PackingParams params_;
    std::optional<PairRateMemo> rates_;  // kept from round to round
};

std::unique_ptr<RoundPolicy> make_packing_policy(const PackingParams &params = PackingParams{});

}  // namespace accord::sim
