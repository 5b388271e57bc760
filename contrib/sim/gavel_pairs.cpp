#include "sim/gavel_pairs.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace accord::sim {

namespace {

// Jobs of one job type and scale factor have the same speeds everywhere.
using JobClass = std::pair<std::string, int>;

struct PairSpeeds {
    std::vector<double> first, second;  // per pool; 0 = no candidate there
    double gain = 0;                    // best sum of normalised speeds
};

std::optional<std::pair<double, double>> measured(const JobSpeed &speed, const std::string &gpu_type,
                                                  const std::string &a, const std::string &b,
                                                  int gpus)
{
    if (auto m = speed.colocated(gpu_type, a, b, gpus))
        return m;
    if (auto m = speed.colocated(gpu_type, b, a, gpus))
        return std::make_pair(m->second, m->first);
    return std::nullopt;
}

PairSpeeds pair_speeds(const GavelInstance &inst, const JobSpeed &speed, const GavelJob &a,
                       const GavelJob &b)
{
    PairSpeeds out;
    out.first.assign(inst.pools.size(), 0.0);
    out.second.assign(inst.pools.size(), 0.0);
    for (size_t k = 0; k < inst.pools.size(); k++) {
        const GpuPool &pool = inst.pools[k];
        if (a.gpus > pool.gpus_per_node || a.alone[k] <= 0 || b.alone[k] <= 0)
            continue;
        auto m = measured(speed, pool.type, a.job_type, b.job_type, a.gpus);
        if (!m)
            continue;
        double gain = m->first / a.alone[k] + m->second / b.alone[k];
        if (gain <= 1)
            continue;
        out.first[k] = m->first;
        out.second[k] = m->second;
        out.gain = std::max(out.gain, gain);
    }
    return out;
}

}  // namespace

std::vector<GavelEntry> candidate_pairs(const GavelInstance &inst, const JobSpeed &speed,
                                        int partners_per_job)
{
    std::map<JobClass, std::vector<size_t>> members;  // positions, in job order
    std::vector<size_t> rank(inst.jobs.size());
    for (size_t j = 0; j < inst.jobs.size(); j++) {
        auto &m = members[{inst.jobs[j].job_type, inst.jobs[j].gpus}];
        rank[j] = m.size();
        m.push_back(j);
    }
    std::map<std::pair<JobClass, JobClass>, PairSpeeds> speeds;
    std::map<JobClass, std::vector<JobClass>> ranked_partners;
    for (const auto &a : members) {
        std::vector<std::pair<double, JobClass>> gains;
        for (const auto &b : members) {
            if (b.first.second != a.first.second)
                continue;
            const PairSpeeds &s = speeds[{a.first, b.first}] =
                pair_speeds(inst, speed, inst.jobs[a.second.front()], inst.jobs[b.second.front()]);
            if (s.gain > 0)
                gains.push_back({s.gain, b.first});
        }
        // Best gain first; equal gains by job type name.
        std::stable_sort(gains.begin(), gains.end(),
                         [](const auto &x, const auto &y) { return x.first > y.first; });
        for (const auto &g : gains)
            ranked_partners[a.first].push_back(g.second);
    }

    std::set<std::pair<size_t, size_t>> chosen;
    for (size_t j = 0; j < inst.jobs.size(); j++) {
        int left = partners_per_job;
        for (const JobClass &b : ranked_partners[{inst.jobs[j].job_type, inst.jobs[j].gpus}]) {
            const auto &group = members[b];
            for (size_t t = 0; t < group.size() && left > 0; t++) {
                size_t p = group[(rank[j] + t) % group.size()];
                if (p == j)
                    continue;
                chosen.insert(std::minmax(j, p));
                left--;
            }
            if (left <= 0)
                break;
        }
    }

    std::vector<GavelEntry> out;
    for (const auto &[a, b] : chosen) {
        const PairSpeeds &s = speeds[{{inst.jobs[a].job_type, inst.jobs[a].gpus},
                                      {inst.jobs[b].job_type, inst.jobs[b].gpus}}];
        GavelEntry e;
        e.first = a;
        e.second = static_cast<long>(b);
        e.first_speed = s.first;
        e.second_speed = s.second;
        e.gpus = inst.jobs[a].gpus;
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace accord::sim
