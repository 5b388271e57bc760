// Whether Slurm gave a started shard job the GPU Accord expected
// (core::ShardSharing guesses cons_tres's choice inside a node; GPUs local
// to the job's socket come first there, which the guess does not know).
#pragma once

#include <string>

#include "core/decision.h"
#include "slurm/slurm_headers.h"
#include "slurm/slurm_snapshot.h"

namespace accord::slurm {

// "; Slurm gave it v100-2 GPU 1, not GPU 0", an item per node where the
// GPU differs; "" when all match or the job shares no GPU.
std::string shard_gpu_note(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap);

}  // namespace accord::slurm
