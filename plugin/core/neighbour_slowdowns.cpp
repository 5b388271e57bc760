#include "core/neighbour_slowdowns.h"

#include <algorithm>
#include <iterator>
#include <vector>

#include "core/user_median.h"

namespace accord::core {

namespace {

// The one named neighbour `more` has beyond `fewer` (both sorted), or "".
std::string one_more(const std::vector<std::string> &fewer, const std::vector<std::string> &more)
{
    if (more.size() != fewer.size() + 1 || !std::includes(more.begin(), more.end(), fewer.begin(), fewer.end()))
        return "";
    std::vector<std::string> added;
    std::set_difference(more.begin(), more.end(), fewer.begin(), fewer.end(), std::back_inserter(added));
    return added[0] != kUnnamedNeighbour ? added[0] : "";
}

std::string gpus_key(const GpuCounts &gpus)
{
    std::string key;
    for (const auto &[type, count] : gpus)
        key += type + ":" + std::to_string(count) + ",";
    return key;
}

}  // namespace

NeighbourSlowdowns::NeighbourSlowdowns(size_t jobs_kept, size_t families_kept)
    : jobs_kept_(std::max<size_t>(jobs_kept, 1)), families_kept_(std::max<size_t>(families_kept, 1))
{
}

void NeighbourSlowdowns::add(const ThroughputSample &s)
{
    if (s.family.empty() || s.gpus.empty() || !s.neighbours)
        return;
    if (!runs_.count(s.family) && runs_.size() >= families_kept_)
        forget_stalest_family();
    std::map<RunKey, Run> &runs = runs_[s.family];
    last_report_[s.family] = std::max(last_report_[s.family], s.time);
    Run &run = runs[{s.job_id, gpus_key(s.gpus)}];
    run.user = s.user;
    run.last = std::max(run.last, s.time);
    std::vector<std::string> neighbours = *s.neighbours;
    std::sort(neighbours.begin(), neighbours.end());
    Rate &rate = run.by_neighbours[neighbours];
    if (s.time >= rate.time)
        rate = {s.time, s.report.rate, s.report.metric};
    if (run.by_neighbours.size() > kStatesKept) {
        auto oldest = std::min_element(run.by_neighbours.begin(), run.by_neighbours.end(),
                                       [](const auto &a, const auto &b) { return a.second.time < b.second.time; });
        run.by_neighbours.erase(oldest);
    }
    keep_newest_runs(runs);
    stale_ = true;
}

void NeighbourSlowdowns::keep_newest_runs(std::map<RunKey, Run> &runs) const
{
    while (runs.size() > jobs_kept_)
        runs.erase(std::min_element(runs.begin(), runs.end(),
                                    [](const auto &a, const auto &b) { return a.second.last < b.second.last; }));
}

void NeighbourSlowdowns::forget_stalest_family()
{
    auto stalest = std::min_element(last_report_.begin(), last_report_.end(),
                                    [](const auto &a, const auto &b) { return a.second < b.second; });
    runs_.erase(stalest->first);
    last_report_.erase(stalest);
}

// The run's ratio beside each neighbour's family, per user:
// ratios[neighbour][user] gets one value (the median of the run's pairs of
// rates that differ by one job of that family).
void NeighbourSlowdowns::add_ratios(const Run &run,
                                    std::map<std::string, std::map<std::string, std::vector<double>>> &ratios) const
{
    std::map<std::string, std::vector<double>> run_ratios;  // neighbour -> ratios
    for (const auto &[fewer, without] : run.by_neighbours)
        for (const auto &[more, with] : run.by_neighbours) {
            std::string added = one_more(fewer, more);
            if (!added.empty() && with.metric == without.metric)
                run_ratios[added].push_back(std::min(1.0, with.rate / without.rate));
        }
    for (const auto &[neighbour, values] : run_ratios)
        ratios[neighbour][run.user].push_back(median(values));
}

const NeighbourTable &NeighbourSlowdowns::table() const
{
    if (!stale_)
        return table_;
    table_ = NeighbourTable();
    for (const auto &[family, runs] : runs_) {
        std::map<std::string, std::map<std::string, std::vector<double>>> ratios;  // neighbour -> user -> ratios
        for (const auto &[key, run] : runs)
            add_ratios(run, ratios);
        for (const auto &[neighbour, by_user] : ratios) {
            int jobs = 0;
            for (const auto &[user, values] : by_user)
                jobs += static_cast<int>(values.size());
            table_.set(family, neighbour, median_of_user_medians(by_user), jobs);
        }
    }
    stale_ = false;
    return table_;
}

}  // namespace accord::core
