#include "core/predicted_fairness.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace accord::core {

double predicted_rho(const FairnessInput &job, int cluster_gpus, size_t jobs_in_system)
{
    double share = cluster_gpus > 0 && jobs_in_system > 0
                       ? static_cast<double>(cluster_gpus) / static_cast<double>(jobs_in_system)
                       : 0;
    double slowdown = share > 0 ? std::max(1.0, job.gpus / share) : 1.0;
    return (std::max(0.0, job.elapsed_s) + job.remaining_s) / (job.alone_s * slowdown);
}

bool over_fairness_bound(double rho, double bound) { return bound > 0 && rho > bound; }

bool parse_fairness_bound(const std::string &text, double &out)
{
    if (text.empty())
        return false;
    char *end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (*end || !std::isfinite(value))
        return false;
    if (value != 0 && !(value >= kFairnessBoundMin && value <= kFairnessBoundMax))
        return false;
    out = value;
    return true;
}

std::string fairness_bound_range() { return "0 (off) or a number in [1, 1000]"; }

}  // namespace accord::core
