#include "sim/few_jobs_optimum.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

namespace accord::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

// Places every order of every subset on one type, each prefix once:
// best[subset] ends up the least sum of ends of the subset on its own.
class TypePlacer {
public:
    TypePlacer(const PooledInstance &instance, const std::vector<int> &jobs,
               const std::vector<std::vector<double>> &from, int type, const TypeTimeline &line, double *best)
        : instance_(instance), jobs_(jobs), from_(from), type_(type), best_(best), lines_(jobs.size() + 1, line)
    {
    }

    // lines_[depth]: the type with the running jobs and those of `placed`
    // (depth of them).
    void place_all(size_t depth, unsigned placed, double sum)
    {
        const TypeTimeline &line = lines_[depth];
        for (size_t i = 0; i < jobs_.size(); i++) {
            if ((placed >> i) & 1u)
                continue;
            const auto &configs = instance_.jobs[jobs_[i]].configs;
            for (size_t c = 0; c < configs.size(); c++) {
                if (configs[c].type != type_)
                    continue;
                double start = line.earliest_fit(configs[c].gpus, from_[i][c], configs[c].duration_s);
                double end = start + configs[c].duration_s;
                unsigned now_placed = placed | 1u << i;
                best_[now_placed] = std::min(best_[now_placed], sum + end);
                if (end == kNever || now_placed + 1 == (1u << jobs_.size()))
                    continue;
                line.holding(start, end, configs[c].gpus, lines_[depth + 1]);
                place_all(depth + 1, now_placed, sum + end);
            }
        }
    }

private:
    const PooledInstance &instance_;
    const std::vector<int> &jobs_;
    const std::vector<std::vector<double>> &from_;
    int type_;
    double *best_;
    std::vector<TypeTimeline> lines_;  // per depth, reused
};

// What the results of one type depend on: the type, the jobs and their
// earliest starts there, and the type's free GPUs over time.
std::vector<double> key_of(const PooledInstance &instance, const TypeTimeline &line, size_t type,
                           const std::vector<int> &jobs, const std::vector<std::vector<double>> &from)
{
    std::vector<double> key{static_cast<double>(type)};
    for (size_t i = 0; i < jobs.size(); i++) {
        key.push_back(jobs[i]);
        for (size_t c = 0; c < from[i].size(); c++)
            if (instance.jobs[jobs[i]].configs[c].type == static_cast<int>(type))
                key.push_back(from[i][c]);
    }
    line.describe(key);
    return key;
}

}  // namespace

size_t FewJobsCache::Hash::operator()(const std::vector<double> &key) const
{
    uint64_t h = 1469598103934665603ull;
    for (double d : key) {
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
    }
    return static_cast<size_t>(h);
}

FewJobsCache::Results FewJobsCache::find(const std::vector<double> &key) const
{
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : it->second;
}

FewJobsCache::Results FewJobsCache::store(std::vector<double> key, std::vector<double> best)
{
    if (entries_.size() >= capacity_)
        entries_.clear();
    Results results = std::make_shared<const std::vector<double>>(std::move(best));
    entries_.emplace(std::move(key), results);
    return results;
}

FewJobsTable::FewJobsTable(const PooledInstance &instance, const std::vector<TypeTimeline> &lines,
                           const std::vector<int> &jobs, const std::vector<std::vector<double>> &from,
                           FewJobsCache &cache)
{
    for (size_t k = 0; k < lines.size(); k++) {
        std::vector<double> key = key_of(instance, lines[k], k, jobs, from);
        if (FewJobsCache::Results known = cache.find(key)) {
            best_.push_back(std::move(known));
            continue;
        }
        std::vector<double> best(size_t{1} << jobs.size(), kNever);
        best[0] = 0;
        TypePlacer(instance, jobs, from, static_cast<int>(k), lines[k], best.data()).place_all(0, 0, 0);
        best_.push_back(cache.store(std::move(key), std::move(best)));
    }
}

}  // namespace accord::sim
