#include "core/speed_prediction.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace accord::core {

namespace {

std::string one_decimal(double x)
{
    char text[32];
    snprintf(text, sizeof(text), "%.1f", x);
    return text;
}

}  // namespace

// Where the two speeds compared came from: one source, or each type's.
static std::string sources_of(const PendingJob &job, const std::string &chosen, const std::string &baseline,
                              const GpuTypeRanker &ranker)
{
    std::string of_chosen = ranker.speed_source_of(job, chosen);
    if (baseline.empty() || baseline == chosen)
        return of_chosen;
    std::string of_baseline = ranker.speed_source_of(job, baseline);
    if (of_baseline == of_chosen)
        return of_chosen;
    return of_chosen + " for " + chosen + ", " + of_baseline + " for " + baseline;
}

SpeedPrediction predict_speedup(const PendingJob &job, const GpuRequest &chosen,
                                const std::vector<std::string> &possible_types,
                                const GpuTypeRanker &ranker)
{
    SpeedPrediction p;
    p.time_limit_s = job.time_limit_s;
    std::optional<double> slowest;
    for (const auto &type : possible_types) {
        auto speed = ranker.speed(job, type);
        if (!speed) {
            p.unknown_type = type;
            p.source = ranker.speed_source_of(job, type);
            return p;
        }
        if (!slowest || *speed < *slowest) {
            slowest = speed;
            p.baseline_type = type;
        }
    }
    auto chosen_speed = ranker.speed(job, chosen.type);
    if (!chosen_speed) {
        p.unknown_type = chosen.type;
        p.source = ranker.speed_source_of(job, chosen.type);
        return p;
    }
    p.source = sources_of(job, chosen.type, p.baseline_type, ranker);
    if (!slowest)
        return p;
    int asked_gpus = requested_gpus(job), chosen_gpus = gpus_in_all(chosen.per_job, chosen.per_node, job.min_nodes);
    double asked = *slowest * asked_gpus;
    if (asked <= 0)
        return p;
    double linear = *chosen_speed * chosen_gpus / asked;
    double scaled = linear * ranker.scaling(job, chosen.type, chosen_gpus) /
                    ranker.scaling(job, p.baseline_type, asked_gpus);
    p.speedup = std::min(linear, scaled);
    return p;
}

bool slurm_could_give(const GpuRequest &asked, const GpuRequest &chosen)
{
    return chosen.per_node == asked.per_node && chosen.per_job == asked.per_job &&
           (asked.type.empty() || asked.type == chosen.type);
}

bool keeps_time_limit(const GpuRequest &asked, const GpuRequest &chosen, const SpeedPrediction &prediction)
{
    return slurm_could_give(asked, chosen) || (prediction.speedup && *prediction.speedup >= 1.0);
}

std::optional<int64_t> run_time_bound(const SpeedPrediction &p)
{
    if (p.time_limit_s >= kUnlimitedSeconds)
        return std::nullopt;
    if (!p.speedup || *p.speedup <= 1.0)
        return p.time_limit_s;
    return static_cast<int64_t>(std::ceil(static_cast<double>(p.time_limit_s) / *p.speedup));
}

std::string slurm_duration(int64_t seconds)
{
    long long days = seconds / 86400, rest = seconds % 86400;
    long long h = rest / 3600, m = rest % 3600 / 60, s = rest % 60;
    char text[48];
    if (days)
        snprintf(text, sizeof(text), "%lld-%02lld:%02lld:%02lld", days, h, m, s);
    else
        snprintf(text, sizeof(text), "%lld:%02lld:%02lld", h, m, s);
    return text;
}

static std::string describe_speedup(const SpeedPrediction &p)
{
    if (!p.unknown_type.empty())
        return "no speed-up predicted: no speed for " + p.unknown_type + " (" + p.source + ")";
    if (!p.speedup)
        return "no speed-up predicted";
    return "predicted speed-up " + one_decimal(*p.speedup) + "x over " + p.baseline_type +
           ", the slowest type it could get (" + p.source + ")";
}

static std::string describe_run_time(const SpeedPrediction &p)
{
    auto bound = run_time_bound(p);
    if (!bound)
        return "no run time predicted (no time limit)";
    std::string limit = slurm_duration(p.time_limit_s);
    if (*bound == p.time_limit_s)
        return "predicted run time <= " + limit + " (its time limit)";
    return "predicted run time <= " + slurm_duration(*bound) + " (time limit " + limit + " / " +
           one_decimal(*p.speedup) + ")";
}

std::string describe(const SpeedPrediction &p)
{
    return describe_speedup(p) + "; " + describe_run_time(p);
}

}  // namespace accord::core
