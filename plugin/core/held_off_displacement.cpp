#include "core/held_off_displacement.h"

#include <algorithm>
#include <string>
#include <tuple>

namespace accord::core {

namespace {

bool contains(const std::vector<int> &nodes, int node)
{
    return std::find(nodes.begin(), nodes.end(), node) != nodes.end();
}

// A movable job that could make room for the waiting one.
struct Holder {
    size_t index;     // into the movable jobs
    bool on_required; // holds GPUs on one of its required nodes
    double priority;
    int gpus;         // held on nodes it may use
};

std::vector<Holder> holders_of(const PendingJob &waiting, const std::string &type, const ClusterSnapshot &s,
                               const std::vector<Movable> &movable, const std::vector<bool> &displaced)
{
    std::vector<Holder> out;
    for (size_t j = 0; j < movable.size(); j++) {
        const Movable &m = movable[j];
        const RunningJob &r = s.running[m.running];
        if (displaced[j] || m.type != type || r.priority >= waiting.priority)
            continue;
        Holder h{j, false, r.priority, 0};
        for (const auto &[node, gpus] : m.held)
            if (contains(waiting.allowed_nodes, node)) {
                h.gpus += gpus;
                h.on_required = h.on_required || contains(waiting.required_nodes, node);
            }
        if (h.gpus > 0)
            out.push_back(h);
    }
    std::sort(out.begin(), out.end(), [](const Holder &a, const Holder &b) {
        return std::make_tuple(!a.on_required, a.priority, a.index) <
               std::make_tuple(!b.on_required, b.priority, b.index);
    });
    return out;
}

int free_gpus_on(const std::vector<int> &nodes, const std::string &type, const ClusterSnapshot &s)
{
    int free = 0;
    for (int n : nodes)
        if (s.nodes[n].schedulable)
            free += s.nodes[n].free.gpus_of(type);
    return free;
}

}  // namespace

bool may_run_on(const PendingJob &asked, const std::vector<int> &on)
{
    return std::all_of(on.begin(), on.end(), [&](int n) { return contains(asked.allowed_nodes, n); }) &&
           std::all_of(asked.required_nodes.begin(), asked.required_nodes.end(),
                       [&](int n) { return contains(on, n); });
}

std::vector<size_t> displaced_for_held_off(const PendingJob &waiting, const JobOption &given,
                                           const std::vector<int> &given_on, const ClusterSnapshot &s,
                                           const std::vector<Movable> &movable, const std::vector<bool> &displaced)
{
    if (waiting.allowed_nodes.empty() || may_run_on(waiting, given_on))
        return {};
    int room = free_gpus_on(waiting.allowed_nodes, given.gpu_type, s);
    std::vector<size_t> out;
    for (const Holder &h : holders_of(waiting, given.gpu_type, s, movable, displaced)) {
        if (room >= given.gpus && !h.on_required)
            break;
        out.push_back(h.index);
        room += h.gpus;
    }
    if (room < given.gpus)
        return {};
    return out;
}

}  // namespace accord::core
