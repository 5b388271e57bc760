#include "sim/measured_scaling.h"

#include <algorithm>
#include <map>
#include <string>

#include "sim/job_speed.h"

namespace accord::sim {

namespace {

struct TypeShape {
    int total = 0;
    int largest_node = 0;
};

std::map<std::string, TypeShape> type_shapes(const std::vector<core::Node> &nodes)
{
    std::map<std::string, TypeShape> shapes;
    for (const auto &node : nodes)
        for (const auto &[type, count] : node.capacity.gpus) {
            TypeShape &shape = shapes[type];
            shape.total += count;
            shape.largest_node = std::max(shape.largest_node, count);
        }
    return shapes;
}

}  // namespace

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
