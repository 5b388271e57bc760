#include "sim/sia_tie_break.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <utility>

namespace accord::sim {

std::vector<size_t> keep_running_jobs_on_ties(const std::vector<SiaCandidate> &candidates,
                                              std::vector<size_t> chosen)
{
    size_t jobs = 0;
    for (const auto &c : candidates)
        jobs = std::max(jobs, c.job + 1);
    std::vector<std::optional<size_t>> held(jobs);  // job -> its current candidate
    std::vector<bool> served(jobs, false);
    for (size_t k = 0; k < candidates.size(); k++)
        if (candidates[k].current)
            held[candidates[k].job] = k;
    for (size_t k : chosen)
        served[candidates[k].job] = true;

    // Jobs left without GPUs, by the configuration they held: most
    // valuable first, ties the earlier job.
    std::map<std::pair<size_t, int>, std::deque<size_t>> left_out;
    for (size_t job = 0; job < jobs; job++)
        if (held[job] && !served[job])
            left_out[{candidates[*held[job]].pool, candidates[*held[job]].gpus}].push_back(*held[job]);
    for (auto &entry : left_out)
        std::stable_sort(entry.second.begin(), entry.second.end(),
                         [&](size_t a, size_t b) { return candidates[a].value > candidates[b].value; });

    for (size_t &k : chosen) {
        const SiaCandidate &start = candidates[k];
        if (held[start.job])
            continue;
        auto it = left_out.find({start.pool, start.gpus});
        if (it == left_out.end() || it->second.empty() || candidates[it->second.front()].value < start.value)
            continue;
        k = it->second.front();
        it->second.pop_front();
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

}  // namespace accord::sim
