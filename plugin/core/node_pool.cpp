#include "core/node_pool.h"

#include <algorithm>
#include <stdexcept>

namespace accord::core {

NodePool::NodePool(const std::vector<AllocNode> &nodes)
    : capacity_(nodes.size(), 0), free_(nodes.size(), 0), node_type_(nodes.size(), -1),
      shell_node_(nodes.size(), -1), position_(nodes.size(), 0)
{
    for (size_t n = 0; n < nodes.size(); n++) {
        shell_node_[n] = nodes[n].node;
        int id = n > 0 && nodes[n].gpu_type == nodes[n - 1].gpu_type ? node_type_[n - 1] : type_id(nodes[n].gpu_type);
        if (id < 0) {
            id = static_cast<int>(types_.size());
            names_.push_back(nodes[n].gpu_type);
            types_.emplace_back();
        }
        Type &t = types_[id];
        capacity_[n] = nodes[n].gpus;
        position_[n] = t.nodes.size();
        t.nodes.push_back(n);
        t.largest = std::max(t.largest, nodes[n].gpus);
        node_type_[n] = id;
    }
    for (auto &t : types_)
        t.by_free.assign(static_cast<size_t>(t.largest) + 1, Bits((t.nodes.size() + 63) / 64, 0));
    for (size_t n = 0; n < nodes.size(); n++) {
        Type &t = types_[node_type_[n]];
        free_[n] = std::max(0, nodes[n].gpus);
        t.free_total += free_[n];
        t.by_free[free_[n]][position_[n] / 64] |= uint64_t{1} << (position_[n] % 64);
    }
}

long NodePool::first(const Bits &bits, size_t from)
{
    for (size_t w = from / 64; w < bits.size(); w++) {
        uint64_t word = bits[w];
        if (w == from / 64)
            word &= ~uint64_t{0} << (from % 64);
        if (word)
            return static_cast<long>(w * 64 + static_cast<size_t>(__builtin_ctzll(word)));
    }
    return -1;
}

long NodePool::first_allowed(const Type &type, const Bits &bits, const NodeMask *allowed, size_t from) const
{
    long p = first(bits, from);
    while (p >= 0 && !allows(allowed, type.nodes[static_cast<size_t>(p)]))
        p = first(bits, static_cast<size_t>(p) + 1);
    return p;
}

int NodePool::free_gpus_on(int type, const NodeMask &allowed) const
{
    int free = 0;
    for (size_t n : types_[type].nodes)
        free += allows(&allowed, n) ? free_[n] : 0;
    return free;
}

int NodePool::type_id(const std::string &gpu_type) const
{
    auto it = std::find(names_.begin(), names_.end(), gpu_type);
    return it == names_.end() ? -1 : static_cast<int>(it - names_.begin());
}

void NodePool::set_free(size_t node, int free)
{
    Type &t = types_[node_type_[node]];
    if (free < 0 || free > t.largest)
        throw std::logic_error("node pool: node " + std::to_string(node) + " would have " + std::to_string(free) +
                               " free GPUs");
    uint64_t bit = uint64_t{1} << (position_[node] % 64);
    t.by_free[free_[node]][position_[node] / 64] &= ~bit;
    t.free_total += free - free_[node];
    free_[node] = free;
    t.by_free[free][position_[node] / 64] |= bit;
}

std::optional<size_t> NodePool::best_fit(int type, int gpus, const NodeMask *allowed) const
{
    const Type &t = types_[type];
    for (int f = std::max(gpus, 1); f <= t.largest; f++)
        if (long p = allowed ? first_allowed(t, t.by_free[f], allowed) : first(t.by_free[f]); p >= 0)
            return t.nodes[p];
    return std::nullopt;
}

// Fewest nodes: the most free GPUs first (ties by node order); the last
// piece goes to the best-fitting node left, so large holes stay whole.
Shares NodePool::spread(int type, int gpus, const NodeMask *allowed) const
{
    const Type &t = types_[type];
    if (gpus <= 0 || free_gpus(type, allowed) < gpus)
        return {};
    auto next = [&](const Bits &bits, size_t from) {
        return allowed ? first_allowed(t, bits, allowed, from) : first(bits, from);
    };
    std::vector<size_t> order;  // most free first, ties by node order
    order.reserve(std::min(static_cast<size_t>(gpus), t.nodes.size()));
    int total = 0;
    for (int f = t.largest; f > 0 && total < gpus; f--)
        for (long p = next(t.by_free[f], 0); p >= 0 && total < gpus; p = next(t.by_free[f], p + 1)) {
            order.push_back(t.nodes[p]);
            total += f;
        }
    Shares shares;
    shares.reserve(order.size());
    int left = gpus;
    for (size_t k = 0; k + 1 < order.size(); k++) {
        shares.push_back(NodeShare{order[k], free_[order[k]]});
        left -= free_[order[k]];
    }
    auto used = [&](size_t node) { return std::find(order.begin(), order.end() - 1, node) != order.end() - 1; };
    for (int f = left; f <= t.largest; f++) {
        long p = next(t.by_free[f], 0);
        while (p >= 0 && used(t.nodes[p]))
            p = next(t.by_free[f], p + 1);
        if (p >= 0) {
            shares.push_back(NodeShare{t.nodes[p], left});
            break;
        }
    }
    std::sort(shares.begin(), shares.end(), [](const NodeShare &a, const NodeShare &b) { return a.node < b.node; });
    return shares;
}

Shares NodePool::place(int type, int gpus) const
{
    if (auto node = best_fit(type, gpus))
        return {NodeShare{*node, gpus}};
    return spread(type, gpus);
}

void NodePool::take(const Shares &shares)
{
    for (const auto &s : shares)
        set_free(s.node, free_[s.node] - s.gpus);
}

void NodePool::release(const Shares &shares)
{
    for (const auto &s : shares)
        set_free(s.node, free_[s.node] + s.gpus);
}

}  // namespace accord::core
