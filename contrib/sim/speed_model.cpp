#include "sim/speed_model.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "model/model_loader.h"
#include "sim/input_error.h"
#include "core/model_ranker.h"

namespace accord::sim {

namespace {

std::set<std::string> cluster_gpu_types(const std::vector<core::Node> &nodes)
{
    std::set<std::string> types;
    for (const auto &node : nodes)
        for (const auto &[type, count] : node.capacity.gpus)
            if (count > 0)
                types.insert(type);
    return types;
}

// "N (job type, GPU type) pairs rated, ensemble spread min/median/max".
std::string spread_note(const core::ModelUncertainty::Spreads &spreads)
{
    std::vector<double> all;
    for (const auto &[family, types] : spreads)
        for (const auto &[type, spread] : types)
            all.push_back(spread);
    if (all.empty())
        return "it rates no (job type, GPU type) pair of the run";
    std::sort(all.begin(), all.end());
    char text[160];
    std::snprintf(text, sizeof text,
                  "%zu (job type, GPU type) pairs rated, ensemble spread %.3g / %.3g / %.3g (min / median / max)",
                  all.size(), all.front(), all[all.size() / 2], all.back());
    return text;
}

}  // namespace

std::unique_ptr<SpeedModel> load_speed_model(const SimOptions &o, const SimInputs &in)
{
    if (o.speed_model.empty())
        return nullptr;
    std::vector<std::string> dirs = o.model_module.empty() ? model::program_module_dirs()
                                                           : std::vector<std::string>{o.model_module};
    model::LoadedModel loaded = model::load_model(o.speed_model, dirs);
    if (!loaded.model)
        throw InputError("--speed-model " + o.speed_model + ": " + loaded.error);
    std::set<std::string> job_types;
    for (const auto &job : in.jobs)
        job_types.insert(job.job_type);
    core::FamilyPredictions predicted =
        core::predict_families(*loaded.model, job_types, cluster_gpu_types(in.nodes), o.gpu_speed);
    auto chosen = std::make_unique<SpeedModel>();
    chosen->note = "Accord's event policies rank by " + o.speed_model + ": " + spread_note(predicted.spreads);
    chosen->speeds = std::move(predicted.speeds);
    if (!o.flat_explore)
        chosen->uncertainty = std::make_shared<const core::ModelUncertainty>(predicted.spreads);
    chosen->source = "learned model " + o.speed_model + "'s predicted throughput";
    return chosen;
}

}  // namespace accord::sim
