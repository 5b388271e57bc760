// A simulated cluster in the shape of Alibaba PAI's GPU machines
// (../shared/data/alibaba/gpu-v2020/pai_machine_spec.csv: machine, gpu_type,
// cap_cpu, cap_mem, cap_gpu), scaled down, as a cluster spec string
// (cluster_spec.h: "TYPE:NODESxGPUS,...").
//
// PAI's GPU models map to throughput-table names only where it is the same
// chip: P100 -> p100, T4 -> t4, V100 and V100M32 (its 32 GB variant) -> v100.
// MISC (model not named in the trace), machines without GPUs, and types the
// given table does not know are dropped, each with a note. Per type, nodes =
// round(machines / scale_down), at least 1, so the proportions hold.
#pragma once

#include <string>
#include <vector>

namespace accord::sim {

struct ScaledCluster {
    std::string spec;                // e.g. "p100:80x2,v100:24x8"
    std::vector<std::string> notes;  // what was dropped and why, one line each
};

// `known_types` are the GPU types the throughput table has (ThroughputTable::
// gpu_types()). Throws InputError naming the file, line and field of a bad
// row (an empty gpu_type, a cap_gpu that is not a whole number in [0, 64],
// two GPU counts for one table type), or when no type is left, and
// std::invalid_argument for scale_down < 1.
ScaledCluster alibaba_cluster_spec(const std::string &path, double scale_down,
                                   const std::vector<std::string> &known_types);

}  // namespace accord::sim
