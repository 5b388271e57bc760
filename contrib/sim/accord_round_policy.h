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
//
// Jobs are ordered by their Gittins index (core/gittins_index.h) from the
// service that finished jobs of their job type held, once any job has
// finished (before, by LAS queue), as the engine reports them.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/allocator.h"
#include "core/gittins_index.h"
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

    // By kind of each job, GPU type and count.
    using PairRatesByKind =
        std::map<std::tuple<uint32_t, uint32_t, std::string, int>, std::optional<std::pair<double, double>>>;

private:
    // What never changes about a job: its options and its kind.
    struct Known {
        std::vector<core::JobOption> options;
        uint32_t kind = 0;
        size_t seen = 0;  // the last call of allocate() it was active in (1, 2, ...); 0: not known
    };
    // The cluster's nodes as the allocator sees them, and the allocator's
    // node number of each of the cluster's nodes.
    struct Nodes {
        std::vector<GpuPool> pools;  // what they were made from
        std::vector<core::AllocNode> nodes;
        std::vector<size_t> of_cluster_node;  // by the cluster's node index
    };
    const Known &known(const RoundView &view, const RoundJob &job);
    const Nodes &nodes(const RoundView &view);
    uint32_t kind(const std::string &job_type);
    void forget_finished();
    void set_gittins_indices(std::vector<core::AllocJob> &jobs);

    const PairPredictor &pairs_;
    double rho(const RoundView &view, const RoundJob &job, const std::vector<core::JobOption> &options) const;

    core::AllocConfig config_;
    double limit_factor_;
    Nodes nodes_;
    std::vector<Known> known_;                  // by RoundJob::index
    std::vector<size_t> active_;                // the jobs known_ holds
    size_t calls_ = 0;                          // of allocate()
    std::map<std::string, uint32_t> kind_ids_;  // job type -> core::AllocJob::kind
    std::vector<std::string> kinds_;            // kind -> job type
    std::vector<long> position_;                // by RoundJob::index: place in view.jobs, or -1
    std::vector<core::AllocJob> jobs_;          // the last call's, kept for their vectors' memory
    PairRatesByKind pair_rates_;                // what the predictor said
    core::FinishedService finished_;            // service of finished jobs, by kind
    std::vector<size_t> by_service_;            // set_gittins_indices' order, kept for its memory
};

}  // namespace accord::sim
