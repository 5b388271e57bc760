// The SlowdownTable of one cycle (core/slowdown_table.h): every slowdown
// the node picker may ask (core/shard_queries.h) predicted by the learned
// model in one batch, on the caller's thread (the agent's, as
// core/model_ranker.h). Families, GPU types or co-runners the model does not
// know get no entry, so the picker keeps its default order there.
// Slurm-free.
#pragma once

#include <string>

#include "core/slowdown_table.h"
#include "core/snapshot.h"
#include "model/throughput_model.h"

namespace accord::slurm {

// `model_name` names the model to users ("learned model m.pt").
// Exceptions of the model's predict() reach the caller.
core::SlowdownTable predict_shard_slowdowns(const model::ThroughputModel &model, const std::string &model_name,
                                            const core::ClusterSnapshot &snapshot);

}  // namespace accord::slurm
