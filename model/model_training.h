// Training a LearnedModel from measured samples: the feature schema covers
// exactly the families and GPU types in the samples (GPU descriptors from
// gpu_catalog), so a held-out one is unknown to the model it trains.
#pragma once

#include "model/learned_model.h"
#include "model/model_metadata.h"
#include "model/training_data.h"

namespace accord::model {

// The evaluated setting (docs/model.md).
struct ModelOptions {
    int hidden = 64;
    int members = 5;
    TrainOptions train;
    // Chosen on the inner splits (docs/model.md): the networks' corrections
    // help estimates interpolated over a family's batch sizes, a little,
    // and hurt the nearest samples' estimates (job-type split); on a
    // declared GPU type isolated throughput takes the whole correction and
    // slowdowns none of it, and the slowdown is then taken three quarters
    // of the way to time-sharing (GPU-type split).
    CorrectionGates gates{{0.25, 0, 1}, {0.5, 0, 0}, 0.75, PairShrinkTarget::kTimeSharing};
};

// The samples' values for the stacking estimates.
NeighbourSamples neighbour_samples(const TrainingData &data);
// Throws std::runtime_error for a GPU type gpu_catalog does not describe.
FeatureSchema schema_for(const TrainingData &data);
LearnedModel train_model(const TrainingData &data, const ModelOptions &options);

// Writes the model file `path` and its metadata (`metadata` completed with
// the model's schema and `options`); throws ModelFileError.
void save_model(const LearnedModel &model, const ModelOptions &options, ModelMetadata metadata,
                const std::string &path);

}  // namespace accord::model
