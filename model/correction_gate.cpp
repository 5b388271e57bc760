// The shrinkage of a declared GPU type's slowdown (see correction_gate.h).
#include "model/correction_gate.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace accord::model {

void check_pair_shrink(double weight)
{
    if (!(weight >= 0 && weight <= 1))
        throw std::invalid_argument("declared_pair_shrink " + std::to_string(weight) + " is not in [0, 1]");
}

const char *target_name(PairShrinkTarget target)
{
    return target == PairShrinkTarget::kTimeSharing ? "time_sharing" : "training_mean";
}

PairShrinkTarget target_of(const std::string &name)
{
    if (name == "training_mean")
        return PairShrinkTarget::kTrainingMean;
    if (name == "time_sharing")
        return PairShrinkTarget::kTimeSharing;
    throw std::invalid_argument("declared_pair_target '" + name + "' is neither training_mean nor time_sharing");
}

double shrunk_slowdown(double slowdown, double mean_pair_slowdown, size_t co_runners, const CorrectionGates &gates)
{
    double k = static_cast<double>(co_runners);
    bool time_sharing = gates.declared_pair_target == PairShrinkTarget::kTimeSharing;
    if (!time_sharing && std::isnan(mean_pair_slowdown))
        return slowdown;
    double target = time_sharing ? 1 / (1 + k) : std::pow(mean_pair_slowdown, k);
    // Blended in slowdown itself, not its log: at weight 1 it is exactly
    // the target (for one co-runner, the training mean is the per-GPU-type
    // mean baseline's value).
    double weight = gates.declared_pair_shrink;
    return (1 - weight) * slowdown + weight * target;
}

}  // namespace accord::model
