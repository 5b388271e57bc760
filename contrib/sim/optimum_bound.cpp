#include "sim/optimum_bound.h"

#include <algorithm>
#include <limits>

#include "sim/few_jobs_optimum.h"
#include "sim/min_cost_assignment.h"

namespace accord::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

// One unstarted job on one type: the earliest end and the fewest GPU-seconds.
struct JobOnType {
    double end = kNever;
    double area = kNever;
};

using Ends = std::vector<std::vector<JobOnType>>;  // per job, per type

double earliest_start(const PooledInstance &instance, const PartialSchedule &s, int job, int config,
                      double next_event)
{
    double arrival = instance.jobs[job].arrival_s;
    if (arrival > s.now)
        return arrival;
    if (has(s.undecided, job) && may_start(instance, s, job, config))
        return s.now;
    return next_event;
}

// The unstarted jobs, largest first (fewest GPU-seconds on any type).
struct Unstarted {
    std::vector<int> jobs;
    std::vector<std::vector<double>> from;  // per job, per configuration: earliest start, GPUs aside
};

Unstarted unstarted(const PooledInstance &instance, const PartialSchedule &s)
{
    Unstarted u;
    std::vector<std::pair<double, int>> by_area;
    for (size_t j = 0; j < instance.jobs.size(); j++)
        if (has(s.unstarted, static_cast<int>(j))) {
            double least = kNever;
            for (const auto &c : instance.jobs[j].configs)
                least = std::min(least, c.area());
            by_area.emplace_back(-least, static_cast<int>(j));
        }
    std::sort(by_area.begin(), by_area.end());
    double next_event = next_event_bound(instance, s);
    for (const auto &[area, job] : by_area) {
        u.jobs.push_back(job);
        std::vector<double> from;
        for (size_t c = 0; c < instance.jobs[job].configs.size(); c++)
            from.push_back(earliest_start(instance, s, job, static_cast<int>(c), next_event));
        u.from.push_back(std::move(from));
    }
    return u;
}

// Rows [first, last) of u on every type, given the free GPUs in `lines`.
Ends ends_on(const PooledInstance &instance, const Unstarted &u, size_t first, size_t last,
             const std::vector<TypeTimeline> &lines)
{
    Ends ends;
    for (size_t r = first; r < last; r++) {
        const auto &configs = instance.jobs[u.jobs[r]].configs;
        std::vector<JobOnType> on(lines.size());
        for (size_t c = 0; c < configs.size(); c++) {
            const JobConfig &config = configs[c];
            double start = lines[config.type].earliest_fit(config.gpus, u.from[r][c], config.duration_s);
            on[config.type].end = std::min(on[config.type].end, start + config.duration_s);
            on[config.type].area = std::min(on[config.type].area, config.area());
        }
        ends.push_back(std::move(on));
    }
    return ends;
}

// Fills the columns of type k from `col` on, one per rank; returns how many.
size_t fill_type(const Ends &ends, size_t k, const TypeTimeline &line, CostMatrix &cost, size_t col)
{
    std::vector<std::pair<double, size_t>> by_area;  // (area, row)
    for (size_t r = 0; r < ends.size(); r++)
        if (ends[r][k].area < kNever)
            by_area.emplace_back(ends[r][k].area, r);
    std::sort(by_area.begin(), by_area.end());
    std::vector<double> prefix(by_area.size() + 1, 0);
    for (size_t i = 0; i < by_area.size(); i++)
        prefix[i + 1] = prefix[i] + by_area[i].first;
    for (size_t place = 0; place < by_area.size(); place++) {
        auto [area, row] = by_area[place];
        for (size_t rank = 0; rank < by_area.size(); rank++) {
            // Ending as the (rank+1)-th: itself and the `rank` smallest others.
            double done = place < rank ? prefix[rank + 1] : area + prefix[rank];
            cost.at(row, col + rank) = std::max(ends[row][k].end, line.fluid_finish(done));
        }
    }
    return by_area.size();
}

double assignment_bound(const Ends &ends, const std::vector<TypeTimeline> &lines)
{
    size_t cols = 0;
    for (size_t k = 0; k < lines.size(); k++)
        for (const auto &on : ends)
            cols += on[k].area < kNever;
    CostMatrix cost(ends.size(), cols, kNever);
    size_t col = 0;
    for (size_t k = 0; k < lines.size(); k++)
        col += fill_type(ends, k, lines[k], cost, col);
    return min_cost_assignment(cost);
}

// The large jobs split over the types.
struct Split {
    std::vector<size_t> type;  // per large job
    std::vector<unsigned> on;  // per type: the large jobs there (bit i)
    double sum = 0;            // their least sum of ends, alone

