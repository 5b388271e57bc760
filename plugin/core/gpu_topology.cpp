#include "core/gpu_topology.h"

#include <algorithm>
#include <stdexcept>

namespace accord::core {

namespace {

constexpr int kLinks = static_cast<int>(GpuLink::Machine) + 1;

std::string pair_text(int a, int b) { return "GPUs " + std::to_string(a) + " and " + std::to_string(b); }

void check_links(const std::vector<std::vector<GpuLink>> &links)
{
    int n = static_cast<int>(links.size());
    if (n < 1 || n > kMaxTopologyGpus)
        throw std::invalid_argument("a topology needs 1 to " + std::to_string(kMaxTopologyGpus) + " GPUs, not " +
                                    std::to_string(n));
    for (int a = 0; a < n; a++) {
        if (static_cast<int>(links[a].size()) != n)
            throw std::invalid_argument("row " + std::to_string(a) + " has " + std::to_string(links[a].size()) +
                                        " links, not " + std::to_string(n));
        for (int b = 0; b < n; b++) {
            GpuLink l = links[a][b];
            if (l < GpuLink::Same || l > GpuLink::Machine)
                throw std::invalid_argument("unknown link between " + pair_text(a, b));
            if ((a == b) != (l == GpuLink::Same))
                throw std::invalid_argument(a == b ? "GPU " + std::to_string(a) + " is not the same as itself"
                                                   : pair_text(a, b) + " are linked as one GPU");
        }
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < a; b++)
            if (links[a][b] != links[b][a])
                throw std::invalid_argument("the link between " + pair_text(a, b) + " differs by direction");
    // A hierarchy: what is close to a GPU's close neighbour is as close to it.
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = 0; c < n; c++)
                if (links[a][c] > std::max(links[a][b], links[b][c]))
                    throw std::invalid_argument("not a hierarchy: " + pair_text(a, c) + " are farther apart than "
                                                "either is from GPU " + std::to_string(b));
}

}  // namespace

const char *gpu_link_text(GpuLink link)
{
    switch (link) {
    case GpuLink::Same:
        return "one GPU";
    case GpuLink::PciSwitch:
        return "same PCIe switch";
    case GpuLink::HostBridge:
        return "same PCIe host bridge";
    case GpuLink::NumaNode:
        return "same NUMA node";
    case GpuLink::Package:
        return "same package";
    case GpuLink::Machine:
        break;
    }
    return "across packages";
}

GpuTopology::GpuTopology(std::vector<std::vector<GpuLink>> links) : links_(std::move(links))
{
    check_links(links_);
}

GpuLink GpuTopology::span(const std::vector<int> &gpus) const
{
    GpuLink widest = GpuLink::Same;
    for (size_t i = 0; i < gpus.size(); i++)
        for (size_t j = 0; j < i; j++)
            widest = std::max(widest, link(gpus[i], gpus[j]));
    return widest;
}

std::vector<std::vector<int>> GpuTopology::group_sizes(const std::vector<int> &candidates) const
{
    size_t n = candidates.size();
    std::vector<std::vector<int>> sizes(kLinks, std::vector<int>(n, 0));
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            for (int l = static_cast<int>(link(candidates[i], candidates[j])); l < kLinks; l++)
                sizes[l][i]++;
    return sizes;
}

std::vector<int> GpuTopology::closest(const std::vector<int> &candidates, int count) const
{
    int n = static_cast<int>(candidates.size());
    if (count < 1 || count > n)
        return {};
    auto sizes = group_sizes(candidates);
    int within = 0;  // the closest link at which some group holds `count`
    while (*std::max_element(sizes[within].begin(), sizes[within].end()) < count)
        within++;
    // The group: the fewest candidates that suffice (best fit), then the
    // smallest enclosing groups, then the first GPU.
    auto group_key = [&](int i) {
        std::vector<int> key;
        for (int l = within; l < kLinks; l++)
            key.push_back(sizes[l][i]);
        key.push_back(i);
        return key;
    };
    int leader = -1;
    for (int i = 0; i < n; i++)
        if (sizes[within][i] >= count && (leader < 0 || group_key(i) < group_key(leader)))
            leader = i;
    // In it, the GPUs in the smallest closer groups first.
    std::vector<std::pair<std::vector<int>, int>> members;
    for (int i = 0; i < n; i++) {
        if (static_cast<int>(link(candidates[leader], candidates[i])) > within)
            continue;
        std::vector<int> key;
        for (int l = 1; l < within; l++)
            key.push_back(sizes[l][i]);
        key.push_back(i);
        members.push_back({std::move(key), candidates[i]});
    }
    std::sort(members.begin(), members.end());
    std::vector<int> chosen;
    for (int i = 0; i < count; i++)
        chosen.push_back(members[i].second);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

std::string gpus_text(const std::string &node, const std::vector<int> &gpus, GpuLink span)
{
    std::string list;
    for (int g : gpus)
        list += (list.empty() ? "" : ",") + std::to_string(g);
    return node + " GPUs " + list + ": " + gpu_link_text(span);
}

}  // namespace accord::core
