// NeighbourEstimates: estimates of a candidate from the training samples.
//  - nearest (log_relative, log_slowdown): the evaluation's "nearest
//    neighbour" (Gavel-like) baseline, with nothing left out: the mean
//    measured value of the samples nearest the asked one, distance =
//    job_distance per job + gpu_distance + |Δ log2 GPUs| (+ 1 for another
//    layout, isolated only);
//  - interpolated (interpolated_log_relative, interpolated_log_slowdown):
//    the network's stacking inputs (feature schema version 3): for a job
//    type without samples of its own, its family's measured values on the
//    same GPU type, count and layout (for a pair: next to the same
//    co-runner type), interpolated over their batch sizes
//    (batch_interpolation.h); for an isolated job whose family never ran
//    on the GPU type but did on others, those values carried over by how
//    the types compare for other job types (schema version 6); for one
//    whose family never ran at the count and layout on any type, its
//    values on other configurations carried over by how the configurations
//    compare (config_completion.h, schema version 7); where there are none,
//    the nearest samples' geometric mean. Its distance is the nearest
//    samples'.
//
// A candidate's estimate uses every sample (kNothing); a training row's
// leaves samples out, so that it never sees its own measurement and has
// the error it has for a job type the model has not seen:
//  - kOwnJobType: every sample of the candidate's job type (same family and
//    batch size; for a pair, every pair it is in, as job or co-runner);
//  - kOwnCoRunnerType (pairs only): every pair the co-runner's type is in;
//  - kBothTypes (pairs only): both, as for a pair of two new job types.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "model/batch_interpolation.h"
#include "model/config_completion.h"
#include "model/throughput_model.h"

namespace accord::model {

struct NeighbourSamples {
    struct Isolated {
        Job job;
        std::string gpu_type;
        int gpus = 1;
        bool spread = false;
        double relative = 0;  // alone, over alone on one reference GPU
    };
    struct Pair {
        Job job, other;
        std::string gpu_type;
        int gpus = 1;
        double slowdown = 0;
    };
    std::vector<Isolated> isolated;
    std::vector<Pair> pairs;
};

enum class LeaveOut { kNothing, kOwnJobType, kOwnCoRunnerType, kBothTypes };

// How an estimate was made: from the candidate's own samples (distance 0),
// from its family's other batch sizes (interpolated), or from the nearest
// samples (none of the family on this configuration).
enum class EstimateKind { kMeasured, kFamily, kNearest };

struct Estimate {
    double log_value = 0;  // log of the nearest samples' mean value; 0 without samples
    double distance = 0;   // theirs, at most kFarthest (also without samples)
    EstimateKind kind = EstimateKind::kNearest;
};
constexpr double kFarthest = 16;

// How unlike two jobs are: 4 for another family, plus the batch sizes' log2
// distance (2 when only one is known).
double job_distance(const Job &a, const Job &b);
// 2 for another GPU type plus 2 x |log of the declared speeds' ratio|.
double gpu_distance(const std::string &a, double speed_a, const std::string &b, double speed_b);
// Same family (family_key) and batch size.
bool same_job_type(const Job &a, const Job &b);

class NeighbourEstimates {
public:
    // `speeds`: declared relative speed of every GPU type in the samples;
    // throws std::invalid_argument when one is missing.
    NeighbourEstimates(NeighbourSamples samples, const std::map<std::string, double> &speeds);

    // `speed` is the declared relative speed of `gpu_type`.
    Estimate log_relative(const Job &job, const std::string &gpu_type, double speed, int gpus, bool spread,
                        LeaveOut leave) const;
    Estimate log_slowdown(const Job &job, const Job &other, const std::string &gpu_type, double speed, int gpus,
                        LeaveOut leave) const;
    // Isolated: extended beyond the family's measured batch sizes (chosen on
    // the inner split, docs/model.md). A pair is interpolated over the batch
    // size of whichever of its two job types has no pair samples (left
    // out or never measured), next to the other's exact type; not extended.
    Estimate interpolated_log_relative(const Job &job, const std::string &gpu_type, double speed, int gpus,
                                       bool spread, LeaveOut leave) const;
    Estimate interpolated_log_slowdown(const Job &job, const Job &other, const std::string &gpu_type, double speed,
                                       int gpus, LeaveOut leave) const;

    const NeighbourSamples &samples() const { return samples_; }
    // Forgets remembered estimates (a GPU type's declared speed changed).
    void forget() const { cache_->clear(); }

private:
    int type_index(const Job &job);
    int gpu_index(const std::string &gpu_type);
    std::vector<double> job_distances(const Job &job, int &own) const;
    std::vector<double> gpu_distances(const std::string &gpu_type, double speed) const;
    int type_of(const Job &job) const;  // -1 without samples
    std::vector<bool> same_family(const Job &job) const;
    Estimate nearest_relative(const Job &job, const std::string &gpu_type, double speed, int gpus, bool spread,
                              LeaveOut leave, bool geometric) const;
    Estimate nearest_slowdown(const Job &job, const Job &other, const std::string &gpu_type, double speed, int gpus,
                              LeaveOut leave, bool geometric) const;
    // The family's measured values on the GPU type, count and layout,
    // interpolated over their batch sizes; nothing for an unknown batch size.
    std::optional<double> family_over_batch(const Job &job, const std::string &gpu_type, int gpus, bool spread,
                                            LeaveOut leave) const;
    // For a family with no sample on the GPU type at this count and layout
    // (model/config_completion.h): from its values on other GPU types at the
    // same count and layout (schema 6), else, when it never ran at them on
    // any type, from every configuration it ran on (schema 7).
    std::optional<double> completed(const Job &job, const std::string &gpu_type, int gpus, bool spread,
                                    LeaveOut leave) const;
    std::optional<double> interpolate_slowdown(const Job &job, const Job &other, const std::string &gpu_type,
                                               int gpus, LeaveOut leave) const;
    // Remembered, or computed and remembered.
    Estimate remembered(const Job &job, const Job &other, const std::string &gpu_type, double speed, int gpus,
                        bool spread, LeaveOut leave, bool interpolated, const std::function<Estimate()> &compute) const;

    // job, batch, co-runner, batch, GPU type, speed, GPUs, spread, leave, interpolated
    using Key = std::tuple<std::string, int, std::string, int, std::string, double, int, bool, int, bool>;
    NeighbourSamples samples_;
    std::vector<Job> types_;
    std::vector<std::string> gpu_types_;
    std::vector<double> gpu_speeds_;
    // Per sample, indices into types_ and gpu_types_: isolated {type, gpu},
    // pairs {type, other type, gpu}.
    std::vector<std::array<int, 2>> isolated_index_;
    std::vector<std::array<int, 3>> pair_index_;
    std::shared_ptr<const ConfigCompletion> configs_;  // of the isolated samples
    // Estimates already asked for: a scheduler asks the same few jobs over
    // and over, and the nearest search scans every sample. Not thread-safe,
    // as ThroughputModel::predict; bounded (cleared when full).
    std::shared_ptr<std::map<Key, Estimate>> cache_ = std::make_shared<std::map<Key, Estimate>>();
};

}  // namespace accord::model
