// GpuTypeRanker: the seam that decides which GPU type a job that accepts
// any type should prefer, and predicts how fast each type runs it (for the
// speed-up users are shown). Implementations: the admin's relative speed
// table and per-family speeds (here), measured speeds
// (core/measured_speed_ranker.h) and exploration (core/exploring_ranker.h),
// layered each cycle by cycle_ranker (core/model_ranker.h).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/snapshot.h"

namespace accord::core {

class GpuTypeRanker {
public:
    virtual ~GpuTypeRanker() = default;

    // Preference for running `job` on GPUs of `type`: higher is better.
    // Types that score equal are separated by best fit (fewest GPUs left
    // idle on the chosen nodes).
    virtual double score(const PendingJob &job, const std::string &type) const = 0;

    // Short text naming the rule, for the ranker as a whole (the stats
    // file's predictor).
    virtual std::string rule() const = 0;

    // The rule as it applied to `job`, shown with its decision: a job
    // without a model family known to the ranker is told it was ranked by
    // the fallback, not by the ranker's family figures. By default rule().
    virtual std::string rule_for(const PendingJob &job) const;

    // Predicted relative speed of one GPU of `type` for `job`, or nothing
    // when the ranker has no figure for it. Speeds of one ranker compare.
    // It may depend on the job through its model family only (the
    // allocator's cycle rates jobs of one family and shape once).
    virtual std::optional<double> speed(const PendingJob &job, const std::string &type) const = 0;

    // Where speed() comes from, for the ranker as a whole.
    virtual std::string speed_source() const = 0;

    // Where speed(job, type) came from, as the job's decision tells it. By
    // default speed_source().
    virtual std::string speed_source_of(const PendingJob &job, const std::string &type) const;

    // How `job` scales to `gpus` GPUs of `type`: its predicted throughput
    // there over `gpus` times speed(), on the fewest nodes the cluster's
    // nodes of the type need; > 0. 1 (linear) where the ranker knows no
    // better; like speed(), it may depend on the job through its family only.
    virtual double scaling(const PendingJob &job, const std::string &type, int gpus) const;
};

// Ranks by the admin's relative speed per GPU type (accord_gpu_speed);
// types missing from the table score 0, so with no table every choice is
// best fit.
class SpeedTableRanker : public GpuTypeRanker {
public:
    explicit SpeedTableRanker(std::map<std::string, double> relative_speed);
    double score(const PendingJob &job, const std::string &type) const override;
    std::string rule() const override;
    std::optional<double> speed(const PendingJob &job, const std::string &type) const override;
    std::string speed_source() const override;

private:
    std::map<std::string, double> speed_;
};

// Ranks by the throughput of the job's model family per GPU type (measured,
// or predicted by the learned model: `source` says which, for users);
// families or types it has no figure for fall back to the per-type table.
// Its scaling is the family's figure for the exact type and count when it
// has a positive one, else linear.
class FamilySpeedRanker : public GpuTypeRanker {
public:
    using FamilySpeeds = std::map<std::string, std::map<std::string, double>>;  // family -> type -> speed
    // family -> type -> GPU count -> scaling (GpuTypeRanker::scaling)
    using FamilyScaling = std::map<std::string, std::map<std::string, std::map<int, double>>>;

    FamilySpeedRanker(FamilySpeeds family_speed, std::map<std::string, double> type_speed,
                      std::string source = "measured throughput", FamilyScaling family_scaling = {});
    double score(const PendingJob &job, const std::string &type) const override;
    std::string rule() const override;
    std::string rule_for(const PendingJob &job) const override;
    std::optional<double> speed(const PendingJob &job, const std::string &type) const override;
    std::string speed_source() const override;
    std::string speed_source_of(const PendingJob &job, const std::string &type) const override;
    double scaling(const PendingJob &job, const std::string &type, int gpus) const override;

private:
    // The family's figure for `type`, if it has one.
    std::optional<double> family_speed(const PendingJob &job, const std::string &type) const;

    FamilySpeeds family_speed_;
    FamilyScaling family_scaling_;
    SpeedTableRanker fallback_;
    std::string source_;
};

}  // namespace accord::core
