#include "core/node_picker.h"

#include <algorithm>
#include <tuple>

namespace accord::core {

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

Resources per_node_demand(const PendingJob &job, const std::string &gpu_type, int node_count)
{
    const GpuRequest &g = job.gpus;
    auto on_each = [node_count](int per_node, int per_job) {
        return per_node > 0 ? per_node : ceil_div(per_job, node_count);
    };
    Resources demand;
    int gpus = 0;
    if (g.any())
        gpus = demand.gpus[gpu_type] = on_each(g.per_node, g.per_job);
    for (const GpuPart &part : g.more_types) {
        int more = on_each(part.per_node, part.per_job);
        demand.gpus[part.type] += more;
        gpus += more;
    }
    demand.cpus = std::max({job.cpus_per_node, ceil_div(job.cpus_total, node_count), g.cpus_per_gpu * gpus});
    demand.mem_mb = job.mem_per_node_mb + job.mem_per_cpu_mb * demand.cpus + g.mem_per_gpu_mb * gpus;
    demand.shards = job.shards_per_node;
    return demand;
}

namespace {

// Lower is better: how close the job's GPUs would be, the predicted loss
// of sharing a GPU, the predicted loss beside the node's jobs, then how tight.
using Rank = std::tuple<GpuLink, double, double, int, int, int>;

struct Candidate {
    int node;
    Resources take;
    Rank rank;
    int idle_gpus_left;  // of the chosen type, after taking
    std::optional<SharedGpu> shared;
};

// An exclusive job takes the whole node, so the node must be wholly free.
std::optional<Resources> node_take(const PendingJob &job, const Resources &demand,
                                   const Resources &free, const Resources &capacity)
{
    if (job.whole_node_memory && demand.mem_mb != capacity.mem_mb) {
        Resources all_memory = demand;
        all_memory.mem_mb = capacity.mem_mb;
        return node_take(job, all_memory, free, capacity);
    }
    if (job.exclusive) {
        bool idle = free.cpus >= capacity.cpus && free.mem_mb >= capacity.mem_mb &&
                    covers(free, capacity);
        if (!idle || !covers(capacity, demand))
            return std::nullopt;
        return capacity;
    }
    if (!covers(free, demand))
        return std::nullopt;
    Resources take = demand;
    if (demand.shards > 0 && !free.shards_by_gpu.empty())
        take.shards_by_gpu[first_gpu_with_shards(free, demand.shards)] = demand.shards;
    return take;
}

// A start now takes its shards from the GPU Slurm gives now (`shared`),
// which must also stay free over the job's period: a reservation may hold
// it later. False when it does not.
bool take_from_shared_gpu(const PendingJob &job, Resources &take, const Resources &free, const SharedGpu &shared)
{
    if (job.exclusive || take.shards_by_gpu.empty())
        return true;
    auto it = free.shards_by_gpu.find(shared.gpu);
    if (it == free.shards_by_gpu.end() || it->second < job.shards_per_node)
        return false;
    take.shards_by_gpu = {{shared.gpu, job.shards_per_node}};
    return true;
}

// `gpus`: what the job uses of the node's GPUs of the type (an exclusive
// job takes them all, but its closeness is that of the GPUs it asked for).
Rank rank_of(const std::string &gpu_type, const Resources &free, const Resources &take, int node, int gpus,
             const GpuCloseness *closeness)
{
    GpuLink link = closeness ? closeness->closest(node, gpu_type, gpus) : GpuLink::Same;
    // CPU-only jobs keep off GPU nodes; GPU and shard jobs fill partly used nodes.
    int gpu_key = take.shards > 0    ? free.shards - take.shards
                  : gpu_type.empty() ? free.total_gpus()
                                     : free.gpus_of(gpu_type) - take.gpus_of(gpu_type);
    return {link, 0.0, 0.0, gpu_key, free.cpus - take.cpus, node};
}

// The GPU a shard job would share on the node; none for other jobs, and
// for a shard job on a node where no GPU has its shards free.
std::optional<SharedGpu> shared_gpu(const PendingJob &job, int node, const ShardSharing *sharing)
{
    if (!sharing || job.shards_per_node <= 0)
        return std::nullopt;
    return sharing->share(node, job.shards_per_node, job.family);
}

bool unpredicted(const Candidate &c) { return !c.shared || !c.shared->predicted; }

// Predicted losses rank the candidates only when known on every one: a
// partial ranking would favour nodes for what is known of them. So a GPU
// joined earlier in the cycle without a prediction for its new users
// (more than one start joined it) leaves the job to fit too; the pick
// says so, and the next cycle predicts for those users.
void rank_by_loss(std::vector<Candidate> &others, Pick &pick)
{
    pick.shard_candidates = static_cast<int>(others.size());
    bool known = true;
    for (const auto &c : others)
        if (unpredicted(c)) {
            known = false;
            pick.unpredicted_joined = pick.unpredicted_joined || (c.shared && c.shared->joined_this_cycle);
        }
    if (!known)
        return;
    for (auto &c : others)
        std::get<1>(c.rank) = c.shared->loss();
    pick.by_slowdown = !others.empty();
}

// The nodes of the `wanted` best candidates, in order.
std::vector<int> best_nodes(const std::vector<Candidate> &others, size_t wanted)
{
    std::vector<std::pair<Rank, int>> ranks;
    ranks.reserve(others.size());
    for (const auto &c : others)
        ranks.emplace_back(c.rank, c.node);
    std::partial_sort(ranks.begin(), ranks.begin() + static_cast<long>(wanted), ranks.end());
    std::vector<int> nodes;
    for (size_t i = 0; i < wanted; i++)
        nodes.push_back(ranks[i].second);
    return nodes;
}

// Ranks by the loss predicted beside each node's jobs; the pick says
// whether that changed which nodes the job gets.
void rank_by_neighbours(const PendingJob &job, std::vector<Candidate> &others, size_t wanted,
                        const NodeNeighbours &neighbours, Pick &pick)
{
    std::vector<int> before = best_nodes(others, wanted);
    for (auto &c : others)
        std::get<2>(c.rank) = neighbours.loss(c.node, job);
    pick.by_neighbours = best_nodes(others, wanted) != before;
}

struct NodeFree {
    int node;
    Resources free;
    bool required;
};

// Whether the pick is decided by fit alone and takes exactly the demand on
// each node: a GPU job, not exclusive, no shards (so sharing cannot rank
// it), no required node, no closeness or neighbours to rank by.
bool by_fit_alone(const PendingJob &job, const std::string &gpu_type, const GpuCloseness *closeness,
                  const NodeNeighbours *neighbours)
{
    return !gpu_type.empty() && !closeness && !neighbours && job.required_nodes.empty() && !job.exclusive &&
           !job.whole_node_memory && job.shards_per_node == 0;
}

// pick_with_count() when fit alone decides: the `node_count` nodes of
// least rank_of() (fewest GPUs of the type left, then CPUs, then lowest
// index), ranked as small tuples rather than candidates that copy what
// each node gives; a cycle tries hundreds of nodes per start and
// reservation.
std::optional<Pick> pick_by_fit(const std::string &gpu_type, const std::vector<NodeFree> &frees,
                                const Resources &demand, int node_count)
{
    int gpus = demand.gpus_of(gpu_type);
    std::vector<std::tuple<int, int, int>> ranks;  // GPUs left, CPUs left, node
    ranks.reserve(frees.size());
    for (const auto &f : frees)
        if (covers(f.free, demand))
            ranks.emplace_back(f.free.gpus_of(gpu_type) - gpus, f.free.cpus - demand.cpus, f.node);
    size_t wanted = static_cast<size_t>(node_count);
    if (ranks.size() < wanted)
        return std::nullopt;
    std::partial_sort(ranks.begin(), ranks.begin() + static_cast<long>(wanted), ranks.end());
    Pick pick;
    pick.placement.reserve(wanted);
    for (size_t i = 0; i < wanted; i++) {
        pick.placement.push_back({std::get<2>(ranks[i]), demand});
        pick.idle_gpus_left += std::get<0>(ranks[i]);
    }
    return pick;
}

std::optional<Pick> pick_with_count(const PendingJob &job, const std::string &gpu_type,
                                    const std::vector<NodeTimeline> &timelines,
                                    const std::vector<NodeFree> &frees, int node_count,
                                    const GpuCloseness *closeness, const ShardSharing *sharing,
                                    const NodeNeighbours *neighbours)
{
    Resources demand = per_node_demand(job, gpu_type, node_count);
    if (by_fit_alone(job, gpu_type, closeness, neighbours))
        return pick_by_fit(gpu_type, frees, demand, node_count);
    int gpus = demand.gpus_of(gpu_type);
    bool shares = sharing && job.shards_per_node > 0;
    Pick pick;
    std::vector<Candidate> others;
    others.reserve(frees.size());
    for (const auto &[node, free, required] : frees) {
        auto take = node_take(job, demand, free, timelines.at(node).capacity());
        auto shared = take ? shared_gpu(job, node, sharing) : std::nullopt;
        if (shared && !take_from_shared_gpu(job, *take, free, *shared))
            shared.reset();
        if (!take || (shares && !shared)) {
            if (required)
                return std::nullopt;
            continue;
        }
        int left = free.gpus_of(gpu_type) - take->gpus_of(gpu_type);
        if (required) {
            pick.placement.push_back({node, std::move(*take)});
            pick.idle_gpus_left += left;
            if (shared)
                pick.shared.push_back(*shared);
        } else {
            Rank rank = rank_of(gpu_type, free, *take, node, gpus, closeness);
            others.push_back({node, std::move(*take), rank, left, shared});
        }
    }
    if (static_cast<int>(pick.placement.size()) > node_count)
        return std::nullopt;
    size_t wanted = node_count - pick.placement.size();
    if (others.size() < wanted)
        return std::nullopt;
    if (shares)
        rank_by_loss(others, pick);
    if (neighbours)
        rank_by_neighbours(job, others, wanted, *neighbours, pick);
    std::partial_sort(others.begin(), others.begin() + wanted, others.end(),
                      [](const Candidate &a, const Candidate &b) { return a.rank < b.rank; });
    for (size_t i = 0; i < wanted; i++) {
        pick.placement.push_back({others[i].node, std::move(others[i].take)});
        pick.idle_gpus_left += others[i].idle_gpus_left;
        pick.neighbour_loss += std::get<2>(others[i].rank);
        if (others[i].shared)
            pick.shared.push_back(*others[i].shared);
    }
    return pick;
}

}  // namespace

bool one_node_holds(const PendingJob &job, const std::string &gpu_type, const Resources &demand,
                    const Resources &free, const Resources &capacity)
{
    if (!gpu_type.empty() && capacity.gpus_of(gpu_type) == 0)
        return false;
    return node_take(job, demand, free, capacity).has_value();
}

// The fewest GPUs of the type the job takes on any node it may use.
static int fewest_gpus_per_node(const PendingJob &job, const std::string &gpu_type, int most_nodes)
{
    if (gpu_type.empty() || most_nodes < 1)
        return 0;
    return per_node_demand(job, gpu_type, most_nodes).gpus_of(gpu_type);
}

std::optional<Pick> pick_nodes(const PendingJob &job, const std::string &gpu_type,
                               const std::vector<NodeTimeline> &timelines,
                               const FreeResources &free_of, const GpuCloseness *closeness,
                               const ShardSharing *sharing, const NodeScope &scope,
                               const NodeNeighbours *neighbours)
{
    if (closeness && !closeness->any())
        closeness = nullptr;
    if (sharing && !sharing->any())
        sharing = nullptr;
    if (neighbours && !neighbours->weighs(job))
        neighbours = nullptr;
    for (int node : job.required_nodes)
        if (std::find(job.allowed_nodes.begin(), job.allowed_nodes.end(), node) == job.allowed_nodes.end())
            return std::nullopt;
    int most = std::min<int>(job.max_nodes, static_cast<int>(job.allowed_nodes.size()));
    int least = std::max<int>(job.min_nodes, static_cast<int>(job.required_nodes.size()));
    int fewest = scope.free_gpus_at_most ? fewest_gpus_per_node(job, gpu_type, most) : 0;
    bool typed = scope.typed_nodes && job.required_nodes.empty() && !gpu_type.empty();
    // What each allowed node can give is the same for every node count.
    std::vector<NodeFree> frees;
    frees.reserve(typed ? scope.typed_nodes->size() : job.allowed_nodes.size());
    int free_gpus = 0;
    for (int node : typed ? *scope.typed_nodes : job.allowed_nodes.nodes()) {
        bool required = std::find(job.required_nodes.begin(), job.required_nodes.end(), node) !=
                        job.required_nodes.end();
        bool has_type = typed || gpu_type.empty() || timelines.at(node).capacity().gpus_of(gpu_type) > 0;
        if (!has_type && required)
            return std::nullopt;
        if (!has_type)
            continue;  // cannot give this job any GPU of the type
        if (fewest > 0 && !required && (*scope.free_gpus_at_most)[node] < fewest)
            continue;  // cannot give it its GPUs on any node count
        frees.push_back({node, free_of(node), required});
        free_gpus += gpu_type.empty() ? 0 : frees.back().free.gpus_of(gpu_type);
    }
    for (int count = std::max(least, 1); count <= most; count++) {
        if (!gpu_type.empty() && free_gpus < per_node_demand(job, gpu_type, count).gpus_of(gpu_type) * count)
            continue;  // fewer GPUs free in all than this many nodes would take
        auto pick = pick_with_count(job, gpu_type, timelines, frees, count, closeness, sharing, neighbours);
        if (pick)
            return pick;
    }
    return std::nullopt;
}

}  // namespace accord::core
