#include "core/restart_charge.h"

#include <algorithm>

namespace accord::core {

double restart_factor(const AllocJob &job, double restart_s)
{
    if (restart_s <= 0 || job.age_s < restart_s)
        return 1;
    double kept = std::max(job.age_s - job.restarts * restart_s, 0.0) / (job.age_s + restart_s);
    return std::max(kept, kMinRestartFactor);
}

}  // namespace accord::core
