// Samples to labelled batches to a trained model (see model_training.h).
#include "model/model_training.h"

#include <cmath>
#include <set>
#include <stdexcept>

#include "model/gpu_catalog.h"
#include "model/job_type_name.h"

namespace accord::model {

NeighbourSamples neighbour_samples(const TrainingData &data)
{
    NeighbourSamples n;
    for (const IsolatedSample &s : data.isolated)
        n.isolated.push_back({job_of_type(s.job_type), s.gpu_type, s.gpus, s.spread, s.relative});
    for (const PairSample &s : data.pairs)
        n.pairs.push_back({job_of_type(s.job_type), job_of_type(s.other_type), s.gpu_type, s.gpus, s.slowdown});
    return n;
}

FeatureSchema schema_for(const TrainingData &data)
{
    std::set<std::string> families;
    std::map<std::string, GpuDescriptor> gpus;
    auto add_gpu = [&](const std::string &name) {
        auto entry = gpu_catalog().find(name);
        if (entry == gpu_catalog().end())
            throw std::runtime_error("GPU type '" + name + "' has no descriptors in model/gpu_catalog.cpp");
        gpus[name] = entry->second;
    };
    for (const IsolatedSample &s : data.isolated) {
        families.insert(job_of_type(s.job_type).family);
        add_gpu(s.gpu_type);
    }
    for (const PairSample &s : data.pairs) {
        families.insert(job_of_type(s.job_type).family);
        families.insert(job_of_type(s.other_type).family);
        add_gpu(s.gpu_type);
    }
    return FeatureSchema({families.begin(), families.end()}, gpus, neighbour_samples(data));
}

LearnedModel train_model(const TrainingData &data, const ModelOptions &options)
{
    FeatureSchema schema = schema_for(data);
    LabelledBatch isolated, pairs;
    for (const IsolatedSample &s : data.isolated) {
        schema.append(candidate_of(s), isolated.rows, LeaveOut::kOwnJobType);
        isolated.target.push_back(static_cast<float>(std::log(s.relative)));
    }
    // A pair row three times: as if its job's type were unseen, as if its
    // co-runner's were, and as if both were; a new job can be either, or
    // come next to another new one.
    for (const PairSample &s : data.pairs)
        for (LeaveOut leave : {LeaveOut::kOwnJobType, LeaveOut::kOwnCoRunnerType, LeaveOut::kBothTypes}) {
            schema.append(candidate_of(s), pairs.rows, leave);
            pairs.target.push_back(static_cast<float>(std::log(s.slowdown)));
        }
    Ensemble ensemble =
        Ensemble::train(shape_of(schema, options.hidden, options.members), isolated, pairs, options.train);
    return LearnedModel(std::move(schema), std::move(ensemble), kReferenceGpu, options.gates);
}

}  // namespace accord::model

namespace accord::model {

void save_model(const LearnedModel &model, const ModelOptions &options, ModelMetadata metadata,
                const std::string &path)
{
    metadata.reference_gpu_type = model.reference_gpu_type();
    metadata.families = model.schema().families();
    for (const std::string &gpu : model.schema().gpu_names())
        metadata.gpu_types[gpu] = model.schema().known_gpu(gpu);
    metadata.neighbours = model.schema().neighbours().samples();
    metadata.hidden = options.hidden;
    metadata.members = options.members;
    metadata.seed = options.train.seed;
    metadata.steps = options.train.steps;
    metadata.gates = model.gates();
    model.ensemble().save(path, model.schema().stamp());
    write_metadata(metadata, metadata_path(path));
}

}  // namespace accord::model
