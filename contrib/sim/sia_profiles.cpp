#include "sim/sia_profiles.h"

#include <algorithm>
#include <climits>
#include <set>
#include <sstream>

#include "sim/input_error.h"

namespace accord::sim {

const std::vector<SiaCluster> &sia_clusters()
{
    static const std::vector<SiaCluster> clusters = {
        {"aws", "t4", 4},         {"azure", "v100", 8}, {"dgx", "a100", 8},
        {"dgx-ext", "a100", 8},   {"quad", "quadro", 4}, {"rtx", "rtx2080ti", 8},
    };
    return clusters;
}

std::vector<SiaCluster> parse_sia_clusters(const std::string &spec)
{
    std::vector<SiaCluster> out;
    std::set<std::string> names, types;
    std::stringstream in(spec);
    std::string item;
    while (std::getline(in, item, ',')) {
        auto eq = item.find('=');
        std::string name = item.substr(0, eq);
        auto known = std::find_if(sia_clusters().begin(), sia_clusters().end(),
                                  [&](const SiaCluster &c) { return c.name == name; });
        if (known == sia_clusters().end())
            throw InputError("Sia cluster '" + name + "' (item '" + item +
                             "'): expected aws, azure, dgx, dgx-ext, quad or rtx");
        SiaCluster c = *known;
        if (eq != std::string::npos)
            c.gpu_type = item.substr(eq + 1);
        if (c.gpu_type.empty())
            throw InputError("Sia cluster item '" + item + "': empty GPU type name");
        if (!names.insert(c.name).second)
            throw InputError("Sia cluster '" + c.name + "' named twice");
        if (!types.insert(c.gpu_type).second)
            throw InputError("GPU type '" + c.gpu_type + "' given to two Sia clusters; name one "
                                                         "of them, e.g. dgx=a100_dgx");
        out.push_back(c);
    }
    if (out.empty())
        throw InputError("Sia cluster list '" + spec + "' names no cluster");
    return out;
}

const std::vector<std::string> &sia_applications()
{
    static const std::vector<std::string> apps = {"bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3"};
    return apps;
}

std::string sia_job_type(const std::string &application, int batch_size)
{
    return application + " (batch size " + std::to_string(batch_size) + ")";
}

double sia_slowdown(const std::string &application)
{
    static const std::map<std::string, double> slowdowns = {
        {"cifar10", 1.8}, {"imagenet", 1.2}, {"yolov3", 1.2}, {"bert", 1.2}, {"deepspeech2", 1.2}, {"ncf", 1.5},
    };
    auto it = slowdowns.find(application);
    return it == slowdowns.end() ? 1.0 : it->second;
}

std::vector<int> sia_layout(int gpus, int gpus_per_node, bool spread)
{
    if (!spread)
        return {gpus};
    int nodes = std::max(2, (gpus + gpus_per_node - 1) / gpus_per_node);
    std::vector<int> layout(nodes, gpus / nodes);
    for (int i = 0; i < gpus % nodes; i++)
        layout[nodes - 1 - i]++;
    return layout;
}

SiaProfiles SiaProfiles::load(const std::string &profiles_dir, const std::vector<SiaCluster> &clusters,
                              const std::vector<std::string> &applications)
{
    SiaProfiles p;
    std::set<std::string> types;
    for (const SiaCluster &c : clusters)
        if (!types.insert(c.gpu_type).second)
            throw InputError("GPU type '" + c.gpu_type + "' given to two Sia clusters");
    p.clusters_ = clusters;
    for (const std::string &name : applications) {
        std::string dir = profiles_dir + "/" + name;
        p.applications_.emplace(name, SiaApplication::read(dir));
        for (const SiaCluster &c : clusters)
            p.times_.emplace(std::make_pair(name, c.name), SiaStepTimes::read(dir, c.name));
    }
    return p;
}

std::optional<double> SiaProfiles::fixed_batch_rate(const std::string &application, const std::string &cluster,
                                                    const std::vector<int> &layout, int batch_size) const
{
    auto app = applications_.find(application);
    auto times = times_.find({application, cluster});
    if (app == applications_.end() || times == times_.end())
        return std::nullopt;
    auto steps = app->second.iterations(batch_size);
    auto step_s = times->second.iteration_s(layout, batch_size, app->second.init_batch_size(),
                                            app->second.max_batch_size());
    if (!steps || !step_s)
        return std::nullopt;
    return app->second.total_progress() / (*steps * *step_s);
}

namespace {

using Rates = std::map<std::pair<int, bool>, double>;  // (GPUs, spread) -> progress/s

bool is_layout(int gpus, bool spread, int gpus_per_node)
{
    return spread ? gpus >= 2 : gpus <= gpus_per_node;
}

// Sets every layout of 1..max_gpus GPUs: the covered rate, else the fastest
// covered one with at most as many GPUs (GPUs never profiled add no speed).
void set_with_plateau(ThroughputTable &table, const SiaCluster &cluster, const std::string &job_type,
                      const Rates &covered)
{
    double fastest = 0;
    for (int gpus = 1; gpus <= cluster.max_gpus; gpus++) {
        for (bool spread : {false, true}) {
            auto it = covered.find({gpus, spread});
            if (it != covered.end())
                fastest = std::max(fastest, it->second);
        }
        for (bool spread : {false, true}) {
            if (!is_layout(gpus, spread, cluster.gpus_per_node))
                continue;
            auto it = covered.find({gpus, spread});
            double rate = it != covered.end() ? it->second : fastest;
            if (rate > 0)
                table.set_isolated(cluster.gpu_type, job_type, gpus, spread, rate);
        }
    }
}

}  // namespace

void SiaProfiles::add_entries(ThroughputTable &table, const SiaCluster &cluster, const SiaApplication &app,
                              bool calibrated) const
{
    double divisor = calibrated ? sia_slowdown(app.name()) : 1.0;
    std::map<std::string, Rates> by_type;
    for (int gpus = 1; gpus <= cluster.max_gpus; gpus++)
        for (bool spread : {false, true}) {
            if (!is_layout(gpus, spread, cluster.gpus_per_node))
                continue;
            std::vector<int> layout = sia_layout(gpus, cluster.gpus_per_node, spread);
            for (int batch : app.batch_sizes())
                if (auto rate = fixed_batch_rate(app.name(), cluster.name, layout, batch)) {
                    by_type[sia_job_type(app.name(), batch)][{gpus, spread}] = *rate / divisor;
                    double &best = by_type[app.name()][{gpus, spread}];
                    best = std::max(best, *rate / divisor);
                }
        }
    for (const auto &[job_type, rates] : by_type)
        set_with_plateau(table, cluster, job_type, rates);
}

ThroughputTable SiaProfiles::throughput_table(bool calibrated) const
{
    ThroughputTable table;
    for (const SiaCluster &c : clusters_)
        for (const auto &app : applications_)
            add_entries(table, c, app.second, calibrated);
    return table;
}

const SiaApplication *SiaProfiles::application(const std::string &name) const
{
    auto it = applications_.find(name);
    return it == applications_.end() ? nullptr : &it->second;
}

int SiaProfiles::min_local_bsz(const std::string &application) const
{
    int smallest = INT_MAX;
    for (const auto &[key, times] : times_)
        if (key.first == application)
            smallest = std::min(smallest, times.min_local_bsz());
    return smallest;
}

std::vector<std::string> SiaProfiles::application_names() const
{
    std::vector<std::string> names;
    for (const auto &app : applications_)
        names.push_back(app.first);
    return names;
}

}  // namespace accord::sim
