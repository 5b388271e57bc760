#include "core/resources.h"

#include <algorithm>

namespace accord::core {

Resources &Resources::operator+=(const Resources &other)
{
    cpus += other.cpus;
    mem_mb += other.mem_mb;
    shards += other.shards;
    for (const auto &[type, count] : other.gpus)
        gpus[type] += count;
    return *this;
}

Resources &Resources::operator-=(const Resources &other)
{
    cpus -= other.cpus;
    mem_mb -= other.mem_mb;
    shards -= other.shards;
    for (const auto &[type, count] : other.gpus)
        gpus[type] -= count;
    return *this;
}

// A node has one or a few GPU types: walking them, where unequal lengths
// differ without comparing text, beats the map's ordered search. Schedulers
// ask this of every node for every job they try.
int Resources::gpus_of(const std::string &type) const
{
    for (const auto &[name, count] : gpus)
        if (name == type)
            return count;
    return 0;
}

int Resources::total_gpus() const
{
    int total = 0;
    for (const auto &entry : gpus)
        total += entry.second;
    return total;
}

bool covers(const Resources &available, const Resources &demand)
{
    if (available.cpus < demand.cpus || available.mem_mb < demand.mem_mb || available.shards < demand.shards)
        return false;
    for (const auto &[type, count] : demand.gpus)
        if (count > 0 && available.gpus_of(type) < count)
            return false;
    return true;
}

Resources elementwise_min(const Resources &a, const Resources &b)
{
    Resources out;
    out.cpus = std::min(a.cpus, b.cpus);
    out.mem_mb = std::min(a.mem_mb, b.mem_mb);
    out.shards = std::min(a.shards, b.shards);
    for (const auto &[type, count] : a.gpus)
        out.gpus[type] = std::min(count, b.gpus_of(type));
    for (const auto &[type, count] : b.gpus)
        if (!a.gpus.count(type))
            out.gpus[type] = std::min(0, count);
    return out;
}

}  // namespace accord::core
