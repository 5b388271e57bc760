// The model's JSON metadata file (see model_metadata.h).
#include "model/model_metadata.h"

#include <jansson.h>

#include <cmath>
#include <memory>

namespace accord::model {

namespace {

using JsonPtr = std::unique_ptr<json_t, decltype(&json_decref)>;

JsonPtr owned(json_t *json) { return JsonPtr(json, &json_decref); }

[[noreturn]] void refuse(const std::string &path, const std::string &what)
{
    throw ModelFileError(path + ": " + what);
}

json_t *field(json_t *object, const char *name, const std::string &path)
{
    json_t *value = json_object_get(object, name);
    if (!value)
        refuse(path, std::string("no field '") + name + "'");
    return value;
}

int int_field(json_t *object, const char *name, const std::string &path)
{
    json_t *value = field(object, name, path);
    if (!json_is_integer(value))
        refuse(path, std::string("field '") + name + "' is not an integer");
    return static_cast<int>(json_integer_value(value));
}

double positive_field(json_t *object, const char *name, const std::string &where, const std::string &path)
{
    json_t *value = json_object_get(object, name);
    if (!json_is_number(value) || !(json_number_value(value) > 0))
        refuse(path, where + " field '" + name + "' is missing or not a positive number");
    return json_number_value(value);
}

std::string string_field(json_t *object, const char *name, const std::string &path)
{
    json_t *value = field(object, name, path);
    if (!json_is_string(value))
        refuse(path, std::string("field '") + name + "' is not a string");
    return json_string_value(value);
}

std::vector<std::string> strings_field(json_t *object, const char *name, const std::string &path)
{
    json_t *array = field(object, name, path);
    if (!json_is_array(array))
        refuse(path, std::string("field '") + name + "' is not an array");
    std::vector<std::string> out;
    size_t i;
    json_t *item;
    json_array_foreach(array, i, item) {
        if (!json_is_string(item))
            refuse(path, std::string("field '") + name + "' item " + std::to_string(i) + " is not a string");
        out.push_back(json_string_value(item));
    }
    return out;
}

std::map<std::string, GpuDescriptor> gpus_field(json_t *object, const std::string &path)
{
    json_t *gpus = field(object, "gpu_types", path);
    if (!json_is_object(gpus))
        refuse(path, "field 'gpu_types' is not an object");
    std::map<std::string, GpuDescriptor> out;
    const char *name;
    json_t *entry;
    json_object_foreach(gpus, name, entry) {
        std::string where = std::string("gpu_types.") + name;
        out[name] = GpuDescriptor{positive_field(entry, "relative_speed", where, path),
                                  positive_field(entry, "fp32_tflops", where, path),
                                  positive_field(entry, "memory_gb", where, path),
                                  positive_field(entry, "memory_bandwidth_gbs", where, path)};
    }
    return out;
}

// One sample: [family, batch size, ..., value], of `width` items.
json_t *sample_item(json_t *array, size_t width, const std::string &where, const std::string &path)
{
    if (!json_is_array(array) || json_array_size(array) != width)
        refuse(path, where + " is not an array of " + std::to_string(width) + " items");
    return array;
}

Job job_item(json_t *array, size_t at, const std::string &where, const std::string &path)
{
    json_t *family = json_array_get(array, at), *batch = json_array_get(array, at + 1);
    if (!json_is_string(family) || !json_is_integer(batch) || json_integer_value(batch) < 0)
        refuse(path, where + " item " + std::to_string(at) + ": not a family name and a batch size (>= 0)");
    return Job{json_string_value(family), static_cast<int>(json_integer_value(batch))};
}

std::string gpu_item(json_t *array, size_t at, const std::map<std::string, GpuDescriptor> &gpus,
                     const std::string &where, const std::string &path)
{
    json_t *gpu = json_array_get(array, at);
    if (!json_is_string(gpu) || gpus.count(json_string_value(gpu)) == 0)
        refuse(path, where + " item " + std::to_string(at) + ": not one of gpu_types");
    return json_string_value(gpu);
}

int count_item(json_t *array, size_t at, const std::string &where, const std::string &path)
{
    json_t *gpus = json_array_get(array, at);
    if (!json_is_integer(gpus) || json_integer_value(gpus) <= 0 || json_integer_value(gpus) > 4096)
        refuse(path, where + " item " + std::to_string(at) + ": GPU count is not an integer in 1..4096");
    return static_cast<int>(json_integer_value(gpus));
}

double value_item(json_t *array, size_t at, const std::string &where, const std::string &path)
{
    json_t *value = json_array_get(array, at);
    if (!json_is_number(value) || !(json_number_value(value) > 0) || !std::isfinite(json_number_value(value)))
        refuse(path, where + " item " + std::to_string(at) + ": the measured value is not a positive number");
    return json_number_value(value);
}

json_t *neighbour_array(json_t *neighbours, const char *name, const std::string &path)
{
    json_t *array = json_object_get(neighbours, name);
    if (!json_is_array(array))
        refuse(path, std::string("field 'neighbours.") + name + "' is missing or not an array");
    return array;
}

NeighbourSamples neighbours_field(json_t *root, const std::map<std::string, GpuDescriptor> &gpus,
                                  const std::string &path)
{
    json_t *neighbours = field(root, "neighbours", path);
    NeighbourSamples out;
    size_t i;
    json_t *item;
    json_array_foreach(neighbour_array(neighbours, "isolated", path), i, item) {
        std::string where = "neighbours.isolated[" + std::to_string(i) + "]";
        sample_item(item, 6, where, path);
        if (!json_is_boolean(json_array_get(item, 4)))
            refuse(path, where + " item 4: 'spread' is not true or false");
        out.isolated.push_back(NeighbourSamples::Isolated{job_item(item, 0, where, path),
                                                          gpu_item(item, 2, gpus, where, path),
                                                          count_item(item, 3, where, path),
                                                          json_is_true(json_array_get(item, 4)),
                                                          value_item(item, 5, where, path)});
    }
    json_array_foreach(neighbour_array(neighbours, "pairs", path), i, item) {
        std::string where = "neighbours.pairs[" + std::to_string(i) + "]";
        sample_item(item, 7, where, path);
        out.pairs.push_back(NeighbourSamples::Pair{job_item(item, 0, where, path), job_item(item, 2, where, path),
                                                   gpu_item(item, 4, gpus, where, path),
                                                   count_item(item, 5, where, path), value_item(item, 6, where, path)});
    }
    return out;
}

double share_field(json_t *object, const char *name, const std::string &where, const std::string &path)
{
    json_t *value = json_object_get(object, name);
    if (!json_is_number(value) || !(json_number_value(value) >= 0 && json_number_value(value) <= 1))
        refuse(path, where + " field '" + name + "' is missing or not a share in [0, 1]");
    return json_number_value(value);
}

CorrectionGate gate_field(json_t *correction, const char *head, const std::string &path)
{
    std::string where = std::string("network.correction.") + head;
    json_t *gate = json_object_get(correction, head);
    if (!json_is_object(gate))
        refuse(path, "field '" + where + "' is missing or not an object");
    return CorrectionGate{share_field(gate, "family", where, path), share_field(gate, "nearest", where, path),
                          share_field(gate, "declared", where, path)};
}

// Absent in a file written before there was a choice of target: those
// shrank toward the training pairs' mean.
PairShrinkTarget target_field(json_t *correction, const std::string &path)
{
    json_t *value = json_object_get(correction, "declared_pair_target");
    if (!value)
        return PairShrinkTarget::kTrainingMean;
    if (!json_is_string(value))
        refuse(path, "network.correction field 'declared_pair_target' is not a string");
    try {
        return target_of(json_string_value(value));
    } catch (const std::invalid_argument &e) {
        refuse(path, std::string("network.correction: ") + e.what());
    }
}

json_t *gates_json(const CorrectionGates &g)
{
    return json_pack("{s:{s:f, s:f, s:f}, s:{s:f, s:f, s:f}, s:f, s:s}", "relative", "family", g.relative.family,
                     "nearest", g.relative.nearest, "declared", g.relative.declared, "slowdown", "family",
                     g.slowdown.family, "nearest", g.slowdown.nearest, "declared", g.slowdown.declared,
                     "declared_pair_shrink", g.declared_pair_shrink, "declared_pair_target",
                     target_name(g.declared_pair_target));
}

json_t *neighbours_json(const NeighbourSamples &n)
{
    json_t *isolated = json_array(), *pairs = json_array();
    for (const auto &s : n.isolated)
        json_array_append_new(isolated, json_pack("[s, i, s, i, b, f]", s.job.family.c_str(), s.job.batch_size,
                                                  s.gpu_type.c_str(), s.gpus, s.spread, s.relative));
    for (const auto &s : n.pairs)
        json_array_append_new(pairs, json_pack("[s, i, s, i, s, i, f]", s.job.family.c_str(), s.job.batch_size,
                                               s.other.family.c_str(), s.other.batch_size, s.gpu_type.c_str(), s.gpus,
                                               s.slowdown));
    return json_pack("{s:o, s:o}", "isolated", isolated, "pairs", pairs);
}

json_t *strings_json(const std::vector<std::string> &items)
{
    json_t *array = json_array();
    for (const std::string &s : items)
        json_array_append_new(array, json_string(s.c_str()));
    return array;
}

json_t *gpus_json(const std::map<std::string, GpuDescriptor> &gpus)
{
    json_t *object = json_object();
    for (const auto &[name, d] : gpus)
        json_object_set_new(object, name.c_str(),
                            json_pack("{s:f, s:f, s:f, s:f}", "relative_speed", d.relative_speed, "fp32_tflops",
                                      d.fp32_tflops, "memory_gb", d.memory_gb, "memory_bandwidth_gbs",
                                      d.memory_bandwidth_gbs));
    return object;
}

}  // namespace

std::string metadata_path(const std::string &model_path) { return model_path + ".json"; }

ModelMetadata read_metadata(const std::string &path)
{
    json_error_t error;
    JsonPtr root = owned(json_load_file(path.c_str(), 0, &error));
    if (!root)
        refuse(path, "line " + std::to_string(error.line) + ": " + error.text);
    if (!json_is_object(root.get()))
        refuse(path, "not a JSON object");
    ModelMetadata m;
    m.schema_version = int_field(root.get(), "schema_version", path);
    if (m.schema_version != kSchemaVersion)
        refuse(path, "feature schema version " + std::to_string(m.schema_version) + ", this build reads version " +
                         std::to_string(kSchemaVersion) + "; retrain with this accord-train");
    m.reference_gpu_type = string_field(root.get(), "reference_gpu_type", path);
    m.families = strings_field(root.get(), "families", path);
    m.gpu_types = gpus_field(root.get(), path);
    m.neighbours = neighbours_field(root.get(), m.gpu_types, path);
    json_t *network = field(root.get(), "network", path);
    m.hidden = int_field(network, "hidden", path);
    m.members = int_field(network, "members", path);
    if (m.hidden <= 0 || m.members <= 0)
        refuse(path, "network.hidden and network.members must be positive");
    m.seed = static_cast<uint64_t>(int_field(network, "seed", path));
    m.steps = int_field(network, "steps", path);
    json_t *correction = field(network, "correction", path);
    m.gates = CorrectionGates{gate_field(correction, "relative", path), gate_field(correction, "slowdown", path),
                              share_field(correction, "declared_pair_shrink", "network.correction", path),
                              target_field(correction, path)};
    m.training_data = strings_field(root.get(), "training_data", path);
    if (json_object_get(root.get(), "held_out_pair_types"))
        m.held_out_pair_types = strings_field(root.get(), "held_out_pair_types", path);
    if (json_object_get(root.get(), "held_out_types"))
        m.held_out_types = strings_field(root.get(), "held_out_types", path);
    if (m.gpu_types.count(m.reference_gpu_type) == 0)
        refuse(path, "reference_gpu_type '" + m.reference_gpu_type + "' is not one of gpu_types");
    return m;
}

void write_metadata(const ModelMetadata &m, const std::string &path)
{
    json_error_t error;
    json_t *evaluation = json_loads(m.evaluation_json.c_str(), 0, &error);
    JsonPtr root = owned(json_pack(
        "{s:i, s:s, s:o, s:o, s:o, s:{s:i, s:i, s:I, s:i, s:o}, s:o, s:{s:i, s:i}, s:o}", "schema_version",
        m.schema_version, "reference_gpu_type", m.reference_gpu_type.c_str(), "families", strings_json(m.families),
        "gpu_types", gpus_json(m.gpu_types), "neighbours", neighbours_json(m.neighbours), "network", "hidden", m.hidden, "members", m.members, "seed",
        static_cast<json_int_t>(m.seed), "steps", m.steps, "correction", gates_json(m.gates), "training_data", strings_json(m.training_data),
        "samples", "isolated", m.isolated_samples, "pairs", m.pair_samples, "evaluation",
        evaluation ? evaluation : json_object()));
    if (root && !m.held_out_pair_types.empty())
        json_object_set_new(root.get(), "held_out_pair_types", strings_json(m.held_out_pair_types));
    if (root && !m.held_out_types.empty())
        json_object_set_new(root.get(), "held_out_types", strings_json(m.held_out_types));
    if (!root || json_dump_file(root.get(), path.c_str(), JSON_INDENT(2) | JSON_SORT_KEYS) != 0)
        refuse(path, "cannot write the metadata file");
}

}  // namespace accord::model
