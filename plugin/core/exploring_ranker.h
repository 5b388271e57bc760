// Bounded exploration of GPU types a model family has not run on yet
// (issue 5, accord_explore). Learning from running jobs
// (core/measured_speed_ranker.h) only learns a type's speed for a family
// once one of its jobs ran there; a family measured on one type keeps the
// prior's order, so a type the prior underrates is never tried.
//
// The rule, optimism under uncertainty bounded by the admin: for a family
// with at least one measured type, a type it has no sample on (and that
// none of its running jobs holds: that job's report is on its way) scores
// its predicted speed times (1 + bound x share), share in [0, 1]. A job
// therefore goes there instead of a free measured type only when its
// predicted run time there is at most (1 + bound) times the run time on
// that type: no job is predicted to lose more than `bound` of its run time
// by exploring. The share is how unsure the learned model is of the pair
// (core/model_uncertainty.h: its ensemble spread over the largest one);
// without a model, or for a pair the model does not rate, it is 1: the
// whole bound, alike for every type without a sample (our interpretation,
// docs/design.md, "Learning from running jobs").
// A family without any sample keeps the prior (every type would be raised
// alike). Only score() is raised: speed() stays the prediction users are
// shown and the time-limit rule is checked with.
// Deterministic: no randomness, the same snapshot and samples give the
// same scores.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "core/gpu_type_ranker.h"
#include "core/model_uncertainty.h"
#include "core/observed_speeds.h"
#include "core/snapshot.h"

namespace accord::core {

class ExploringRanker : public GpuTypeRanker {
public:
    // `observed` (and `learned` given by reference) must outlive the ranker;
    // `bound` is accord_explore (> 0); `uncertainty` null: no model, every
    // share 1.
    ExploringRanker(std::unique_ptr<GpuTypeRanker> learned, const ObservedSpeeds &observed,
                    const ClusterSnapshot &snapshot, double bound, std::shared_ptr<const ModelUncertainty> uncertainty = nullptr);
    ExploringRanker(const GpuTypeRanker &learned, const ObservedSpeeds &observed, const ClusterSnapshot &snapshot,
                    double bound, std::shared_ptr<const ModelUncertainty> uncertainty = nullptr);

    double score(const PendingJob &job, const std::string &type) const override;
    std::string rule() const override;
    std::string rule_for(const PendingJob &job) const override;
    std::optional<double> speed(const PendingJob &job, const std::string &type) const override;
    std::string speed_source() const override;
    std::string speed_source_of(const PendingJob &job, const std::string &type) const override;
    double scaling(const PendingJob &job, const std::string &type, int gpus) const override;

    // Whether `type` is one the job's family is explored on (the rule above).
    bool explores(const PendingJob &job, const std::string &type) const;
    // The factor an explored type's score is raised by: 1 + bound x share.
    double bonus(const PendingJob &job, const std::string &type) const;

private:
    // The types the job's family has samples on (cached per family).
    const std::map<std::string, double> &measured_types(const PendingJob &job) const;
    std::string raised_text() const;

    std::unique_ptr<GpuTypeRanker> owned_;
    const GpuTypeRanker &learned_;
    const ObservedSpeeds &observed_;
    double bound_;
    std::shared_ptr<const ModelUncertainty> uncertainty_;
    std::set<std::pair<std::string, std::string>> held_;  // (family, GPU type) of running jobs
    mutable std::map<std::string, std::map<std::string, double>> measured_;  // family -> its measured types
};

}  // namespace accord::core
