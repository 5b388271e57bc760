// The pair predictor accord-sim's `accord` policy packs by, as
// --pair-predictor, --model and --model-module choose it (pair_predictor.h,
// model_pairs.h). Built once per run; the models stay open while it lives.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "model/throughput_model.h"
#include "sim/pair_predictor.h"
#include "sim/sim_inputs.h"
#include "sim/sim_options.h"

namespace accord::sim {

struct ChosenPairs {
    std::vector<std::shared_ptr<model::ThroughputModel>> models;
    std::unique_ptr<PairPredictor> predictor;
    std::string note;  // what was chosen, one line for stderr
};

// Throws InputError naming the file when a model or its metadata cannot be
// read (the loader's reason: no module, no LibTorch, a bad model file).
ChosenPairs choose_pairs(const SimOptions &options, const SimInputs &inputs, const JobSpeed &speed);

// The job types whose pairs the model `model_path` was trained without: its
// metadata's (`model_path`.json) "held_out_pair_types", empty when absent.
// Throws InputError naming the file on unreadable JSON or a mistyped field.
std::set<std::string> held_out_pair_types(const std::string &model_path);

}  // namespace accord::sim
