#include "sim/philly_generator.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>

#include "sim/input_error.h"

namespace accord::sim {

namespace {

double parse_number(const std::string &text, const std::string &where, const char *field)
{
    char *end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(value) || value < 0)
        throw InputError(where + ": " + field + ": '" + text + "' is not a number >= 0");
    return value;
}

// Uniform in [0, 1) from the top 53 bits of one draw.
double unit(std::mt19937_64 &rng) { return (rng() >> 11) * 0x1.0p-53; }

size_t index_below(std::mt19937_64 &rng, size_t n) { return static_cast<size_t>(unit(rng) * n); }

}  // namespace

std::vector<PhillySample> read_philly_distribution(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw InputError(path + ": cannot be read");
    std::vector<PhillySample> samples;
    std::string line;
    for (int number = 1; std::getline(in, line); number++) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (number == 1 && line == "duration_s,num_gpus")
            continue;
        std::string where = path + ":" + std::to_string(number);
        auto comma = line.find(',');
        if (comma == std::string::npos)
            throw InputError(where + ": expected duration_s,num_gpus");
        double duration = parse_number(line.substr(0, comma), where, "field 1 (duration_s)");
        double gpus = parse_number(line.substr(comma + 1), where, "field 2 (num_gpus)");
        if (gpus < 1 || gpus != std::floor(gpus) || gpus > 4096)
            throw InputError(where + ": field 2 (num_gpus): expected a whole number in [1, 4096]");
        samples.push_back({duration, static_cast<int>(gpus)});
    }
    if (samples.empty())
        throw InputError(path + ": no samples");
    return samples;
}

std::vector<TraceJob> generate_trace(const std::vector<PhillySample> &samples, const ThroughputTable &table,
                                     const GeneratorConfig &config)
{
    JobSpeed speed(table);
    std::mt19937_64 rng(config.seed);
    std::map<int, std::vector<std::pair<std::string, double>>> types_by_gpus;  // gpus -> (type, steps/s)
    std::vector<TraceJob> trace;
    double clock = 0;
    for (size_t i = 0; i < config.jobs; i++) {
        const PhillySample &sample = samples[index_below(rng, samples.size())];
        auto &types = types_by_gpus[sample.gpus];
        if (types.empty())
            for (const auto &type : table.job_types())
                if (auto rate = speed.steps_per_second(config.reference_type, type, sample.gpus, false))
                    types.emplace_back(type, *rate);
        if (types.empty())
            throw InputError("no job type is measured on " + config.reference_type + " for " +
                             std::to_string(sample.gpus) + " GPU(s)");
        const auto &[type, rate] = types[index_below(rng, types.size())];
        TraceJob job;
        job.line = static_cast<int>(i + 1);
        job.job_type = type;
        job.scale_factor = sample.gpus;
        job.total_steps = std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(sample.duration_s * rate)));
        job.arrival_s = clock;
        trace.push_back(std::move(job));
        clock += -std::log(1.0 - unit(rng)) * 3600.0 / config.jobs_per_hour;
    }
    return trace;
}

std::string to_gavel_trace(const std::vector<TraceJob> &trace)
{
    std::string text;
    char number[64];
    for (const auto &j : trace) {
        snprintf(number, sizeof(number), "%.6f", j.arrival_s);
        text += j.job_type + "\tgenerated\t-n\t0\t" + std::to_string(j.total_steps) + "\t" + number + "\t" +
                std::to_string(j.scale_factor) + "\n";
    }
    return text;
}

}  // namespace accord::sim
