#include "core/shard_queries.h"

#include <optional>
#include <set>
#include <string>

namespace accord::core {

namespace {

std::set<std::string> pending_shard_families(const ClusterSnapshot &snapshot)
{
    std::set<std::string> families;
    for (const auto &job : snapshot.queue)
        if (job.shards_per_node > 0 && !job.family.empty())
            families.insert(job.family);
    return families;
}

// The users' families, or nothing when one is unknown: then no prediction
// for this GPU can be complete.
std::optional<std::vector<std::string>> user_families(const ShardGpu &gpu)
{
    std::vector<std::string> families;
    for (const auto &user : gpu.users) {
        if (user.family.empty())
            return std::nullopt;
        families.push_back(user.family);
    }
    return families;
}

void add_gpu_queries(const std::string &family, const ShardGpu &gpu, const std::vector<std::string> &users,
                     std::set<SlowdownKey> &keys)
{
    keys.emplace(family, gpu.type, users);
    for (size_t i = 0; i < users.size(); i++) {
        std::vector<std::string> others = users;
        others.erase(others.begin() + static_cast<long>(i));
        if (!others.empty())
            keys.emplace(users[i], gpu.type, others);  // before the new job comes
        others.push_back(family);
        keys.emplace(users[i], gpu.type, others);
    }
}

}  // namespace

std::vector<SlowdownKey> shard_slowdown_queries(const ClusterSnapshot &snapshot)
{
    std::set<SlowdownKey> keys;
    std::set<std::string> families = pending_shard_families(snapshot);
    for (const auto &node : snapshot.nodes)
        for (const auto &gpu : node.shard_gpus) {
            auto users = user_families(gpu);
            if (!users || users->empty())
                continue;
            for (const auto &family : families)
                add_gpu_queries(family, gpu, *users, keys);
        }
    return {keys.begin(), keys.end()};
}

}  // namespace accord::core
