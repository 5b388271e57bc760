// CorrectionGates: how much of the networks' correction of a stacking
// estimate a prediction takes (a share in [0, 1]), by how the estimate was
// made (EstimateKind) and per head. The shares are chosen on the inner
// split (docs/model.md) and kept in the model's metadata. An estimate from
// the candidate's own samples is a measurement: never corrected. On a GPU
// type without samples (declared) every estimate takes the `declared`
// share, chosen on the inner GPU-type split, where the job-type split says
// nothing (every GPU type has samples there). There the corrected slowdown
// is also shrunk by `declared_pair_shrink` toward `declared_pair_target`:
// the training pairs' mean slowdown (the per-GPU-type mean baseline's
// value for a GPU type without samples), or time-sharing (no data), both
// chosen on the same split.
#pragma once

#include <string>

#include "model/neighbour_estimates.h"

namespace accord::model {

struct CorrectionGate {
    double family = 1;   // interpolated over the family's batch sizes
    double nearest = 1;  // the nearest samples
    double declared = 1; // any estimate, on a GPU type without samples

    double share(EstimateKind kind) const
    {
        return kind == EstimateKind::kFamily ? family : kind == EstimateKind::kNearest ? nearest : 0.0;
    }
};

// What a declared GPU type's pair slowdown is shrunk toward.
enum class PairShrinkTarget {
    kTrainingMean,  // the training pairs' mean slowdown per co-runner, multiplied
    kTimeSharing,   // 1 / (1 + co-runners): plain time-slicing, the same in every fold
};

struct CorrectionGates {
    CorrectionGate relative, slowdown;
    double declared_pair_shrink = 0;  // weight of the target, in [0, 1]
    PairShrinkTarget declared_pair_target = PairShrinkTarget::kTrainingMean;
};

// "training_mean" or "time_sharing", as the metadata names them.
const char *target_name(PairShrinkTarget target);
// The target of `name`; throws std::invalid_argument naming it otherwise.
PairShrinkTarget target_of(const std::string &name);

// Throws std::invalid_argument, naming the field, for a declared_pair_shrink
// outside [0, 1] (NaN included).
void check_pair_shrink(double weight);

// On a declared GPU type: (1 - weight) x the model's slowdown + weight x
// the gates' target: the training pairs' mean slowdown per co-runner to
// the power of the co-runners (the pair estimates multiply), or
// 1 / (1 + co-runners); the weight as check_pair_shrink() accepts. A
// training mean that is NaN (a model trained without pairs) leaves the
// slowdown as it is.
double shrunk_slowdown(double slowdown, double mean_pair_slowdown, size_t co_runners, const CorrectionGates &gates);

}  // namespace accord::model
