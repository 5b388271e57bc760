#include "sim/service_priority.h"

#include <cmath>

namespace accord::sim {

namespace {

// Same queues as the allocator's order (allocator.cpp, queue_of).
int service_queue(double attained_gpu_s, const core::AllocConfig &config)
{
    if (attained_gpu_s < config.first_queue_gpu_s)
        return 0;
    double passed = std::log(attained_gpu_s / config.first_queue_gpu_s) / std::log(config.queue_factor);
    return 1 + static_cast<int>(std::floor(passed));
}

}  // namespace

// Ranks stay below 2^32 and queues below 2^20, so the sum is exact in a double.
double service_priority(double attained_gpu_s, size_t arrival_rank, const core::AllocConfig &config)
{
    return -(static_cast<double>(service_queue(attained_gpu_s, config)) * 4294967296.0 +
             static_cast<double>(arrival_rank));
}

}  // namespace accord::sim
