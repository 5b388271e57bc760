#include "core/shard_sharing.h"

#include <algorithm>

namespace accord::core {

ShardSharing::ShardSharing(const std::vector<Node> &nodes, const SlowdownTable &slowdowns) : slowdowns_(slowdowns)
{
    for (const auto &node : nodes) {
        gpus_.push_back(node.shard_gpus);
        one_sharing_.push_back(node.one_sharing);
        any_ = any_ || !node.shard_gpus.empty();
    }
}

int ShardSharing::first_with_room(int node, int shards) const
{
    const auto &gpus = gpus_.at(node);
    bool only_shared = one_sharing_.at(node) && std::any_of(gpus.begin(), gpus.end(), [](const ShardGpu &gpu) {
                           return !gpu.users.empty();
                       });
    for (size_t i = 0; i < gpus.size(); i++)
        if (gpus[i].free >= shards && !(only_shared && gpus[i].users.empty()))
            return static_cast<int>(i);
    return -1;
}

namespace {

std::vector<std::string> families_of(const std::vector<ShardUser> &users)
{
    std::vector<std::string> families;
    for (const auto &user : users)
        families.push_back(user.family);
    return families;
}

}  // namespace

// The new job's slowdown next to the users, and each user's next to the
// others with the new job against without it.
void ShardSharing::predict(const ShardGpu &gpu, const std::string &family, SharedGpu &out) const
{
    std::vector<std::string> users = families_of(gpu.users);
    auto own = slowdowns_.get({family, gpu.type, users});
    if (!own)
        return;
    double lost = 0;
    for (size_t i = 0; i < users.size(); i++) {
        std::vector<std::string> others = users;
        others.erase(others.begin() + static_cast<long>(i));
        auto before = slowdowns_.get({users[i], gpu.type, others});
        others.push_back(family);
        auto after = slowdowns_.get({users[i], gpu.type, others});
        if (!before || !after)
            return;
        lost += *before - *after;
    }
    out.predicted = true;
    out.slowdown = *own;
    out.others_lost = lost;
}

std::optional<SharedGpu> ShardSharing::share(int node, int shards, const std::string &family) const
{
    int at = first_with_room(node, shards);
    if (at < 0)
        return std::nullopt;
    const ShardGpu &gpu = gpus_[node][at];
    SharedGpu out;
    out.gpu = gpu.index;
    out.joined_this_cycle = joined_.count({node, at}) > 0;
    for (const auto &user : gpu.users)
        out.co_runners.push_back(user.job_id);
    predict(gpu, family, out);
    return out;
}

void ShardSharing::take(int node, int shards, uint32_t job_id, const std::string &family)
{
    int at = first_with_room(node, shards);
    if (at < 0)
        return;
    ShardGpu &gpu = gpus_[node][at];
    gpu.free -= shards;
    gpu.users.push_back({job_id, family});
    joined_.emplace(node, at);
}

std::vector<int> ShardSharing::take_whole(int node, const std::string &type, int count)
{
    std::vector<int> taken;
    for (ShardGpu &gpu : gpus_.at(node))
        if (static_cast<int>(taken.size()) < count && gpu.type == type && gpu.users.empty() && gpu.free > 0) {
            gpu.free = 0;
            taken.push_back(gpu.index);
        }
    return taken;
}

}  // namespace accord::core
