// spank_accord.so: the SPANK plugin that gives sbatch, srun and salloc
// Accord's hint options. Each value is checked when the option is parsed,
// so a bad one fails the submission with a message saying what is
// accepted; good ones go into the job's SPANK job-control environment,
// where sched_accord reads them (and checks them again).
#include <string>
#include <string_view>

// spank.h declares the slurm_spank_* callbacks outside its extern "C".
extern "C" {
#include <slurm/spank.h>
}

#include "spank/hint_syntax.h"

#define ACCORD_EXPORT __attribute__((visibility("default")))

// Declared extern "C" first: SPANK_PLUGIN alone defines const arrays, which
// have internal linkage in C++ and so are invisible to Slurm's loader.
extern "C" {
ACCORD_EXPORT extern const char plugin_name[];
ACCORD_EXPORT extern const char plugin_type[];
ACCORD_EXPORT extern const unsigned int plugin_version;
ACCORD_EXPORT extern const unsigned int spank_plugin_version;
ACCORD_EXPORT int slurm_spank_init(spank_t sp, int ac, char **av);
ACCORD_EXPORT int slurm_spank_init_post_opt(spank_t sp, int ac, char **av);
}

SPANK_PLUGIN(accord, 1)

namespace {

using namespace accord;

struct Hint {
    const char *option;  // without the leading "--"
    const char *arginfo;
    const char *usage;
    const char *variable;
    std::string (*check)(std::string_view text);  // "" or what is wrong and accepted
};

// A value the user gave, once checked.
struct Given {
    std::string value;
    bool set = false;
};

std::string usage(const char *what, const char *syntax)
{
    return std::string(what) + ": " + syntax + ".";
}

const std::string model_usage =
    usage("Model family of the job, recorded with Accord's decisions and its progress reports",
          hints::kModelSyntax);
const std::string types_usage =
    usage("GPU types the job may run on, when it asks for GPUs without a type", hints::kGpuTypesSyntax);
const std::string gpus_usage =
    usage("Total GPUs the job can run with (recorded; the job starts at its requested count)",
          hints::kGpusSyntax);

// Indexed by spank_option::val.
const Hint hint_table[] = {
    {"accord-model", "FAMILY", model_usage.c_str(), hints::kModelVar,
     [](std::string_view t) { return hints::check_model(t).error; }},
    {"accord-gpu-types", "T1,T2", types_usage.c_str(), hints::kGpuTypesVar,
     [](std::string_view t) { return hints::check_gpu_types(t).error; }},
    {"accord-gpus", "MIN-MAX", gpus_usage.c_str(), hints::kGpusVar,
     [](std::string_view t) { return hints::check_gpus(t).error; }},
};
constexpr int kHints = sizeof(hint_table) / sizeof(hint_table[0]);
Given given[kHints];

// Called as the option is parsed: locally in sbatch, srun and salloc, and
// again in slurmstepd (remote) with the value forwarded to the job's steps.
int on_option(int val, const char *optarg, int remote)
{
    if (val < 0 || val >= kHints)
        return -1;
    const Hint &hint = hint_table[val];
    try {
        std::string error = hint.check(optarg ? optarg : "");
        if (!error.empty()) {
            slurm_error("accord: --%s: %s", hint.option, error.c_str());
            return -1;
        }
        if (!remote)
            given[val] = {optarg, true};
        return 0;
    } catch (...) {  // no C++ exception may reach Slurm's C code
        slurm_error("accord: --%s: out of memory", hint.option);
        return -1;
    }
}

// spank_option holds non-const char *; Slurm only reads these.
spank_option option_for(int val)
{
    const Hint &hint = hint_table[val];
    return {const_cast<char *>(hint.option), const_cast<char *>(hint.arginfo),
            const_cast<char *>(hint.usage), 1, val, on_option};
}

spank_option option_table[] = {option_for(0), option_for(1), option_for(2)};
static_assert(sizeof(option_table) / sizeof(option_table[0]) == kHints, "one option per hint");

bool submits_jobs(spank_context_t context)
{
    return context == S_CTX_ALLOCATOR || context == S_CTX_LOCAL;
}

}  // namespace

// Options must be registered in every context that sees them: the submitting
// command and slurmstepd, which is handed them for the job's steps.
int slurm_spank_init(spank_t sp, int, char **)
{
    spank_context_t context = spank_context();
    if (!submits_jobs(context) && context != S_CTX_REMOTE)
        return 0;
    for (spank_option &option : option_table) {
        spank_err_t rc = spank_option_register(sp, &option);
        if (rc != ESPANK_SUCCESS) {
            slurm_error("accord: cannot register --%s: %s", option.name, spank_strerror(rc));
            return -1;
        }
    }
    return 0;
}

// After all options are parsed: hand the checked values to the job.
int slurm_spank_init_post_opt(spank_t sp, int, char **)
{
    if (!submits_jobs(spank_context()))
        return 0;
    for (int val = 0; val < kHints; val++) {
        if (!given[val].set)
            continue;
        const Hint &hint = hint_table[val];
        spank_err_t rc = spank_job_control_setenv(sp, hint.variable, given[val].value.c_str(), 1);
        if (rc != ESPANK_SUCCESS) {
            slurm_error("accord: cannot pass --%s to the job: %s", hint.option, spank_strerror(rc));
            return -1;
        }
    }
    return 0;
}
