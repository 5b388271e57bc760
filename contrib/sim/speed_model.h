// The learned model as the Accord event policies' prior (accord-sim
// --speed-model): they rank GPU types by its predicted throughput, the
// --gpu-speed table for what it does not rate, as the plugin does with
// accord_model; with --explore, its ensemble spread scales exploration
// (core/model_uncertainty.h) unless --flat-explore. Every (job type, GPU
// type) of the run is predicted once, through the plugin's own batched
// call (core/model_ranker.h: predict_families), so cycles only look up.
#pragma once

#include <memory>
#include <string>

#include "core/gpu_type_ranker.h"
#include "core/model_uncertainty.h"
#include "sim/sim_inputs.h"
#include "sim/sim_options.h"

namespace accord::sim {

struct SpeedModel {
    core::FamilySpeedRanker::FamilySpeeds speeds;
    std::shared_ptr<const core::ModelUncertainty> uncertainty;  // null with --flat-explore
    std::string source;                                         // "learned model FILE's predicted throughput"
    std::string note;  // how many pairs it rates and their spreads, one line for stderr
};

// Null without --speed-model. Throws InputError naming the file when the
// model cannot be opened (the loader's reason).
std::unique_ptr<SpeedModel> load_speed_model(const SimOptions &options, const SimInputs &inputs);

}  // namespace accord::sim