    // To the next split, counting with the types as digits; false after
    // the last.
    bool next()
    {
        for (size_t i = 0; i < type.size(); i++) {
            on[type[i]] &= ~(1u << i);
            type[i] = (type[i] + 1) % on.size();
            on[type[i]] |= 1u << i;
            if (type[i])
                return true;
        }
        return false;
    }
};

class Bound {
public:
    Bound(const PooledInstance &instance, const PartialSchedule &s, double level, FewJobsCache &cache)
        : instance_(instance), s_(s), level_(level - s.ends_s), lines_(timelines(instance, s)),
          u_(unstarted(instance, s)), few_(std::min(kFewJobs, u_.jobs.size())),
          table_(instance, lines_, std::vector<int>(u_.jobs.begin(), u_.jobs.begin() + few_),
                 std::vector<std::vector<double>>(u_.from.begin(), u_.from.begin() + few_), cache),
          rest_(assignment_bound(ends_on(instance, u_, few_, u_.jobs.size(), lines_), lines_))
    {
    }

    // The least over the splits of the large jobs.
    double least() const
    {
        Split split{std::vector<size_t>(few_, 0), std::vector<unsigned>(lines_.size(), 0), 0};
        split.on[0] = (1u << few_) - 1;
        double least = kNever;
        do {
            split.sum = 0;
            for (size_t k = 0; k < lines_.size(); k++)
                split.sum += table_.best(k, split.on[k]);
            least = std::min(least, under(split));
        } while (split.next());
        return least;
    }

private:
    double under(const Split &split) const;
    bool add_hold(const Split &split, size_t i, std::vector<std::vector<Hold>> &holds) const;

    const PooledInstance &instance_;
    const PartialSchedule &s_;
    double level_;  // what the unstarted jobs' ends must sum below
    std::vector<TypeTimeline> lines_;
    Unstarted u_;
    size_t few_;
    FewJobsTable table_;
    double rest_;  // assignment bound on the other jobs, around the running ones
};

// Large job i's stretch it surely holds under the split, if any. False when
// it cannot end early enough at all.
bool Bound::add_hold(const Split &split, size_t i, std::vector<std::vector<Hold>> &holds) const
{
    size_t k = split.type[i];
    double others = split.sum - table_.best(k, split.on[k]) + table_.best(k, split.on[k] & ~(1u << i));
    double latest_end = level_ - rest_ - others;
    double shortest = kNever, first_start = kNever;
    int fewest = 0;
    const auto &configs = instance_.jobs[u_.jobs[i]].configs;
    for (size_t c = 0; c < configs.size(); c++) {
        if (configs[c].type != static_cast<int>(k))
            continue;
        double start = lines_[k].earliest_fit(configs[c].gpus, u_.from[i][c], configs[c].duration_s);
        if (start + configs[c].duration_s >= latest_end)
            continue;  // cannot end early enough on this configuration
        first_start = std::min(first_start, start);
        shortest = std::min(shortest, configs[c].duration_s);
        fewest = fewest ? std::min(fewest, configs[c].gpus) : configs[c].gpus;
    }
    if (first_start == kNever)
        return false;
    double from = std::max(s_.now, latest_end - shortest), to = first_start + shortest;
    if (from < to)
        holds[k].push_back(Hold{from, to, fewest});
    return true;
}

// The bound under one split: its large jobs alone plus the others, the
// latter around the stretches the large jobs surely hold below the level.
double Bound::under(const Split &split) const
{
    if (split.sum + rest_ >= level_)
        return split.sum + rest_;
    std::vector<std::vector<Hold>> holds(lines_.size());
    for (size_t i = 0; i < few_; i++)
        if (!add_hold(split, i, holds))
            return level_;
    bool held = std::any_of(holds.begin(), holds.end(), [](const auto &h) { return !h.empty(); });
    if (!held || few_ == u_.jobs.size())
        return split.sum + rest_;
    std::vector<TypeTimeline> lines;
    for (size_t k = 0; k < lines_.size(); k++)
        lines.emplace_back(static_cast<int>(k), instance_.types[k].gpus, s_.now, s_.runs, holds[k]);
    return split.sum + assignment_bound(ends_on(instance_, u_, few_, u_.jobs.size(), lines), lines);
}

}  // namespace

double lower_bound(const PooledInstance &instance, const PartialSchedule &s, double level, FewJobsCache &cache)
{
    if (!s.unstarted)
        return s.ends_s;
    return s.ends_s + Bound(instance, s, level, cache).least();
}

}  // namespace accord::sim
