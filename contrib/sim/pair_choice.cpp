// Builds the pair predictor accord-sim was asked for (pair_choice.h).
#include "sim/pair_choice.h"

#include <jansson.h>

#include "model/model_loader.h"
#include "sim/input_error.h"
#include "sim/model_pairs.h"

namespace accord::sim {

std::set<std::string> held_out_pair_types(const std::string &model_path)
{
    std::string path = model_path + ".json";
    json_error_t error;
    json_t *root = json_load_file(path.c_str(), 0, &error);
    if (!root)
        throw InputError(path + ":" + std::to_string(error.line) + ": " + error.text);
    std::set<std::string> types;
    json_t *list = json_object_get(root, "held_out_pair_types");
    bool ok = !list || json_is_array(list);
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item) {
        ok = ok && json_is_string(item);
        if (ok)
            types.insert(json_string_value(item));
    }
    json_decref(root);
    if (!ok)
        throw InputError(path + ": field 'held_out_pair_types' is not an array of job type names");
    return types;
}

ChosenPairs choose_pairs(const SimOptions &o, const SimInputs &in, const JobSpeed &speed)
{
    ChosenPairs chosen;
    if (o.pair_predictor == "oracle") {
        chosen.predictor = std::make_unique<OraclePairs>(speed);
        chosen.note = "accord packs by the measured pairs (oracle)";
        return chosen;
    }
    if (o.pair_predictor == "none") {
        chosen.predictor = std::make_unique<NoInterferencePairs>(speed);
        chosen.note = "accord packs assuming no interference";
        return chosen;
    }
    std::vector<std::string> dirs = o.model_module.empty() ? model::program_module_dirs()
                                                           : std::vector<std::string>{o.model_module};
    std::vector<PairModel> models;
    for (const auto &path : o.models) {
        model::LoadedModel loaded = model::load_model(path, dirs);
        if (!loaded.model)
            throw InputError("--model " + path + ": " + loaded.error);
        chosen.models.push_back(loaded.model);
        models.push_back(PairModel{loaded.model.get(), held_out_pair_types(path)});
    }
    auto predictor = std::make_unique<ModelPairs>(speed, models, pair_domain(in.jobs, in.table));
    chosen.note = "accord packs by the learned model (" + std::to_string(models.size()) + " model(s), " +
                  std::to_string(predictor->pairs()) + " measured pairs predicted)";
    chosen.predictor = std::move(predictor);
    return chosen;
}

}  // namespace accord::sim
