// The learned model behind the plain interface, and its C factory (see
// learned_model.h and throughput_model.h).
#include "model/learned_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace accord::model {

namespace {

double mean_slowdown(const NeighbourSamples &samples)
{
    if (samples.pairs.empty())
        return std::nan("");
    double sum = 0;
    for (const NeighbourSamples::Pair &pair : samples.pairs)
        sum += pair.slowdown;
    return sum / samples.pairs.size();
}

}  // namespace

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

LearnedModel::LearnedModel(FeatureSchema schema, Ensemble ensemble, std::string reference_gpu, CorrectionGates gates)
    : schema_(std::move(schema)), ensemble_(std::move(ensemble)), reference_gpu_(std::move(reference_gpu)),
      mean_pair_slowdown_(mean_slowdown(schema_.neighbours().samples()))
{
    set_gates(gates);
}

void LearnedModel::set_gates(const CorrectionGates &gates)
{
    check_pair_shrink(gates.declared_pair_shrink);
    gates_ = gates;
}

LearnedModel LearnedModel::open(const std::string &path)
{
    ModelMetadata metadata = read_metadata(metadata_path(path));
    FeatureSchema schema(metadata.families, metadata.gpu_types, metadata.neighbours);
    Ensemble ensemble = Ensemble::load(path, shape_of(schema, metadata.hidden, metadata.members), schema.stamp());
    return LearnedModel(std::move(schema), std::move(ensemble), metadata.reference_gpu_type, metadata.gates);
}

namespace {

// Per row, the mean over its co-runner rows of the slowdown gate's share.
std::vector<double> slowdown_shares(const EncodedBatch &batch, const CorrectionGate &gate)
{
    std::vector<double> sum(batch.rows, 0.0), count(batch.rows, 0.0);
    for (size_t c = 0; c < batch.owner.size(); c++) {
        sum[batch.owner[c]] += gate.share(batch.pair_kind[c]);
        count[batch.owner[c]]++;
    }
    for (size_t row = 0; row < batch.rows; row++)
        sum[row] = count[row] > 0 ? sum[row] / count[row] : 0.0;
    return sum;
}

// A row's members' mean corrections and the spread of their whole
// corrections (standard deviation of relative + slowdown, over members).
struct RowCorrections {
    double relative = 0, slowdown = 0, spread = 0;
};

RowCorrections row_corrections(const std::vector<float> &relative, const std::vector<float> &slowdown, size_t row,
                               size_t members, bool shared)
{
    double sum_relative = 0, sum_slowdown = 0, sum_squares = 0;
    for (size_t m = 0; m < members; m++) {
        double r = relative[row * members + m];
        double s = shared ? slowdown[row * members + m] : 0.0;
        sum_relative += r;
        sum_slowdown += s;
        sum_squares += (r + s) * (r + s);
    }
    double mean_total = (sum_relative + sum_slowdown) / members;
    return RowCorrections{sum_relative / members, sum_slowdown / members,
                          std::sqrt(std::max(0.0, sum_squares / members - mean_total * mean_total))};
}

}  // namespace

void LearnedModel::predict(const Candidate *candidates, size_t n, Prediction *out) const
{
    for (size_t first = 0; first < n; first += kPredictionChunk)
        predict_chunk(candidates + first, std::min(kPredictionChunk, n - first), out + first);
}

void LearnedModel::predict_chunk(const Candidate *candidates, size_t n, Prediction *out) const
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
    std::vector<float> relative, slowdown;
    if (batch.rows > 0)
        ensemble_.corrections(batch, relative, slowdown);
    std::vector<double> relative_estimate = schema_.relative_estimates(batch),
                        slowdown_estimate = schema_.slowdown_estimates(batch),
                        slowdown_share = slowdown_shares(batch, gates_.slowdown);
    const size_t members = static_cast<size_t>(ensemble_.members());
    for (size_t i = 0; i < n; i++) {
        size_t row = row_of[i];
        if (row == SIZE_MAX)
            continue;
        bool gpu_known = schema_.knows_gpu(candidates[i].gpu_type);
        RowCorrections c = row_corrections(relative, slowdown, row, members, !candidates[i].co_runners.empty());
        // The kind gates were chosen where every GPU type had samples; on
        // one without, the declared share (the inner GPU-type split's).
        double relative_share = gpu_known ? gates_.relative.share(batch.relative_kind[row]) : gates_.relative.declared;
        double shared_share = gpu_known ? slowdown_share[row] : gates_.slowdown.declared;
        Prediction &p = out[i];
        p.relative_throughput = std::exp(relative_estimate[row] + relative_share * c.relative);
        // The corrected estimate may exceed 1 (measured noise does); the
        // interface promises a slowdown in (0, 1].
        p.slowdown = std::exp(std::min(0.0, slowdown_estimate[row] + shared_share * c.slowdown));
        // On a declared GPU type, toward the gates' target (target and
        // weight chosen on the inner GPU-type split).
        if (!gpu_known && !candidates[i].co_runners.empty())
            p.slowdown = shrunk_slowdown(p.slowdown, mean_pair_slowdown_, candidates[i].co_runners.size(), gates_);
        // The members' disagreement about the candidate, whatever share of
        // their correction the prediction takes (chosen on the inner split).
        p.uncertainty = c.spread;
        p.family_known = schema_.knows_family(candidates[i].job.family);
        for (const Job &co : candidates[i].co_runners)
            p.family_known = p.family_known && schema_.knows_family(co.family);
        p.gpu_known = gpu_known;
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
