// Pair rates from the learned throughput model (model/throughput_model.h,
// reached through accord_model.so, so accord-sim builds without LibTorch):
// a pair's predicted rates are each job's measured rate alone times the
// slowdown the model predicts next to the other job. The model's own
// relative throughput is not used: Accord's options already carry the
// measured rates alone, and only interference is what this compares.
//
// Every measured pair a run can meet (its job types on its GPU types at
// its jobs' counts) is predicted once, when the predictor is built, in one
// batched call per model; rates() then only looks up.
//
// Honesty: a model that saw a pair in training predicts it from memory.
// With several models, each naming the job types whose pairs it was
// trained without (accord-train --hold-out-types), a pair is predicted by
// the first model that held out one of its two job types, and only when
// none did, by the first model.
#pragma once

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "model/throughput_model.h"
#include "sim/gavel_trace.h"
#include "sim/pair_predictor.h"

namespace accord::sim {

struct PairModel {
    const model::ThroughputModel *model = nullptr;
    std::set<std::string> held_out_types;  // job types none of whose pairs it trained on
};

// The pairs a run can meet: its GPU types, job types and GPU counts.
struct PairDomain {
    std::set<std::string> gpu_types, job_types;
    std::set<int> gpu_counts;
};

// The trace's job types and every count its jobs may run at, on every GPU
// type of the table.
PairDomain pair_domain(const std::vector<TraceJob> &jobs, const ThroughputTable &table);

class ModelPairs : public PairPredictor {
public:
    // Throws std::invalid_argument when `models` is empty.
    ModelPairs(const JobSpeed &speed, const std::vector<PairModel> &models, const PairDomain &domain);
    std::optional<std::pair<double, double>> rates(const std::string &gpu_type, const std::string &job_type,
                                                   const std::string &other_type, int gpus) const override;
    size_t pairs() const { return rates_.size(); }  // measured pairs predicted

private:
    using Key = std::tuple<std::string, std::string, std::string, int>;  // GPU type, job, other, count
    std::map<Key, std::pair<double, double>> rates_;
};

}  // namespace accord::sim
