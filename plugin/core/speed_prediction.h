// What Accord predicts for the GPU configuration it chose for a job,
// against the slowest configuration the user could have got from Slurm with
// the request as submitted, and the time-limit rule built on it: a
// configuration may replace the request only if the job's time limit still
// holds (docs/design.md, "Rewriting the GPU request").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"

namespace accord::core {

struct SpeedPrediction {
    std::string baseline_type;      // slowest type the request could have run on
    std::string unknown_type;       // a type involved that has no speed ("" if none)
    std::optional<double> speedup;  // chosen over baseline; none when a speed is unknown
    std::string source;             // where the speeds compared came from, for this job
    int64_t time_limit_s = kUnlimitedSeconds;
};

// `possible_types` are the GPU types Slurm could have given the request as
// submitted (whose GPUs on its allowed nodes hold it when idle); the
// baseline is the slowest of them (by one GPU's speed), ties going to the
// first name. The speed-up is the smaller of two readings of the GPUs in
// all: linear (one GPU's speed x count) and the ranker's scaling
// (GpuTypeRanker::scaling), so a configuration keeps the time limit only
// if it would whether the job scales linearly or as predicted.
SpeedPrediction predict_speedup(const PendingJob &job, const GpuRequest &chosen,
                                const std::vector<std::string> &possible_types,
                                const GpuTypeRanker &ranker);

// The time-limit rule. A configuration keeps the job's time limit valid if
// Slurm could have given it for the request as submitted (same counts, a
// type the request accepts: the user's limit had to cover it), or if it is
// predicted at least as fast as the baseline. Anything else (fewer GPUs, a
// slower or unrated type than the one named) could get the job killed.
bool keeps_time_limit(const GpuRequest &asked, const GpuRequest &chosen, const SpeedPrediction &prediction);
// The first half of that rule, which needs no prediction: whether Slurm
// could have given `chosen` for `asked` as submitted.
bool slurm_could_give(const GpuRequest &asked, const GpuRequest &chosen);

// The upper bound on the run time this prediction gives: the time limit
// held for the baseline, so on the chosen configuration it is the limit
// divided by the speed-up (the limit itself when that is unknown or below
// 1). Nothing when the job has no time limit.
std::optional<int64_t> run_time_bound(const SpeedPrediction &prediction);

// "predicted speed-up 3.0x over t4, the slowest type it could get (...);
// predicted run time <= 0:20:00 (time limit 1:00:00 / 3.0)"
std::string describe(const SpeedPrediction &prediction);

// Slurm's way of writing a duration: [D-]H:MM:SS.
std::string slurm_duration(int64_t seconds);

}  // namespace accord::core
