// FeatureSchema: how candidates become the network's input rows (schema
// version kSchemaVersion; a model file of another version is refused).
//  job row:    one-hot of the known families | log2(batch)/10, batch known
//  GPU row:    one-hot of the known GPU types | log of relative speed,
//              FP32 TFLOPS/10, memory GB/16, bandwidth GB/s/900
//  config row: log2(GPUs)/3, spread, log of the interpolated isolated
//              estimate and its distance/4 (neighbour_estimates.h)
//  co-runner row: the co-runner's job row | log of the interpolated
//              slowdown of the job next to this co-runner, its distance/4
// (Version 2 had the nearest samples' mean where version 3 interpolates.
// Version 4 has version 3's rows and adds the declared-GPU share to the
// metadata's correction gates (correction_gate.h): a version-3 file took
// the whole correction there, and is refused rather than read otherwise.
// Version 5 adds the shrinkage of a declared GPU type's slowdown toward the
// training pairs' mean (declared_pair_shrink): a version-4 file did not
// shrink, and is refused likewise. The shrink's target, added later
// (declared_pair_target), is read as the training mean when absent, which
// is what such a file meant, so the version stayed 5.)
// The estimates are stacking inputs: the network learns a correction of
// them (ensemble.h). A candidate's estimates come from all the training
// samples; a training row's leave out every sample of its own job type
// (LeaveOut::kOwnJobType; a pair row also comes with its co-runner's type
// left out, and with both), so that in training they have the error they
// have for a job type the model has not seen. How each estimate was made
// (EstimateKind) rides along for the correction gates (correction_gate.h).
// A family or GPU type the model does not know has an all-zero one-hot: the
// network, trained with one-hot dropout, then predicts from the numeric
// descriptors alone (the prior). Co-runners are job rows owned by their
// candidate row, in a canonical order so that summing them is exactly
// order-independent.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/neighbour_estimates.h"
#include "model/throughput_model.h"

namespace accord::model {

constexpr int kSchemaVersion = 7;
constexpr int kConfigWidth = 4;
constexpr int kIsolatedEstimateColumn = 2;  // in the config row
constexpr int kPairEstimates = 2;           // after the job row in a co-runner row

// A family's name compared without case and punctuation, so that a job's
// hint "resnet50" finds the data's "ResNet-50".
std::string family_key(const std::string &family);

struct EncodedBatch {
    std::vector<float> job, gpu, config, co_runner;  // row-major
    std::vector<int64_t> owner;                       // co-runner row -> candidate row
    // How each row's isolated estimate and each co-runner row's pair
    // estimate were made: not inputs, the gate's (learned_model.h).
    std::vector<EstimateKind> relative_kind, pair_kind;
    size_t rows = 0;
};

class FeatureSchema {
public:
    // Throws std::invalid_argument for two families with one family_key, or
    // a neighbour sample on a GPU type not in `gpus`.
    FeatureSchema(std::vector<std::string> families, std::map<std::string, GpuDescriptor> gpus,
                  NeighbourSamples neighbours);

    int job_width() const { return static_cast<int>(families_.size()) + 2; }
    int gpu_width() const { return static_cast<int>(gpu_names_.size()) + 4; }
    int co_runner_width() const { return job_width() + kPairEstimates; }
    const std::vector<std::string> &families() const { return families_; }
    const std::vector<std::string> &gpu_names() const { return gpu_names_; }
    const GpuDescriptor &known_gpu(const std::string &name) const { return gpus_.at(name); }
    bool knows_family(const std::string &family) const { return family_index_.count(family_key(family)) > 0; }
    bool knows_gpu(const std::string &name) const { return gpus_.count(name) > 0; }
    const NeighbourEstimates &neighbours() const { return *neighbours_; }

    // A prior for an unknown GPU type; false when the type is known or a
    // figure is not positive.
    bool declare_gpu(const std::string &name, const GpuDescriptor &descriptor);
    bool can_encode(const std::string &gpu_type) const;
    // Appends the candidate's rows; the GPU type must be known or declared.
    // Training rows leave kOwnJobType out of their estimates.
    void append(const Candidate &candidate, EncodedBatch &batch, LeaveOut leave = LeaveOut::kNothing) const;

    // The rows' stacking estimates (what the network corrects): the log
    // isolated estimate, and the sum of the co-runner rows' log pair
    // estimates (0 without co-runners).
    std::vector<double> relative_estimates(const EncodedBatch &batch) const;
    std::vector<double> slowdown_estimates(const EncodedBatch &batch) const;

    // "families=a,b;gpus=k80:speed/tflops/GB/GBs,...;neighbours=I/P/checksum":
    // what a model file must match.
    std::string stamp() const;

private:
    void append_job(const Job &job, std::vector<float> &out) const;
    void append_gpu(const std::string &name, std::vector<float> &out) const;
    const GpuDescriptor &descriptor(const std::string &name) const;
    void append_estimates(const Candidate &candidate, LeaveOut leave, EncodedBatch &batch) const;

    std::vector<std::string> families_;
    std::map<std::string, int> family_index_;  // by family_key
    std::vector<std::string> gpu_names_;
    std::map<std::string, GpuDescriptor> gpus_;
    std::map<std::string, GpuDescriptor> declared_;
    std::shared_ptr<const NeighbourEstimates> neighbours_;
};

}  // namespace accord::model
