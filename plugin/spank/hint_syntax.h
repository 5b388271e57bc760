// The syntax of Accord's job hints: the model family (--accord-model), the
// GPU types a job accepts (--accord-gpu-types) and the range of GPU counts
// it can run with (--accord-gpus). The SPANK plugin checks a value with
// these functions at submission; sched_accord checks it again when it reads
// the job, since a job's SPANK environment can be set without the plugin.
// Slurm-free and pure.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accord::hints {

// Bounds that keep a hint, and every text quoting it, small.
constexpr size_t kMaxNameLength = 64;  // of a model family or a GPU type name
constexpr size_t kMaxGpuTypes = 16;
constexpr int kMaxGpus = 1024;

// The variables of the job's SPANK job-control environment that carry the
// hints; slurmctld keeps them in job_record_t::spank_job_env as NAME=VALUE.
constexpr const char *kModelVar = "ACCORD_MODEL";
constexpr const char *kGpuTypesVar = "ACCORD_GPU_TYPES";
constexpr const char *kGpusVar = "ACCORD_GPUS";

// What each hint accepts, in words: shown in --help and in every refusal.
extern const char *const kModelSyntax;
extern const char *const kGpuTypesSyntax;
extern const char *const kGpusSyntax;

struct GpuRange {
    int min = 0;
    int max = 0;
};

// A checked value; when `value` is empty, `error` says what is wrong with
// the text and what is accepted.
template <typename T>
struct Checked {
    std::optional<T> value;
    std::string error;
};

// A model family name: 1-64 of A-Z a-z 0-9 . _ + -. Any such name is
// accepted; families the model does not know are scheduled like jobs
// without one.
Checked<std::string> check_model(std::string_view text);

// GPU type names separated by commas: 1-16 distinct names, each 1-64 of
// A-Z a-z 0-9 . _ - (what a gres type can be: no ':' or ','). Whether the
// cluster has them is not judged here.
Checked<std::vector<std::string>> check_gpu_types(std::string_view text);

// N or MIN-MAX, decimal, 1 <= MIN <= MAX <= 1024: GPUs over the whole job.
Checked<GpuRange> check_gpus(std::string_view text);

// `text` as a message quotes it: at most 32 characters, anything that is
// not printable ASCII as '?', "..." when cut.
std::string shown(std::string_view text);

}  // namespace accord::hints
