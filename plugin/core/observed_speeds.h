// What running jobs measured: the online part of Accord's throughput
// estimates. Progress reports (core/progress_report.h), once stored as
// samples, say how fast a job of a model family really trains on the GPU
// type it holds; this turns them into per-family speeds per GPU type that
// correct the prior (the learned model's prediction, or the admin's
// accord_gpu_speed table) where jobs have measured them, without a restart.
//
// The rule (docs/design.md, "Learning from running jobs"):
//  - A sample counts when its job names a model family and holds GPUs of
//    one type (a rate over several types belongs to none); its rate per GPU
//    is its rate over its GPU count times the scaling to that count the
//    caller reads it with (the prior's, GpuTypeRanker::scaling; linear
//    when not given).
//  - Each job counts once per type, with its latest sample; the newest
//    `jobs_kept` jobs per family and type are kept, and the
//    `families_kept` families reported most recently, so memory is bounded
//    (family names are the users') and old behaviour ages out.
//  - A family's observed speed on a type is the median over users of each
//    user's median over their jobs: family names are shared, so a user
//    who reports false rates moves a family's speed only by being most of
//    the users who measured it. Steps/s and samples/s are not mixed: a
//    family's speeds use the metric more of its jobs reported.
// What a family's speeds become, measured against a prior, is
// core/measured_speed_ranker.h's rule.
// Slurm-free and torch-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "core/throughput_sample.h"

namespace accord::core {

class ObservedSpeeds {
public:
    explicit ObservedSpeeds(size_t jobs_kept = 64, size_t families_kept = 1024);

    // Counts a stored sample (ignored when it does not qualify, above).
    void add(const ThroughputSample &sample);

    // How a family scales to a count on a type (> 0), so that a job's rate
    // per GPU is on the one-GPU scale: its rate / (GPUs x scaling).
    using Scaling = std::function<double(const std::string &type, int gpus)>;

    // The family's median rate per GPU on `type`, in its main metric;
    // `scaling` null: linear.
    std::optional<double> per_gpu(const std::string &family, const std::string &type,
                                  const Scaling &scaling = nullptr) const;

    // Jobs counted for the family, over all types, in its main metric.
    size_t jobs(const std::string &family) const;

    // per_gpu() of every type the family was measured on.
    std::map<std::string, double> by_type(const std::string &family, const Scaling &scaling = nullptr) const;

    bool empty() const { return seen_.empty(); }

private:
    struct JobRate {
        int64_t time = 0;
        double rate = 0;  // the whole job's
        int gpus = 1;
        std::string user;
    };
    using TypeJobs = std::map<std::string, std::map<uint32_t, JobRate>>;  // type -> job -> rate
    const TypeJobs *main_metric(const std::string &family) const;
    // The median over users of each user's median over their jobs' rates per GPU.
    static double user_median(const std::map<uint32_t, JobRate> &jobs, const std::string &type,
                              const Scaling &scaling);

    void forget_stalest_family();

    size_t jobs_kept_, families_kept_;
    std::map<std::string, std::map<ReportMetric, TypeJobs>> seen_;  // family -> metric -> ...
    std::map<std::string, int64_t> last_report_;                     // family -> newest sample's time
};

}  // namespace accord::core
