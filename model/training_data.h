// TrainingData: the measured samples the model learns from and is
// evaluated on, read with the simulator's readers (libaccordsim):
//  - isolated: a job type's steps/s alone on (GPU type, count, spread) over
//    its steps/s alone on one GPU of the reference type (v100, measured by
//    both Gavel and Sia), from Gavel's table and Sia's profiles;
//  - pairs: a job type's steps/s sharing the GPUs with another job type over
//    its steps/s alone there (Gavel's co-location pairs; only one-GPU pairs
//    were measured: its multi-GPU pairs are all "not measured").
#pragma once

#include <string>
#include <vector>

#include "model/throughput_model.h"
#include "sim/sia_profiles.h"
#include "sim/throughput_table.h"

namespace accord::model {

extern const char kReferenceGpu[];

struct IsolatedSample {
    std::string job_type;
    std::string gpu_type;
    int gpus = 1;
    bool spread = false;
    double relative = 0;
};

struct PairSample {
    std::string job_type, other_type;
    std::string gpu_type;
    int gpus = 1;
    double slowdown = 0;
};

struct TrainingData {
    std::vector<IsolatedSample> isolated;
    std::vector<PairSample> pairs;
    std::vector<std::string> sources;  // paths read

    std::vector<std::string> job_types() const;  // of the isolated samples, sorted
    std::vector<std::string> gpu_types() const;  // of the isolated samples, sorted
};

// Gavel's table (simulation_throughputs.json schema): job types measured
// alone on one reference GPU; GPU counts 1, 2, 4, 8, on one node and spread.
void add_gavel_samples(const sim::ThroughputTable &table, const std::string &path, TrainingData &data);

// Sia's profiles at every validated batch size ("bert (batch size 96)") on
// 1, 2, 4, 8 and 16 GPUs, only where the profiles cover the layout (none of
// the simulator's plateau filling) and the batch runs on one reference GPU
// (cluster "azure").
void add_sia_samples(const sim::SiaProfiles &profiles, const std::vector<sim::SiaCluster> &clusters,
                     const std::string &path, TrainingData &data);

// Drops every pair sample in which a job type of `job_types` is the job or
// the co-runner (accord-train --hold-out-types), so that the model never
// sees those types next to anything; their isolated samples stay (a new job
// type is profiled alone before it is ever co-located). Throws
// std::invalid_argument naming a type no isolated sample has.
void hold_out_pairs(TrainingData &data, const std::vector<std::string> &job_types);

// Drops every sample, alone or in a pair (as the job or the co-runner), of
// the job types `names` names (accord-train --hold-out-entirely), so that
// the model has never seen them at all: a name is a job type ("ResNet-50
// (batch size 64)") or a whole model family ("ResNet-50", compared as the
// model compares families, by family_key). Throws std::invalid_argument
// naming a name that matches no isolated sample.
void hold_out_entirely(TrainingData &data, const std::vector<std::string> &names);

// The candidate a sample describes.
Candidate candidate_of(const IsolatedSample &sample);
Candidate candidate_of(const PairSample &sample);

}  // namespace accord::model
