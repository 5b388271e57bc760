// LearnedModel: ThroughputModel over a trained Ensemble and its feature
// schema; what accord_model_open returns and accord-train evaluates. A
// prediction is the stacking estimate plus the gated share of the members'
// mean correction (correction_gate.h); its uncertainty is the members'
// spread.
#pragma once

#include <string>
#include <vector>

#include "model/correction_gate.h"
#include "model/ensemble.h"
#include "model/feature_schema.h"
#include "model/model_metadata.h"
#include "model/throughput_model.h"

namespace accord::model {

NetworkShape shape_of(const FeatureSchema &schema, int hidden, int members);

class LearnedModel : public ThroughputModel {
public:
    LearnedModel(FeatureSchema schema, Ensemble ensemble, std::string reference_gpu, CorrectionGates gates);
    // Reads `path` and its metadata; throws ModelFileError.
    static LearnedModel open(const std::string &path);

    void predict(const Candidate *candidates, size_t n, Prediction *out) const override;
    bool declare_gpu_type(const std::string &name, const GpuDescriptor &descriptor) override
    {
        return schema_.declare_gpu(name, descriptor);
    }
    std::string reference_gpu_type() const override { return reference_gpu_; }
    std::vector<std::string> families() const override { return schema_.families(); }
    std::vector<std::string> gpu_types() const override { return schema_.gpu_names(); }

    // The shares of the networks' corrections predictions take; throws
    // std::invalid_argument for a declared_pair_shrink outside [0, 1].
    void set_gates(const CorrectionGates &gates);
    const CorrectionGates &gates() const { return gates_; }
    const FeatureSchema &schema() const { return schema_; }
    const Ensemble &ensemble() const { return ensemble_; }
    // The training pairs' mean slowdown (what a declared GPU type's
    // slowdown is shrunk toward); NaN without pair samples.
    double mean_pair_slowdown() const { return mean_pair_slowdown_; }

private:
    // Candidates are run through the networks this many at a time: larger
    // batches outgrow the caches and run slower per candidate (docs/model.md,
    // "Inference cost").
    static constexpr size_t kPredictionChunk = 64;
    void predict_chunk(const Candidate *candidates, size_t n, Prediction *out) const;

    FeatureSchema schema_;
    Ensemble ensemble_;
    std::string reference_gpu_;
    CorrectionGates gates_;
    double mean_pair_slowdown_;
};

}  // namespace accord::model
