#include "core/neighbour_table.h"

#include <algorithm>

namespace accord::core {

void NeighbourTable::set(const std::string &family, const std::string &neighbour, double slowdown, int jobs)
{
    if (!(slowdown > 0 && slowdown <= 1) || jobs < 1 || family.empty() || neighbour.empty())
        return;
    slowdowns_[{family, neighbour}] = {slowdown, jobs};
    families_.insert(family);
    families_.insert(neighbour);
}

std::optional<double> NeighbourTable::get(const std::string &family, const std::string &neighbour) const
{
    auto it = slowdowns_.find({family, neighbour});
    if (it == slowdowns_.end())
        return std::nullopt;
    return it->second.slowdown;
}

int NeighbourTable::jobs(const std::string &family, const std::string &neighbour) const
{
    auto it = slowdowns_.find({family, neighbour});
    return it == slowdowns_.end() ? 0 : it->second.jobs;
}

double NeighbourTable::loss(const std::string &family, const std::vector<std::string> &residents) const
{
    if (!concerns(family))
        return 0;
    double own_speed = 1, others_lost = 0;
    for (const std::string &resident : residents) {
        own_speed *= get(family, resident).value_or(1);
        others_lost += 1 - get(resident, family).value_or(1);
    }
    return 1 - own_speed + others_lost;
}

std::vector<NeighbourPair> NeighbourTable::pairs() const
{
    std::vector<NeighbourPair> all;
    for (const auto &[key, m] : slowdowns_)
        all.push_back({key.first, key.second, m.slowdown, m.jobs});
    std::stable_sort(all.begin(), all.end(),
                     [](const NeighbourPair &a, const NeighbourPair &b) { return a.slowdown < b.slowdown; });
    return all;
}

}  // namespace accord::core
