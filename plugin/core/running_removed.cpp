#include "core/running_removed.h"

namespace accord::core {

// Sized up front: a preemptive cycle removes hundreds of jobs per round.
RunningRemoved::RunningRemoved(ClusterSnapshot &snapshot, const std::vector<size_t> &gone)
    : snap_(snapshot), all_(std::move(snapshot.running))
{
    snap_.running.clear();
    std::vector<bool> is_gone(all_.size(), false);
    for (size_t i : gone)
        is_gone[i] = true;
    kept_.reserve(all_.size());
    snap_.running.reserve(all_.size());
    freed_.reserve(gone.size());
    for (size_t i = 0; i < all_.size(); i++) {
        if (!is_gone[i]) {
            kept_.push_back(i);
            snap_.running.push_back(std::move(all_[i]));
            continue;
        }
        for (const auto &use : all_[i].usage) {
            freed_.emplace_back(use.node, snap_.nodes[use.node].free);
            snap_.nodes[use.node].free += use.used;
        }
    }
}

// What each node had free is put back in reverse order, so a node changed
// twice ends as it was before the first change.
RunningRemoved::~RunningRemoved()
{
    for (size_t k = 0; k < kept_.size(); k++)
        all_[kept_[k]] = std::move(snap_.running[k]);
    snap_.running = std::move(all_);
    for (auto it = freed_.rbegin(); it != freed_.rend(); ++it)
        snap_.nodes[it->first].free = std::move(it->second);
}

}  // namespace accord::core
