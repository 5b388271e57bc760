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
//    job, similarity here is family, batch size, GPU speed and count
//    (neighbour_estimates.h: the same estimate the network gets as an
//    input of schema version 2, here with nothing left out);
//  - interpolated neighbours: the stacking input of schema version 3
//    (neighbour_estimates.h), with nothing left out: what the network
//    corrects, so that its row shows what the network adds.
#pragma once

#include <map>
#include <string>
#include <tuple>

#include "model/neighbour_estimates.h"
#include "model/training_data.h"

namespace accord::model {

class Baselines {
public:
    explicit Baselines(const TrainingData &train);

    double declared_speed(const IsolatedSample &sample) const;
    double mean_relative(const IsolatedSample &sample) const;
    double nearest_relative(const IsolatedSample &sample) const;
    double interpolated_relative(const IsolatedSample &sample) const;
    double mean_slowdown(const PairSample &sample) const;
    double nearest_slowdown(const PairSample &sample) const;
    double interpolated_slowdown(const PairSample &sample) const;

private:
    NeighbourEstimates neighbours_;
    std::map<std::tuple<std::string, int, bool>, std::pair<double, int>> log_relative_sum_;
    std::map<std::string, std::pair<double, int>> slowdown_sum_;
    double slowdown_all_ = 0;
};

}  // namespace accord::model
