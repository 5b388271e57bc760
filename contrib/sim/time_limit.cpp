#include "sim/time_limit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/input_error.h"

namespace accord::sim {

JobLimit job_limit(const TraceJob &t, const std::vector<core::Node> &nodes, const JobSpeed &speed,
                   double limit_factor)
{
    JobLimit result;
    double slowest = std::numeric_limits<double>::infinity();
    for (size_t n = 0; n < nodes.size(); n++) {
        for (const auto &[type, count] : nodes[n].capacity.gpus) {
            auto alone = speed.steps_per_second(type, t.job_type, t.scale_factor, false);
            auto spread = speed.steps_per_second(type, t.job_type, t.scale_factor, true);
            if (!alone || !spread || *alone <= 0 || *spread <= 0)
                continue;
            slowest = std::min({slowest, *alone, *spread});
            result.allowed_nodes.push_back(static_cast<int>(n));
            break;
        }
    }
    if (result.allowed_nodes.empty())
        throw InputError(job_label(t) + ": no measured throughput on any GPU type of the cluster");
    result.limit_s = static_cast<int64_t>(std::ceil(t.total_steps / slowest * limit_factor));
    return result;
}

}  // namespace accord::sim
