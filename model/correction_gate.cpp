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

double shrunk_slowdown(double slowdown, double mean_pair_slowdown, size_t co_runners, double weight)
{
    // Blended in slowdown itself, not its log: at weight 1 it is exactly
    // the per-GPU-type mean baseline's value for one co-runner.
    return (1 - weight) * slowdown + weight * std::pow(mean_pair_slowdown, static_cast<double>(co_runners));
}

}  // namespace accord::model
