// Pair rates from the learned model, predicted once (model_pairs.h).
#include "sim/model_pairs.h"

#include <stdexcept>

#include "model/job_type_name.h"

namespace accord::sim {

namespace {

// The first model that held out either job type, else the first.
size_t model_for(const std::vector<PairModel> &models, const std::string &a, const std::string &b)
{
    for (size_t m = 0; m < models.size(); m++)
        if (models[m].held_out_types.count(a) || models[m].held_out_types.count(b))
            return m;
    return 0;
}

struct Asked {
    std::tuple<std::string, std::string, std::string, int> key;
    double alone_a = 0, alone_b = 0;
};

}  // namespace

PairDomain pair_domain(const std::vector<TraceJob> &jobs, const ThroughputTable &table)
{
    PairDomain domain;
    for (const auto &type : table.gpu_types())
        domain.gpu_types.insert(type);
    for (const auto &job : jobs) {
        domain.job_types.insert(job.job_type);
        int lo = job.min_gpus > 0 ? job.min_gpus : job.scale_factor;
        int hi = job.max_gpus > 0 ? job.max_gpus : job.scale_factor;
        for (int gpus = lo; gpus <= hi; gpus++)
            domain.gpu_counts.insert(gpus);
    }
    return domain;
}

ModelPairs::ModelPairs(const JobSpeed &speed, const std::vector<PairModel> &models, const PairDomain &domain)
{
    if (models.empty())
        throw std::invalid_argument("the model pair predictor needs at least one model");
    // Per model: the pairs it predicts, and two candidates per pair (each
    // job next to the other).
    std::vector<std::vector<Asked>> asked(models.size());
    std::vector<std::vector<model::Candidate>> candidates(models.size());
    for (const auto &gpu_type : domain.gpu_types)
        for (int gpus : domain.gpu_counts)
            for (const auto &a : domain.job_types)
                for (const auto &b : domain.job_types) {
                    if (!speed.colocated(gpu_type, a, b, gpus))
                        continue;
                    auto alone_a = speed.steps_per_second(gpu_type, a, gpus, false);
                    auto alone_b = speed.steps_per_second(gpu_type, b, gpus, false);
                    if (!alone_a || !alone_b)
                        continue;
                    size_t m = model_for(models, a, b);
                    model::Job job_a = model::job_of_type(a), job_b = model::job_of_type(b);
                    asked[m].push_back(Asked{{gpu_type, a, b, gpus}, *alone_a, *alone_b});
                    candidates[m].push_back(model::Candidate{job_a, gpu_type, gpus, false, {job_b}});
                    candidates[m].push_back(model::Candidate{job_b, gpu_type, gpus, false, {job_a}});
                }
    for (size_t m = 0; m < models.size(); m++) {
        if (candidates[m].empty())
            continue;
        std::vector<model::Prediction> out(candidates[m].size());
        models[m].model->predict(candidates[m].data(), candidates[m].size(), out.data());
        for (size_t p = 0; p < asked[m].size(); p++) {
            const model::Prediction &pa = out[2 * p], &pb = out[2 * p + 1];
            if (pa.valid && pb.valid)  // a GPU type the model cannot judge: never packed
                rates_[asked[m][p].key] = {asked[m][p].alone_a * pa.slowdown, asked[m][p].alone_b * pb.slowdown};
        }
    }
}

std::optional<std::pair<double, double>> ModelPairs::rates(const std::string &gpu_type, const std::string &job_type,
                                                           const std::string &other_type, int gpus) const
{
    auto it = rates_.find(Key{gpu_type, job_type, other_type, gpus});
    if (it == rates_.end())
        return std::nullopt;
    return it->second;
}

}  // namespace accord::sim
