// Measured samples from the simulator's readers (see training_data.h).
#include "model/training_data.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "model/feature_schema.h"
#include "model/job_type_name.h"


namespace accord::model {

const char kReferenceGpu[] = "v100";

namespace {

const int kGavelScaleFactors[] = {1, 2, 4, 8};
const int kSiaGpuCounts[] = {1, 2, 4, 8, 16};

template <typename Sample, typename Field>
std::vector<std::string> sorted_set(const std::vector<Sample> &samples, Field field)
{
    std::set<std::string> names;
    for (const Sample &s : samples)
        names.insert(field(s));
    return {names.begin(), names.end()};
}

void add_gavel_pairs(const sim::ThroughputTable &table, const std::string &gpu, const std::string &job,
                     TrainingData &data)
{
    for (int sf : kGavelScaleFactors) {
        auto alone = table.isolated(gpu, job, sf);
        if (!alone || *alone <= 0)
            continue;
        for (const std::string &other : table.job_types()) {
            auto shared = table.colocated(gpu, job, other, sf);
            if (shared && shared->first > 0 && shared->second > 0)
                data.pairs.push_back(PairSample{job, other, gpu, sf, shared->first / *alone});
        }
    }
}

// Whether `name` is `job_type` itself or its model family.
bool names_type(const std::string &name, const std::string &job_type)
{
    return name == job_type || family_key(name) == family_key(job_of_type(job_type).family);
}

}  // namespace

std::vector<std::string> TrainingData::job_types() const
{
    return sorted_set(isolated, [](const IsolatedSample &s) { return s.job_type; });
}

std::vector<std::string> TrainingData::gpu_types() const
{
    return sorted_set(isolated, [](const IsolatedSample &s) { return s.gpu_type; });
}

void hold_out_pairs(TrainingData &data, const std::vector<std::string> &job_types)
{
    std::vector<std::string> known = data.job_types();
    for (const std::string &type : job_types)
        if (!std::binary_search(known.begin(), known.end(), type))
            throw std::invalid_argument("held-out job type '" + type + "' is in none of the training data");
    std::set<std::string> out(job_types.begin(), job_types.end());
    auto held = [&](const PairSample &p) { return out.count(p.job_type) || out.count(p.other_type); };
    data.pairs.erase(std::remove_if(data.pairs.begin(), data.pairs.end(), held), data.pairs.end());
}

void hold_out_entirely(TrainingData &data, const std::vector<std::string> &names)
{
    for (const std::string &name : names)
        if (std::none_of(data.isolated.begin(), data.isolated.end(),
                         [&](const IsolatedSample &s) { return names_type(name, s.job_type); }))
            throw std::invalid_argument("held-out job type or family '" + name + "' is in none of the training data");
    auto named = [&names](const std::string &job_type) {
        return std::any_of(names.begin(), names.end(),
                           [&](const std::string &name) { return names_type(name, job_type); });
    };
    auto held_alone = [&](const IsolatedSample &s) { return named(s.job_type); };
    auto held_pair = [&](const PairSample &p) { return named(p.job_type) || named(p.other_type); };
    data.isolated.erase(std::remove_if(data.isolated.begin(), data.isolated.end(), held_alone), data.isolated.end());
    data.pairs.erase(std::remove_if(data.pairs.begin(), data.pairs.end(), held_pair), data.pairs.end());
}

void add_gavel_samples(const sim::ThroughputTable &table, const std::string &path, TrainingData &data)
{
    data.sources.push_back(path);
    for (const std::string &job : table.job_types()) {
        auto reference = table.isolated(kReferenceGpu, job, 1);
        if (!reference || *reference <= 0)
            continue;
        for (const std::string &gpu : table.gpu_types()) {
            for (int sf : kGavelScaleFactors)
                for (bool spread : {false, true}) {
                    auto alone = table.isolated(gpu, job, sf, spread);
                    if (alone && *alone > 0 && (sf > 1 || !spread))
                        data.isolated.push_back(IsolatedSample{job, gpu, sf, spread, *alone / *reference});
                }
            add_gavel_pairs(table, gpu, job, data);
        }
    }
}

void add_sia_samples(const sim::SiaProfiles &profiles, const std::vector<sim::SiaCluster> &clusters,
                     const std::string &path, TrainingData &data)
{
    data.sources.push_back(path);
    for (const std::string &app : profiles.application_names()) {
        for (int batch : profiles.application(app)->batch_sizes()) {
            auto reference = profiles.fixed_batch_rate(app, "azure", {1}, batch);
            if (!reference || *reference <= 0)
                continue;
            for (const sim::SiaCluster &cluster : clusters)
                for (int gpus : kSiaGpuCounts)
                    for (bool spread : {false, true}) {
                        if (spread ? gpus < 2 : gpus > cluster.gpus_per_node)
                            continue;
                        auto layout = sim::sia_layout(gpus, cluster.gpus_per_node, spread);
                        auto rate = profiles.fixed_batch_rate(app, cluster.name, layout, batch);
                        if (rate && *rate > 0)
                            data.isolated.push_back(IsolatedSample{sim::sia_job_type(app, batch), cluster.gpu_type,
                                                                   gpus, spread, *rate / *reference});
                    }
        }
    }
}

Candidate candidate_of(const IsolatedSample &sample)
{
    return Candidate{job_of_type(sample.job_type), sample.gpu_type, sample.gpus, sample.spread, {}};
}

Candidate candidate_of(const PairSample &sample)
{
    return Candidate{job_of_type(sample.job_type), sample.gpu_type, sample.gpus, false,
                     {job_of_type(sample.other_type)}};
}

}  // namespace accord::model
