// ModelMetadata: the JSON file beside a model file (<model>.json, written
// with jansson): feature schema version, reference GPU type, the families
// and GPU types (with their descriptors) the model knows, the network's
// shape and correction gates, the training samples its stacking estimates
// are computed from, the training data used and the evaluation results.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/correction_gate.h"
#include "model/ensemble.h"
#include "model/neighbour_estimates.h"
#include "model/throughput_model.h"

namespace accord::model {

struct ModelMetadata {
    int schema_version = kSchemaVersion;
    std::string reference_gpu_type;
    std::vector<std::string> families;
    std::map<std::string, GpuDescriptor> gpu_types;
    NeighbourSamples neighbours;
    int hidden = 0;
    int members = 0;
    uint64_t seed = 0;
    int steps = 0;
    CorrectionGates gates;
    std::vector<std::string> training_data;
    int isolated_samples = 0;
    int pair_samples = 0;
    std::vector<std::string> held_out_pair_types;  // none of their pairs trained on (absent: none)
    std::vector<std::string> held_out_types;       // job types or families not trained on at all (absent: none)
    std::string evaluation_json = "{}";  // a JSON object, stored as is
};

// Throws ModelFileError naming the file and the field on a missing or
// unreadable file, bad JSON, a missing or mistyped field, or a schema
// version other than kSchemaVersion.
ModelMetadata read_metadata(const std::string &path);
void write_metadata(const ModelMetadata &metadata, const std::string &path);

std::string metadata_path(const std::string &model_path);

}  // namespace accord::model
