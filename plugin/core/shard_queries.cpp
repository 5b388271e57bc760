#include "core/shard_queries.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace accord::core {

namespace {

struct PendingShards {
    std::set<std::string> families;
    int fewest = 0;  // shards the smallest shard request takes
};

PendingShards pending_shards(const ClusterSnapshot &snapshot)
{
    PendingShards pending;
    for (const auto &job : snapshot.queue) {
        if (job.shards_per_node <= 0)
            continue;
        pending.fewest = pending.fewest ? std::min(pending.fewest, job.shards_per_node) : job.shards_per_node;
        if (!job.family.empty())
            pending.families.insert(job.family);
    }
    return pending;
}

// The users' families, sorted, or nothing when one is unknown: then no
// prediction for this GPU can be complete.
std::optional<std::vector<std::string>> user_families(const ShardGpu &gpu)
{
    std::vector<std::string> families;
    for (const auto &user : gpu.users) {
        if (user.family.empty())
            return std::nullopt;
        families.push_back(user.family);
    }
    std::sort(families.begin(), families.end());
    return families;
}

void add_gpu_queries(const std::string &family, const std::string &gpu_type, const std::vector<std::string> &users,
                     std::set<SlowdownKey> &keys)
{
    keys.emplace(family, gpu_type, users);
    for (size_t i = 0; i < users.size(); i++) {
        std::vector<std::string> others = users;
        others.erase(others.begin() + static_cast<long>(i));
        if (!others.empty())
            keys.emplace(users[i], gpu_type, others);  // before the new job comes
        others.push_back(family);
        keys.emplace(users[i], gpu_type, others);
    }
}

// A GPU as the queries see it: its type and its users' families. Many
// GPUs look alike, and each look is queried once.
using GpuLook = std::tuple<std::string, std::vector<std::string>>;

}  // namespace

std::vector<SlowdownKey> shard_slowdown_queries(const ClusterSnapshot &snapshot)
{
    PendingShards pending = pending_shards(snapshot);
    std::set<GpuLook> shared, joinable;
    for (const auto &node : snapshot.nodes)
        for (const auto &gpu : node.shard_gpus) {
            auto users = user_families(gpu);
            if (!users)
                continue;
            if (!users->empty())
                shared.emplace(gpu.type, *users);
            if (pending.fewest > 0 && gpu.free >= 2 * pending.fewest)
                joinable.emplace(gpu.type, std::move(*users));
        }
    std::set<SlowdownKey> keys;
    for (const auto &[type, users] : shared)
        for (const auto &family : pending.families)
            add_gpu_queries(family, type, users, keys);
    // A start of this cycle may join the GPU before the next shard job
    // looks at it (docs/design.md, "Sharing GPUs", 4): one such start.
    for (const auto &[type, users] : joinable)
        for (const auto &joined : pending.families) {
            std::vector<std::string> after = users;
            after.push_back(joined);
            for (const auto &family : pending.families)
                add_gpu_queries(family, type, after, keys);
        }
    return {keys.begin(), keys.end()};
}

}  // namespace accord::core
