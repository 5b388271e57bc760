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
    for (const auto &[gpu, count] : other.shards_by_gpu)
        shards_by_gpu[gpu] += count;
    return *this;
}

Resources &Resources::operator-=(const Resources &other)
{
    cpus -= other.cpus;
    mem_mb -= other.mem_mb;
    shards -= other.shards;
    for (const auto &[type, count] : other.gpus)
        gpus[type] -= count;
    for (const auto &[gpu, count] : other.shards_by_gpu)
        shards_by_gpu[gpu] -= count;
    return *this;
}

// A node has one or a few GPU types: walking them, where unequal lengths
// differ without comparing text, beats the map's ordered search. Schedulers
// ask this of every node for every job they try.
int Resources::gpus_of(const std::string &type) const
{
    for (const auto &[name, count] : gpus)
        if (same_gpu_type(name, type))
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

int first_gpu_with_shards(const Resources &free, int shards)
{
    for (const auto &[gpu, count] : free.shards_by_gpu)
        if (count >= shards)
            return gpu;
    return -1;
}

Resources shards_of_whole_gpus(const Resources &capacity, const std::vector<int> &gpus)
{
    Resources held;
    for (int gpu : gpus) {
        auto it = capacity.shards_by_gpu.find(gpu);
        if (it == capacity.shards_by_gpu.end() || it->second <= 0)
            continue;
        held.shards += it->second;
        held.shards_by_gpu[gpu] += it->second;
    }
    return held;
}

static bool covers_shards(const Resources &available, const Resources &demand)
{
    if (available.shards < demand.shards)
        return false;
    if (demand.shards <= 0 || available.shards_by_gpu.empty())
        return true;
    if (demand.shards_by_gpu.empty())
        return first_gpu_with_shards(available, demand.shards) >= 0;
    for (const auto &[gpu, count] : demand.shards_by_gpu) {
        auto it = available.shards_by_gpu.find(gpu);
        if (count > 0 && (it == available.shards_by_gpu.end() || it->second < count))
            return false;
    }
    return true;
}

bool covers(const Resources &available, const Resources &demand)
{
    if (available.cpus < demand.cpus || available.mem_mb < demand.mem_mb || !covers_shards(available, demand))
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
    for (const auto &[gpu, count] : a.shards_by_gpu) {
        auto it = b.shards_by_gpu.find(gpu);
        out.shards_by_gpu[gpu] = std::min(count, it == b.shards_by_gpu.end() ? 0 : it->second);
    }
    for (const auto &[gpu, count] : b.shards_by_gpu)
        if (!a.shards_by_gpu.count(gpu))
            out.shards_by_gpu[gpu] = std::min(0, count);
    return out;
}

}  // namespace accord::core
