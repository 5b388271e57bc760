// The simple estimates the learned model must beat, each built from one
// fold's training samples only:
//  - declared speed: isolated = the GPU type's declared relative speed x
//    GPUs (the admin prior, linear scaling);
//  - mean per GPU type: the mean training slowdown on that GPU type, and
//    the geometric mean relative throughput per (GPU type, count, spread);
//    for a GPU type not in training, the mean slowdown over all types and
//    the declared speed;
//  - nearest neighbour, Gavel-like: the mean value of the training samples
//    nearest the asked one (same measured value of the most similar job
//    types and GPU type). Interpretation: Gavel estimates an unseen job's
//    pair throughputs from the most similar profiled jobs (matrix
//    completion over a fingerprint); with no profiled pairs of the held-out
//    job, similarity here is family, batch size, GPU speed and count.
#pragma once

#include <map>
#include <string>
#include <tuple>

#include "model/training_data.h"

namespace accord::model {

class Baselines {
public:
    explicit Baselines(const TrainingData &train);

    double declared_speed(const IsolatedSample &sample) const;
    double mean_relative(const IsolatedSample &sample) const;
    double nearest_relative(const IsolatedSample &sample) const;
    double mean_slowdown(const PairSample &sample) const;
    double nearest_slowdown(const PairSample &sample) const;

private:
    const TrainingData &train_;
    std::map<std::tuple<std::string, int, bool>, std::pair<double, int>> log_relative_sum_;
    std::map<std::string, std::pair<double, int>> slowdown_sum_;
    double slowdown_all_ = 0;
};

// How unlike two job types are: 4 for another family, plus the batch
// sizes' log2 distance (2 when only one is known).
double job_distance(const std::string &a, const std::string &b);
// 2 for another GPU type plus 2 x |log of the declared speeds' ratio|.
double gpu_distance(const std::string &a, const std::string &b);

}  // namespace accord::model
