// The GpuTypeRanker of one cycle: the learned model's predictions, where
// running jobs measured them replaced by their measurements (online
// learning, core/observed_speeds.h), else the accord_gpu_speed table.
// Every (model family in the queue, GPU type in the cluster) pair is
// predicted in one batch on the caller's thread (the agent's: LibTorch
// must not run on slurmctld's main thread, see docs/admin-guide.md), and
// the cycle ranks from that table. Jobs without a family, or with one
// neither the model nor any running job knows, and types the model does
// not know, keep the accord_gpu_speed table. Slurm-free.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/gpu_type_ranker.h"
#include "core/model_uncertainty.h"
#include "core/observed_speeds.h"
#include "core/snapshot.h"
#include "model/throughput_model.h"

namespace accord::core {

// One GPU's predicted speed per (family, type) the model knows both of.
// The model predicts relative to one GPU of its reference type; when the
// table rates that type too, speeds are put on the table's scale (times
// its entry), so they compare with the table's for the other jobs.
// With each pair's ensemble spread (Prediction::uncertainty), which
// scales exploration (core/model_uncertainty.h).
struct FamilyPredictions {
    core::FamilySpeedRanker::FamilySpeeds speeds;
    core::ModelUncertainty::Spreads spreads;
};

// Every (family, type) of `families` x `types` in one batched predict()
// call; accord-sim calls this once for its trace's job types.
FamilyPredictions predict_families(const model::ThroughputModel &model, const std::set<std::string> &families,
                                   const std::set<std::string> &types, const std::map<std::string, double> &table);

// The queue's families on the cluster's GPU types.
FamilyPredictions predict_family_speeds(const model::ThroughputModel &model, const core::ClusterSnapshot &snapshot,
                                        const std::map<std::string, double> &table);

// `model` may be null (none loaded, or it failed this cycle); `model_name`
// names it to users ("learned model m.pt"). Exceptions of the model's
// predict() reach the caller. With measurements and `explore_bound` > 0
// (accord_explore), types a family has not run on are explored
// (core/exploring_ranker.h), by the share of the bound the model's
// uncertainty gives them (every share 1 without a model).
std::unique_ptr<core::GpuTypeRanker> cycle_ranker(const model::ThroughputModel *model, const std::string &model_name,
                                                  const core::ObservedSpeeds &observed,
                                                  const core::ClusterSnapshot &snapshot,
                                                  const std::map<std::string, double> &table,
                                                  double explore_bound = 0);

}  // namespace accord::core
