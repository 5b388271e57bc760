#include "core/neighbour_slowdowns.h"

#include <algorithm>
#include <vector>

#include "core/user_median.h"

namespace accord::core {

namespace {

std::string joined(const std::vector<std::string> &names)
{
    std::string text;
    for (const std::string &n : names)
        text += (text.empty() ? "" : ",") + n;
    return text;
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
    Rate &rate = run.by_neighbours[joined(*s.neighbours)];
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

// The run's ratio next to each single neighbour's family, per user:
// ratios[neighbour][user] gets one value.
void NeighbourSlowdowns::add_ratios(const Run &run,
                                    std::map<std::string, std::map<std::string, std::vector<double>>> &ratios) const
{
    auto alone = run.by_neighbours.find("");
    if (alone == run.by_neighbours.end())
        return;
    for (const auto &[neighbours, rate] : run.by_neighbours) {
        bool one_named = !neighbours.empty() && neighbours.find(',') == std::string::npos &&
                         neighbours != kUnnamedNeighbour;
        if (one_named && rate.metric == alone->second.metric)
            ratios[neighbours][run.user].push_back(std::min(1.0, rate.rate / alone->second.rate));
    }
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
