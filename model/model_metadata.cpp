// The model's JSON metadata file (see model_metadata.h).
#include "model/model_metadata.h"

#include <jansson.h>

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
    json_t *network = field(root.get(), "network", path);
    m.hidden = int_field(network, "hidden", path);
    m.members = int_field(network, "members", path);
    if (m.hidden <= 0 || m.members <= 0)
        refuse(path, "network.hidden and network.members must be positive");
    m.seed = static_cast<uint64_t>(int_field(network, "seed", path));
    m.steps = int_field(network, "steps", path);
    m.training_data = strings_field(root.get(), "training_data", path);
    if (json_object_get(root.get(), "held_out_pair_types"))
        m.held_out_pair_types = strings_field(root.get(), "held_out_pair_types", path);
    if (m.gpu_types.count(m.reference_gpu_type) == 0)
        refuse(path, "reference_gpu_type '" + m.reference_gpu_type + "' is not one of gpu_types");
    return m;
}

void write_metadata(const ModelMetadata &m, const std::string &path)
{
    json_error_t error;
    json_t *evaluation = json_loads(m.evaluation_json.c_str(), 0, &error);
    JsonPtr root = owned(json_pack(
        "{s:i, s:s, s:o, s:o, s:{s:i, s:i, s:I, s:i}, s:o, s:{s:i, s:i}, s:o}", "schema_version", m.schema_version,
        "reference_gpu_type", m.reference_gpu_type.c_str(), "families", strings_json(m.families), "gpu_types",
        gpus_json(m.gpu_types), "network", "hidden", m.hidden, "members", m.members, "seed",
        static_cast<json_int_t>(m.seed), "steps", m.steps, "training_data", strings_json(m.training_data),
        "samples", "isolated", m.isolated_samples, "pairs", m.pair_samples, "evaluation",
        evaluation ? evaluation : json_object()));
    if (root && !m.held_out_pair_types.empty())
        json_object_set_new(root.get(), "held_out_pair_types", strings_json(m.held_out_pair_types));
    if (!root || json_dump_file(root.get(), path.c_str(), JSON_INDENT(2) | JSON_SORT_KEYS) != 0)
        refuse(path, "cannot write the metadata file");
}

}  // namespace accord::model
