// A GpuTypeRanker whose speeds are another's (the prior: the learned
// model's predictions, the admin's accord_gpu_speed table, or in the
// simulator each job type's measured speed) corrected by what running jobs
// of the same model family measured (core/observed_speeds.h). The plugin
// and accord-sim wrap their ranker in it the same way.
//
// The rule, per model family: the types the family was measured on get
// their measured speeds; its other types get the prior's speed times the
// geometric mean of measured/prior over the measured types the prior
// rates, so that all of the family's types are on one scale. Measuring one
// type therefore rescales a family and keeps the prior's order; measuring
// two reorders them as measured. A family without a measurement the prior
// rates, and a job without a family, keep the prior as it is.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/gpu_type_ranker.h"
#include "core/observed_speeds.h"

namespace accord::core {

class MeasuredSpeedRanker : public GpuTypeRanker {
public:
    // `observed` (and a `prior` given by reference) must outlive the ranker.
    MeasuredSpeedRanker(std::unique_ptr<GpuTypeRanker> prior, const ObservedSpeeds &observed);
    MeasuredSpeedRanker(const GpuTypeRanker &prior, const ObservedSpeeds &observed);

    double score(const PendingJob &job, const std::string &type) const override;
    std::string rule() const override;
    std::string rule_for(const PendingJob &job) const override;
    std::optional<double> speed(const PendingJob &job, const std::string &type) const override;
    std::string speed_source() const override;
    std::string speed_source_of(const PendingJob &job, const std::string &type) const override;
    double scaling(const PendingJob &job, const std::string &type, int gpus) const override;

private:
    struct Correction {
        std::map<std::string, double> measured;  // type -> speed per GPU
        double scale = 1;                        // for the prior's other types
        bool usable = false;
    };
    // Computed once per family (speeds depend on the job's family only).
    const Correction &correction(const PendingJob &job) const;

    std::unique_ptr<GpuTypeRanker> owned_;
    const GpuTypeRanker &prior_;
    const ObservedSpeeds &observed_;
    mutable std::map<std::string, Correction> corrections_;
};

}  // namespace accord::core
