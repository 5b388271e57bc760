#include "core/service_order.h"

#include <algorithm>
#include <cmath>

namespace accord::core {

int service_queue(double attained_gpu_s, const AllocConfig &config)
{
    if (!(attained_gpu_s >= config.first_queue_gpu_s))
        return 0;
    constexpr double kLastQueue = 1 << 19;  // bounds an infinite service; a finite one passes fewer
    double passed = std::log(attained_gpu_s / config.first_queue_gpu_s) / std::log(config.queue_factor);
    return 1 + static_cast<int>(std::floor(std::min(passed, kLastQueue)));
}

namespace {

constexpr double kClassStep = 4294967296.0;  // 2^32: above any within-class priority

}  // namespace

double class_priority(int job_class, double within_class)
{
    return within_class - static_cast<double>(job_class) * kClassStep;
}

double service_priority(double attained_gpu_s, double within_queue, const AllocConfig &config)
{
    return class_priority(service_queue(attained_gpu_s, config), within_queue);
}

int gittins_class(double index, double attained_gpu_s, const AllocConfig &config)
{
    constexpr int kIndexClasses = 1 << 19;  // above every positive index's class
    if (!(index > 0))
        return 2 * kIndexClasses + service_queue(attained_gpu_s, config);
    double level = std::log(index * config.first_queue_gpu_s) / std::log(config.queue_factor);
    return kIndexClasses - static_cast<int>(std::floor(level));
}

double gittins_priority(double index, double attained_gpu_s, double within_class, const AllocConfig &config)
{
    return class_priority(gittins_class(index, attained_gpu_s, config), within_class);
}

std::string explain_service(int64_t attained_gpu_s, const AllocConfig &config)
{
    return "ranked by attained service: " + std::to_string(attained_gpu_s) + " GPU-s so far, queue " +
           std::to_string(service_queue(static_cast<double>(attained_gpu_s), config));
}

}  // namespace accord::core
