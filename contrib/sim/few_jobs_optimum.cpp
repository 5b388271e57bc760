#include "sim/few_jobs_optimum.h"

#include <algorithm>
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

}  // namespace

FewJobsTable::FewJobsTable(const PooledInstance &instance, const std::vector<TypeTimeline> &lines,
                           const std::vector<int> &jobs, const std::vector<std::vector<double>> &from)
    : subsets_(size_t{1} << jobs.size()), best_(lines.size() * subsets_, kNever)
{
    for (size_t k = 0; k < lines.size(); k++) {
        best_[k * subsets_] = 0;
        TypePlacer(instance, jobs, from, static_cast<int>(k), lines[k], &best_[k * subsets_]).place_all(0, 0, 0);
    }
}

}  // namespace accord::sim
