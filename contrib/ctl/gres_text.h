// GPU counts per type in a node's GRES text as libslurm returns it (and
// sinfo shows it): configured "gpu:a100:8(S:0),shard:8", in use
// "gpu:a100:2(IDX:0-1),shard:0". Untyped GPUs count under "gpu", as
// sched_accord counts them (plugin/slurm/slurm_gpus.h).
#pragma once

#include <stdexcept>
#include <string>

#include "core/resources.h"

namespace accord::ctl {

constexpr const char *kUntypedGpu = "gpu";

// Throws std::invalid_argument quoting an item whose count is not a whole
// number, or that takes a type's total past INT_MAX. Items other than gpu
// are skipped; "" and "(null)" hold none.
core::GpuCounts gpu_counts(const std::string &gres);

}  // namespace accord::ctl
