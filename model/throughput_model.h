// The learned throughput model as seen by its callers: plain C++, no LibTorch
// headers, so the scheduler and the simulator can use it through a module
// they dlopen (accord_model_open below has C linkage for dlsym).
//
// For each candidate placement it predicts (1) the job's steps/s alone on
// that configuration relative to its steps/s alone on one GPU of the
// reference type, and (2) its slowdown next to the co-located jobs (steps/s
// shared over steps/s alone; 1 with no co-runners). Co-runners are a set:
// their order never changes a prediction. Families and GPU types the model
// was not trained on get the prior (see docs/model.md) and are flagged.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace accord::model {

// A job as the model sees it: its model family ("ResNet-50", "bert"; case
// and punctuation are ignored, "resnet50" is the same family) and
// its batch size (0 = unknown).
struct Job {
    std::string family;
    int batch_size = 0;
};

struct Candidate {
    Job job;
    std::string gpu_type;
    int gpus = 1;
    bool spread = false;           // over several nodes
    std::vector<Job> co_runners;   // jobs sharing these GPUs; order irrelevant
};

struct Prediction {
    double relative_throughput = 0;  // alone, over alone on one reference GPU
    double slowdown = 1;             // shared over alone, in (0, 1]
    // Spread of the ensemble members: standard deviation of their whole
    // corrections of log(relative_throughput x slowdown), whatever share a
    // prediction takes; how much they disagree, not a calibrated error.
    double uncertainty = 0;
    bool family_known = false;       // the job's and every co-runner's; false: the prior
    bool gpu_known = false;          // false: the declared GPU type's prior
    bool valid = false;              // false: GPU type neither known nor declared
};

// What an administrator declares about a GPU type the model has not seen
// (and the built-in values of the types it has): speed relative to the
// reference type and spec-sheet figures.
struct GpuDescriptor {
    double relative_speed = 1;       // admin's estimate, reference type = 1
    double fp32_tflops = 0;
    double memory_gb = 0;
    double memory_bandwidth_gbs = 0;
};

class ThroughputModel {
public:
    virtual ~ThroughputModel() = default;
    // Fills out[0..n). Not thread-safe against declare_gpu_type.
    virtual void predict(const Candidate *candidates, size_t n, Prediction *out) const = 0;
    // Adds or replaces the prior for a GPU type the model was not trained
    // on; false (and nothing changes) when the model knows the type or a
    // figure is not positive.
    virtual bool declare_gpu_type(const std::string &name, const GpuDescriptor &descriptor) = 0;
    virtual std::string reference_gpu_type() const = 0;
    virtual std::vector<std::string> families() const = 0;
    virtual std::vector<std::string> gpu_types() const = 0;
};

}  // namespace accord::model

extern "C" {
// Opens the model file `path` and its metadata `path`.json. Returns null and
// writes a message naming the file and what is wrong into error[0..size)
// when either is missing, corrupt, truncated, of another schema version or
// inconsistent with the other; never throws.
accord::model::ThroughputModel *accord_model_open(const char *path, char *error, size_t error_size);
void accord_model_close(accord::model::ThroughputModel *model);
}
