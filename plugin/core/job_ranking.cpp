#include "core/job_ranking.h"

#include <cstdio>

#include "core/service_order.h"

namespace accord::core {

int JobRanking::job_class(const std::string &family, double attained_gpu_s) const
{
    if (!by_index())
        return service_queue(attained_gpu_s, config_);
    return gittins_class(history_->index(family, attained_gpu_s), attained_gpu_s, config_);
}

double JobRanking::priority(const std::string &family, double attained_gpu_s, double within_class) const
{
    return class_priority(job_class(family, attained_gpu_s), within_class);
}

std::string JobRanking::explain(const std::string &family, int64_t attained_gpu_s) const
{
    if (!by_index())
        return explain_service(attained_gpu_s, config_);
    auto attained = static_cast<double>(attained_gpu_s);
    double index = history_->index(family, attained);
    std::string text = "ranked by Gittins index of " +
                       (family.empty() ? std::string("jobs without a family") : "family " + family) + " (" +
                       std::to_string(history_->finished(family)) + " finished jobs): ";
    char figure[32];
    std::snprintf(figure, sizeof(figure), "%.3g", index);
    text += std::string(figure) + " per GPU-s at " + std::to_string(attained_gpu_s) + " GPU-s so far";
    if (index == 0)
        text += ", none held more; queue " + std::to_string(service_queue(attained, config_));
    return text;
}

}  // namespace accord::core
