#include "sim/round_placement.h"

#include <algorithm>
#include <stdexcept>

namespace accord::sim {

namespace {

// The node (position) with the fewest free GPUs that still holds `gpus`,
// ties by node order; -1 when none does.
long best_fit(const std::vector<int> &free, int gpus)
{
    long best = -1;
    for (size_t i = 0; i < free.size(); i++)
        if (free[i] >= gpus && (best < 0 || free[i] < free[best]))
            best = static_cast<long>(i);
    return best;
}

}  // namespace

RoundPlacer::RoundPlacer(const std::vector<core::Node> &nodes)
{
    for (size_t n = 0; n < nodes.size(); n++)
        for (const auto &[type, count] : nodes[n].capacity.gpus) {
            if (count <= 0)
                continue;
            TypeNodes &t = types_[type];
            t.nodes.push_back(n);
            t.capacity.push_back(count);
            t.free.push_back(count);
        }
}

void RoundPlacer::clear()
{
    for (auto &[type, t] : types_)
        t.free = t.capacity;
}

RoundPlacer::TypeNodes &RoundPlacer::of(const std::string &gpu_type)
{
    auto it = types_.find(gpu_type);
    if (it == types_.end())
        throw std::logic_error("round placement: no nodes with GPU type " + gpu_type);
    return it->second;
}

void RoundPlacer::keep(const std::string &gpu_type, const Placement &placement)
{
    TypeNodes &t = of(gpu_type);
    for (const auto &slice : placement) {
        auto at = std::lower_bound(t.nodes.begin(), t.nodes.end(), slice.node);
        size_t pos = static_cast<size_t>(at - t.nodes.begin());
        if (at == t.nodes.end() || *at != slice.node || t.free[pos] < slice.gpus)
            throw std::logic_error("round placement: a kept placement no longer fits node " +
                                   std::to_string(slice.node));
        t.free[pos] -= slice.gpus;
    }
}

Placement RoundPlacer::place(const std::string &gpu_type, int gpus)
{
    TypeNodes &t = of(gpu_type);
    long one = best_fit(t.free, gpus);
    if (one >= 0) {
        t.free[one] -= gpus;
        return {GpuSlice{t.nodes[one], gpus}};
    }
    int free = 0;
    for (int f : t.free)
        free += f;
    if (free < gpus)
        throw std::logic_error("round placement: " + std::to_string(gpus) + " GPUs of type " + gpu_type +
                               " asked, " + std::to_string(free) + " free");
    return spread(t, gpus);
}

// Fewest nodes: the nodes with the most free GPUs first; the last piece
// goes to the best-fitting node left, so large holes stay whole. The caller
// checked that the type has `gpus` free GPUs.
Placement RoundPlacer::spread(TypeNodes &t, int gpus)
{
    std::vector<size_t> order(t.nodes.size());
    for (size_t i = 0; i < order.size(); i++)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return t.free[a] > t.free[b]; });
    int total = 0;
    size_t needed = 0;
    while (total < gpus)
        total += t.free[order[needed++]];
    Placement placement;
    int left = gpus;
    for (size_t k = 0; k + 1 < needed; k++) {
        size_t pos = order[k];
        placement.push_back(GpuSlice{t.nodes[pos], t.free[pos]});
        left -= t.free[pos];
        t.free[pos] = 0;
    }
    size_t last = static_cast<size_t>(best_fit(t.free, left));
    t.free[last] -= left;
    placement.push_back(GpuSlice{t.nodes[last], left});
    std::sort(placement.begin(), placement.end(),
              [](const GpuSlice &a, const GpuSlice &b) { return a.node < b.node; });
    return placement;
}

}  // namespace accord::sim
