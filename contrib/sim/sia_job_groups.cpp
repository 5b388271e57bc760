#include "sim/sia_job_groups.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace accord::sim {

namespace {

using Key = std::vector<std::tuple<size_t, int, double>>;  // (pool, GPUs, value) per candidate

}  // namespace

SiaJobGroups::SiaJobGroups(const std::vector<SiaCandidate> &candidates)
    : candidates_(candidates), group_candidate_of_(candidates.size())
{
    for (size_t k = 0; k < candidates.size(); k++) {
        if (candidates[k].job >= job_candidates_.size())
            job_candidates_.resize(candidates[k].job + 1);
        job_candidates_[candidates[k].job].push_back(k);
    }
    std::map<Key, size_t> group_of;
    for (size_t job = 0; job < job_candidates_.size(); job++) {
        if (job_candidates_[job].empty())
            continue;
        Key key;
        for (size_t k : job_candidates_[job])
            key.emplace_back(candidates[k].pool, candidates[k].gpus, candidates[k].value);
        auto [it, added] = group_of.emplace(key, sizes_.size());
        size_t group = it->second;
        if (added) {
            first_of_group_.push_back(group_candidates_.size());
            for (size_t k : job_candidates_[job])
                group_candidates_.push_back({group, candidates[k].pool, candidates[k].gpus, candidates[k].value});
            sizes_.push_back(0);
            members_.emplace_back();
        }
        sizes_[group]++;
        members_[group].push_back(job);
        for (size_t i = 0; i < job_candidates_[job].size(); i++)
            group_candidate_of_[job_candidates_[job][i]] = first_of_group_[group] + i;
    }
}

std::vector<int> SiaJobGroups::counts_of(const std::vector<size_t> &chosen) const
{
    std::vector<int> counts(group_candidates_.size(), 0);
    for (size_t k : chosen)
        counts[group_candidate_of_[k]]++;
    return counts;
}

std::vector<size_t> SiaJobGroups::members_for(const std::vector<int> &counts) const
{
    std::vector<size_t> chosen;
    for (size_t group = 0; group < members_.size(); group++) {
        const std::vector<size_t> &members = members_[group];
        size_t first = first_of_group_[group], positions = job_candidates_[members.front()].size();
        std::vector<int> left(counts.begin() + first, counts.begin() + first + positions);
        std::vector<bool> served(members.size(), false);
        auto serve = [&](size_t m, size_t position) {
            served[m] = true;
            left[position]--;
            chosen.push_back(job_candidates_[members[m]][position]);
        };
        for (size_t m = 0; m < members.size(); m++)
            for (size_t position = 0; position < positions; position++)
                if (candidates_[job_candidates_[members[m]][position]].current && left[position] > 0)
                    serve(m, position);
        size_t next = 0;
        for (size_t position = 0; position < positions; position++)
            while (left[position] > 0) {
                while (next < members.size() && served[next])
                    next++;
                if (next == members.size())
                    break;
                serve(next, position);
            }
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

}  // namespace accord::sim
