#include "sim/alibaba_cluster.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "sim/csv_table.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

// Same chip, same throughput; nothing else is mapped.
const std::map<std::string, std::string> kTableName = {
    {"P100", "p100"}, {"T4", "t4"}, {"V100", "v100"}, {"V100M32", "v100"}};

struct Kept {
    int machines = 0;
    int gpus = 0;
    int first_line = 0;
    std::set<std::string> pai_types;
};

std::string machines_of(int machines, int gpus)
{
    return std::to_string(machines) + " machines of " + std::to_string(gpus) + " GPUs";
}

}  // namespace

ScaledCluster alibaba_cluster_spec(const std::string &path, double scale_down,
                                   const std::vector<std::string> &known_types)
{
    if (!(scale_down >= 1))
        throw std::invalid_argument("scale-down factor must be >= 1");
    CsvTable t = CsvTable::read(path, {"gpu_type", "cap_gpu"});
    std::set<std::string> known(known_types.begin(), known_types.end());
    std::map<std::string, Kept> kept;                       // by table type
    std::map<std::pair<std::string, int>, int> dropped;     // (PAI type, GPUs) -> machines
    for (size_t r = 0; r < t.rows(); r++) {
        const std::string &pai = t.text(r, "gpu_type");
        if (pai.empty())
            t.reject(r, "gpu_type", "is empty");
        int gpus = static_cast<int>(t.whole(r, "cap_gpu", 0, 64));
        auto name = kTableName.find(pai);
        if (gpus == 0 || name == kTableName.end() || !known.count(name->second)) {
            dropped[{pai, gpus}]++;
            continue;
        }
        Kept &k = kept[name->second];
        if (k.machines && k.gpus != gpus)
            t.reject(r, "cap_gpu", "differs from the " + std::to_string(k.gpus) + " GPUs of the " + name->second +
                                     " machine on line " + std::to_string(k.first_line) +
                                     " (a spec type has one node shape)");
        if (!k.machines)
            k.gpus = gpus, k.first_line = t.line(r);
        k.machines++;
        k.pai_types.insert(pai);
    }

    ScaledCluster out;
    for (const auto &[pai_gpus, machines] : dropped) {
        const auto &[pai, gpus] = pai_gpus;
        auto name = kTableName.find(pai);
        std::string why = gpus == 0 ? "no GPUs"
                          : name == kTableName.end()
                              ? "no table name for PAI's GPU model '" + pai + "'"
                              : "the throughput table has no " + name->second;
        out.notes.push_back(pai + ": " + machines_of(machines, gpus) + " dropped: " + why);
    }
    for (const auto &[type, k] : kept) {
        int nodes = std::max(1, static_cast<int>(std::lround(k.machines / scale_down)));
        out.spec += (out.spec.empty() ? "" : ",") + type + ":" + std::to_string(nodes) + "x" + std::to_string(k.gpus);
        std::string from;
        for (const std::string &p : k.pai_types)
            from += (from.empty() ? "" : " + ") + p;
        out.notes.push_back(type + ": " + machines_of(k.machines, k.gpus) + " (" + from + ") -> " +
                            std::to_string(nodes) + " nodes");
    }
    if (kept.empty())
        throw InputError(path + ": no machine has a GPU type the throughput table knows");
    return out;
}

}  // namespace accord::sim
