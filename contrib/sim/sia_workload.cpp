#include "sim/sia_workload.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "sim/csv_table.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

constexpr int kMostGpus = 64;  // Pollux's and Sia's max_replicas cap

std::string joined(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string batch_list(const SiaApplication &app)
{
    std::string out;
    for (int b : app.batch_sizes())
        out += (out.empty() ? "" : ", ") + std::to_string(b);
    return out;
}

TraceJob read_job(const CsvTable &t, size_t row, const SiaProfiles &profiles, const SiaWorkloadOptions &options)
{
    if (t.text(row, "name").empty())
        t.reject(row, "name", "is empty");
    TraceJob job;
    job.line = t.line(row);
    job.arrival_s = t.number(row, "time", 0);
    const std::string &name = t.text(row, "application");
    const SiaApplication *app = profiles.application(name);
    if (!app)
        t.reject(row, "application", "is not a profiled application (" + joined(profiles.application_names()) + ")");
    job.scale_factor = static_cast<int>(t.whole(row, "num_replicas", 1, INT_MAX));
    int batch = static_cast<int>(t.whole(row, "batch_size", 1, INT_MAX));
    bool fixed = options.batch == SiaBatch::fixed;
    if (fixed && !app->iterations(batch))
        t.reject(row, "batch_size", "is not a validated batch size of " + name + " (" + batch_list(*app) + ")");
    job.job_type = fixed ? sia_job_type(name, batch) : name;
    job.total_steps = static_cast<uint64_t>(std::llround(app->total_progress()));
    if (options.elastic) {
        job.min_gpus = 1;
        job.max_gpus = sia_max_gpus(profiles, name, fixed ? batch : app->max_batch_size());
    }
    return job;
}

}  // namespace

int sia_max_gpus(const SiaProfiles &profiles, const std::string &application, int batch_size)
{
    if (application == "ncf")
        return 1;
    return std::clamp(batch_size / profiles.min_local_bsz(application), 1, kMostGpus);
}

std::vector<TraceJob> read_sia_workload(const std::string &path, const SiaProfiles &profiles,
                                        const SiaWorkloadOptions &options)
{
    CsvTable t = CsvTable::read(path, {"name", "time", "application", "num_replicas", "batch_size"});
    if (t.rows() == 0)
        throw InputError(path + ": no jobs");
    std::vector<TraceJob> jobs;
    jobs.reserve(t.rows());
    for (size_t row = 0; row < t.rows(); row++)
        jobs.push_back(read_job(t, row, profiles, options));
    return jobs;
}

}  // namespace accord::sim
