// The measured and the "no interference" pair predictors (pair_predictor.h).
#include "sim/pair_predictor.h"

namespace accord::sim {

std::optional<std::pair<double, double>> OraclePairs::rates(const std::string &gpu_type,
                                                            const std::string &job_type,
                                                            const std::string &other_type, int gpus) const
{
    return speed_.colocated(gpu_type, job_type, other_type, gpus);
}

std::optional<std::pair<double, double>> NoInterferencePairs::rates(const std::string &gpu_type,
                                                                    const std::string &job_type,
                                                                    const std::string &other_type, int gpus) const
{
    if (!speed_.colocated(gpu_type, job_type, other_type, gpus))
        return std::nullopt;
    auto mine = speed_.steps_per_second(gpu_type, job_type, gpus, false);
    auto other = speed_.steps_per_second(gpu_type, other_type, gpus, false);
    if (!mine || !other)
        return std::nullopt;
    return std::make_pair(*mine, *other);
}

}  // namespace accord::sim
