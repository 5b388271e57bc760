// The policies accord-sim compares, each the same core pipeline with a
// different GPU type ranker (plugin/core/gpu_type_ranker.h):
//  slurm  - Slurm today: FIFO + EASY backfill, GPU-type agnostic (a job
//           takes whichever GPUs fit best)
//  accord - Accord today: the same queue, each job on the free GPU type
//           where its model family trains fastest (measured, one GPU)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "sim/throughput_table.h"

namespace accord::sim {

std::vector<std::string> policy_names();

// Throws std::invalid_argument for a name not in policy_names().
std::unique_ptr<core::GpuTypeRanker> make_ranker(const std::string &policy, const ThroughputTable &table);

}  // namespace accord::sim
