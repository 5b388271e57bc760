// Ensemble: the LibTorch networks behind a torch-free interface (only
// ensemble.cpp includes LibTorch). Each member is a small set model that
// corrects the rows' stacking estimates (feature_schema.h):
//   e_job = MLP(job row), e_co = sum over co-runners of MLP'(co-runner row)
//   log relative throughput = isolated estimate + MLP([e_job, GPU row, config row])
//   log slowdown            = sum of the co-runners' pair estimates
//                             + MLP([e_job, e_co, GPU row, config row])
// The heads' last layers start at zero (training starts from the estimates)
// and the loss is the mean absolute error of the logs (about the relative
// error the evaluation scores). Members differ only in their seed; their
// spread is the uncertainty.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/feature_schema.h"

namespace accord::model {

struct NetworkShape {
    int job_width = 0;
    int co_runner_width = 0;  // a job row and the pair's stacking inputs
    int gpu_width = 0;
    int family_count = 0;  // the one-hot part of a job row
    int gpu_count = 0;     // the one-hot part of a GPU row
    int hidden = 32;
    int members = 5;
};

struct TrainOptions {
    uint64_t seed = 1;
    int steps = 1500;
    double learning_rate = 3e-3;
    double onehot_dropout = 0.15;  // teaches the prior for unknown families and GPU types
};

struct LabelledBatch {
    EncodedBatch rows;
    std::vector<float> target;  // log relative throughput, or log slowdown
};

// A model file that cannot be used; the message names the file.
struct ModelFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Ensemble {
public:
    // Deterministic for a seed (LibTorch on one thread).
    static Ensemble train(const NetworkShape &shape, const LabelledBatch &isolated, const LabelledBatch &pairs,
                          const TrainOptions &options);
    // Throws ModelFileError when the file is unreadable, truncated, of
    // another schema version, stamped for another schema, or its tensors do
    // not have `shape`.
    static Ensemble load(const std::string &path, const NetworkShape &shape, const std::string &stamp);
    // Writes feature schema version `schema_version` (tests write another
    // to check the refusal).
    void save(const std::string &path, const std::string &stamp, int schema_version = kSchemaVersion) const;

    // The members' corrections of the rows' stacking estimates (logs; a
    // prediction is estimate + correction), per row r and member m:
    // out[r * members() + m]. A row without co-runners gets whatever the
    // slowdown head says; callers use 0 (learned_model.cpp).
    void corrections(const EncodedBatch &batch, std::vector<float> &relative, std::vector<float> &slowdown) const;
    int members() const;

private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace accord::model
