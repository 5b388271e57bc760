// The learned model behind the plain interface, and its C factory (see
// learned_model.h and throughput_model.h).
#include "model/learned_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace accord::model {

NetworkShape shape_of(const FeatureSchema &schema, int hidden, int members)
{
    NetworkShape shape;
    shape.job_width = schema.job_width();
    shape.co_runner_width = schema.co_runner_width();
    shape.gpu_width = schema.gpu_width();
    shape.family_count = static_cast<int>(schema.families().size());
    shape.gpu_count = static_cast<int>(schema.gpu_names().size());
    shape.hidden = hidden;
    shape.members = members;
    return shape;
}

LearnedModel::LearnedModel(FeatureSchema schema, Ensemble ensemble, std::string reference_gpu)
    : schema_(std::move(schema)), ensemble_(std::move(ensemble)), reference_gpu_(std::move(reference_gpu))
{
}

LearnedModel LearnedModel::open(const std::string &path)
{
    ModelMetadata metadata = read_metadata(metadata_path(path));
    FeatureSchema schema(metadata.families, metadata.gpu_types, metadata.neighbours);
    Ensemble ensemble = Ensemble::load(path, shape_of(schema, metadata.hidden, metadata.members), schema.stamp());
    return LearnedModel(std::move(schema), std::move(ensemble), metadata.reference_gpu_type);
}

void LearnedModel::predict(const Candidate *candidates, size_t n, Prediction *out) const
{
    EncodedBatch batch;
    std::vector<size_t> row_of(n, SIZE_MAX);
    for (size_t i = 0; i < n; i++) {
        out[i] = Prediction{};
        if (!schema_.can_encode(candidates[i].gpu_type))
            continue;
        row_of[i] = batch.rows;
        schema_.append(candidates[i], batch);
    }
    std::vector<float> log_relative, log_slowdown;
    if (batch.rows > 0)
        ensemble_.predict(batch, log_relative, log_slowdown);
    const size_t members = static_cast<size_t>(ensemble_.members());
    for (size_t i = 0; i < n; i++) {
        if (row_of[i] == SIZE_MAX)
            continue;
        bool shared = !candidates[i].co_runners.empty();
        double sum_relative = 0, sum_slowdown = 0, sum_total = 0, sum_squares = 0;
        for (size_t m = 0; m < members; m++) {
            double r = log_relative[row_of[i] * members + m];
            double s = shared ? log_slowdown[row_of[i] * members + m] : 0.0;
            sum_relative += r;
            sum_slowdown += s;
            sum_total += r + s;
            sum_squares += (r + s) * (r + s);
        }
        double mean_total = sum_total / members;
        Prediction &p = out[i];
        p.relative_throughput = std::exp(sum_relative / members);
        // The corrected estimate may exceed 1 (measured noise does); the
        // interface promises a slowdown in (0, 1].
        p.slowdown = std::exp(std::min(0.0, sum_slowdown / members));
        p.uncertainty = std::sqrt(std::max(0.0, sum_squares / members - mean_total * mean_total));
        p.family_known = schema_.knows_family(candidates[i].job.family);
        for (const Job &co : candidates[i].co_runners)
            p.family_known = p.family_known && schema_.knows_family(co.family);
        p.gpu_known = schema_.knows_gpu(candidates[i].gpu_type);
        p.valid = true;
    }
}

}  // namespace accord::model

extern "C" accord::model::ThroughputModel *accord_model_open(const char *path, char *error, size_t error_size)
{
    auto say = [&](const std::string &message) {
        if (error && error_size > 0) {
            std::strncpy(error, message.c_str(), error_size - 1);
            error[error_size - 1] = '\0';
        }
    };
    try {
        return new accord::model::LearnedModel(accord::model::LearnedModel::open(path ? path : ""));
    } catch (const std::exception &e) {
        say(e.what());
    } catch (...) {
        say(std::string(path ? path : "(null)") + ": unknown error opening the model");
    }
    return nullptr;
}

extern "C" void accord_model_close(accord::model::ThroughputModel *model) { delete model; }
