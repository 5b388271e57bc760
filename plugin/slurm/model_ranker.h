// The learned model as a GpuTypeRanker for one cycle: every (model family
// in the queue, GPU type in the cluster) pair is predicted in one batch on
// the caller's thread (the agent's: LibTorch must not run on slurmctld's
// main thread, see docs/admin-guide.md), and the cycle ranks from that
// table. Jobs without a family, or with one the model does not know, and
// types it does not know, keep the accord_gpu_speed table. Slurm-free.
#pragma once

#include <map>
#include <string>

#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"
#include "model/throughput_model.h"

namespace accord::slurm {

// One GPU's predicted speed per (family, type) the model knows both of.
// The model predicts relative to one GPU of its reference type; when the
// table rates that type too, speeds are put on the table's scale (times
// its entry), so they compare with the table's for the other jobs.
core::FamilySpeedRanker::FamilySpeeds predict_family_speeds(const model::ThroughputModel &model,
                                                            const core::ClusterSnapshot &snapshot,
                                                            const std::map<std::string, double> &table);

// `name` names the model to users ("learned model m.pt").
core::FamilySpeedRanker model_ranker(const model::ThroughputModel &model, const std::string &name,
                                     const core::ClusterSnapshot &snapshot,
                                     const std::map<std::string, double> &table);

}  // namespace accord::slurm
