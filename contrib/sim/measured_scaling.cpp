#include "sim/measured_scaling.h"

#include "sim/gpu_type_shape.h"
#include "sim/job_speed.h"

namespace accord::sim {

core::FamilySpeedRanker::FamilyScaling measured_scaling(const ThroughputTable &table,
                                                        const std::vector<core::Node> &nodes)
{
    JobSpeed speed(table);
    core::FamilySpeedRanker::FamilyScaling scaling;
    for (const auto &[type, shape] : type_shapes(nodes))
        for (const auto &family : table.job_types()) {
            auto one = table.isolated(type, family, 1);
            if (!one)
                continue;
            for (int gpus = 2; gpus <= shape.total; gpus++)
                if (auto many = speed.steps_per_second(type, family, gpus, gpus > shape.largest_node))
                    scaling[family][type][gpus] = *many / (*one * gpus);
        }
    return scaling;
}

}  // namespace accord::sim
