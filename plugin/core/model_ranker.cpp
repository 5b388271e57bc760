#include "core/model_ranker.h"

#include <set>
#include <vector>

#include "core/exploring_ranker.h"
#include "core/measured_speed_ranker.h"
#include "model/job_type_name.h"

namespace accord::core {

namespace {

std::set<std::string> queued_families(const core::ClusterSnapshot &snapshot)
{
    std::set<std::string> families;
    for (const auto &job : snapshot.queue)
        if (job.gpus.any() && !job.family.empty())
            families.insert(job.family);
    return families;
}

std::set<std::string> cluster_gpu_types(const core::ClusterSnapshot &snapshot)
{
    std::set<std::string> types;
    for (const auto &node : snapshot.nodes)
        for (const auto &[type, count] : node.capacity.gpus)
            if (count > 0 && !type.empty())
                types.insert(type);
    return types;
}

double table_scale(const model::ThroughputModel &model, const std::map<std::string, double> &table)
{
    auto reference = table.find(model.reference_gpu_type());
    return reference == table.end() ? 1.0 : reference->second;
}

}  // namespace

FamilyPredictions predict_families(const model::ThroughputModel &model, const std::set<std::string> &families,
                                   const std::set<std::string> &types, const std::map<std::string, double> &table)
{
    std::vector<std::pair<std::string, std::string>> keys;  // (family, type) of each candidate
    std::vector<model::Candidate> candidates;
    for (const auto &family : families)
        for (const auto &type : types) {
            model::Candidate c;
            c.job = model::job_of_type(family);  // "ResNet-50 (batch size 64)" or a bare family
            c.gpu_type = type;
            keys.emplace_back(family, type);
            candidates.push_back(std::move(c));
        }
    FamilyPredictions predicted;
    if (candidates.empty())
        return predicted;
    std::vector<model::Prediction> out(candidates.size());
    model.predict(candidates.data(), candidates.size(), out.data());
    double scale = table_scale(model, table);
    for (size_t i = 0; i < out.size(); i++)
        if (out[i].valid && out[i].family_known && out[i].gpu_known && out[i].relative_throughput > 0) {
            predicted.speeds[keys[i].first][keys[i].second] = out[i].relative_throughput * scale;
            predicted.spreads[keys[i].first][keys[i].second] = out[i].uncertainty;
        }
    return predicted;
}

FamilyPredictions predict_family_speeds(const model::ThroughputModel &model, const core::ClusterSnapshot &snapshot,
                                        const std::map<std::string, double> &table)
{
    return predict_families(model, queued_families(snapshot), cluster_gpu_types(snapshot), table);
}

std::unique_ptr<core::GpuTypeRanker> cycle_ranker(const model::ThroughputModel *model, const std::string &model_name,
                                                  const core::ObservedSpeeds &observed,
                                                  const core::ClusterSnapshot &snapshot,
                                                  const std::map<std::string, double> &table,
                                                  double explore_bound)
{
    std::unique_ptr<core::GpuTypeRanker> prior;
    std::shared_ptr<const core::ModelUncertainty> uncertainty;
    if (model) {
        FamilyPredictions predicted = predict_family_speeds(*model, snapshot, table);
        prior = std::make_unique<core::FamilySpeedRanker>(std::move(predicted.speeds), table,
                                                          model_name + "'s predicted throughput");
        uncertainty = std::make_shared<const core::ModelUncertainty>(predicted.spreads);
    } else {
        prior = std::make_unique<core::SpeedTableRanker>(table);
    }
    if (observed.empty())
        return prior;
    auto learned = std::make_unique<core::MeasuredSpeedRanker>(std::move(prior), observed);
    if (explore_bound <= 0)
        return learned;
    return std::make_unique<core::ExploringRanker>(std::move(learned), observed, snapshot, explore_bound,
                                                   std::move(uncertainty));
}

}  // namespace accord::core
