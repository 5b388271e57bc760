#include "sim/time_limit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>

#include "sim/input_error.h"

namespace accord::sim {

namespace {

// The job's slower speed on `type`, alone on one node or spread, if it runs
// there at all; looked up once per type, not once per node.
class SlowerSpeed {
public:
    SlowerSpeed(const TraceJob &t, const JobSpeed &speed) : t_(t), speed_(speed) {}

    std::optional<double> on(const std::string &type)
    {
        auto [it, added] = known_.try_emplace(type);
        if (added)
            it->second = look_up(type);
        return it->second;
    }

private:
    std::optional<double> look_up(const std::string &type) const
    {
        auto alone = speed_.steps_per_second(type, t_.job_type, t_.scale_factor, false);
        auto spread = speed_.steps_per_second(type, t_.job_type, t_.scale_factor, true);
        if (!alone || !spread || *alone <= 0 || *spread <= 0)
            return std::nullopt;
        return std::min(*alone, *spread);
    }

    const TraceJob &t_;
    const JobSpeed &speed_;
    std::map<std::string, std::optional<double>> known_;
};

}  // namespace

JobLimit job_limit(const TraceJob &t, const std::vector<core::Node> &nodes, const JobSpeed &speed,
                   double limit_factor)
{
    JobLimit result;
    double slowest = std::numeric_limits<double>::infinity();
    SlowerSpeed slower(t, speed);
    for (size_t n = 0; n < nodes.size(); n++) {
        for (const auto &[type, count] : nodes[n].capacity.gpus) {
            auto rate = slower.on(type);
            if (!rate)
                continue;
            slowest = std::min(slowest, *rate);
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
