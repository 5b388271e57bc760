#include "model/sample_rows.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <map>
#include <stdexcept>

#include "core/observed_speeds.h"
#include "core/sample_store.h"
#include "model/baselines.h"
#include "model/feature_schema.h"
#include "model/job_type_name.h"

namespace accord::model {

namespace {

// The data's spelling of each family, by family_key.
std::map<std::string, std::string> data_families(const TrainingData &data)
{
    std::map<std::string, std::string> spelling;
    for (const std::string &type : data.job_types()) {
        std::string family = job_of_type(type).family;
        spelling.try_emplace(family_key(family), family);
    }
    return spelling;
}

// One family's rows: its speeds per GPU on the data's types, scaled by one
// factor to the neighbour estimates there.
void add_family(const std::string &family, const std::map<std::string, double> &speeds,
                const std::vector<std::string> &gpu_types, const Baselines &prior, SampleRows &out)
{
    std::vector<IsolatedSample> rows;
    double log_scale = 0;
    for (const auto &[type, per_gpu] : speeds) {
        if (!std::binary_search(gpu_types.begin(), gpu_types.end(), type)) {
            out.notes.push_back("samples of family " + family + " on GPU type " + type +
                                " are not used: no training row has that type");
            continue;
        }
        IsolatedSample row{family, type, 1, false, per_gpu};
        log_scale += std::log(per_gpu / prior.nearest_relative(row));
        rows.push_back(row);
    }
    double scale = rows.empty() ? 1 : std::exp(log_scale / static_cast<double>(rows.size()));
    for (IsolatedSample &row : rows) {
        row.relative /= scale;
        out.rows.push_back(row);
    }
}

std::string joined(const std::vector<std::string> &paths)
{
    std::string text;
    for (const std::string &path : paths)
        text += (text.empty() ? "" : ", ") + path;
    return text;
}

}  // namespace

SampleRows sample_rows(const std::vector<core::ThroughputSample> &samples, const TrainingData &data)
{
    std::map<std::string, std::string> spelling = data_families(data);
    core::ObservedSpeeds observed;
    std::vector<std::string> families;  // as spelt for the rows, in the order first seen
    for (core::ThroughputSample sample : samples) {
        if (sample.family.empty())
            continue;
        const std::string &family = spelling.try_emplace(family_key(sample.family), sample.family).first->second;
        if (std::find(families.begin(), families.end(), family) == families.end())
            families.push_back(family);
        sample.family = family;
        observed.add(sample);
    }
    SampleRows out;
    std::vector<std::string> gpu_types = data.gpu_types();
    Baselines prior(data);
    for (const std::string &family : families) {
        std::map<std::string, double> speeds = observed.by_type(family);
        if (speeds.empty())
            out.notes.push_back("samples of family " + family +
                                " are not used: none holds GPUs of one type (or the family aged out)");
        add_family(family, speeds, gpu_types, prior, out);
    }
    return out;
}

std::vector<std::string> add_throughput_samples(const std::vector<std::string> &paths, TrainingData &data)
{
    core::SampleLog log;
    for (const std::string &path : paths) {
        struct stat st {};
        if (stat(path.c_str(), &st) != 0)
            throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
        core::read_sample_file(path, log);
        if (!log.error.empty())
            throw std::runtime_error(log.error);
    }
    if (log.samples.empty())
        throw std::runtime_error("no valid sample line in " + joined(paths) +
                                 (log.skipped ? " (" + log.first_problem + ")" : ""));
    SampleRows rows = sample_rows(log.samples, data);
    std::vector<std::string> notes;
    if (log.skipped)
        notes.push_back(std::to_string(log.skipped) + " sample line(s) skipped, the first: " + log.first_problem);
    notes.insert(notes.end(), rows.notes.begin(), rows.notes.end());
    data.isolated.insert(data.isolated.end(), rows.rows.begin(), rows.rows.end());
    data.sources.insert(data.sources.end(), paths.begin(), paths.end());
    return notes;
}

}  // namespace accord::model
