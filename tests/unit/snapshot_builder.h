// Small helpers to build a ClusterSnapshot tersely in unit tests.
//
//   SnapshotBuilder b;                       // now = kNow
//   b.add_node("a100-1", 64, 512000, {{"a100", 8}});
//   b.add_running(1, b.now() + 600, "a100-1", res(8, 1000, {{"a100", 4}}));
//   PendingJob &j = b.add_pending(10);       // 1 CPU, unlimited, all nodes allowed
//   j.gpus = {"a100", 2};
//
// Add every node before the pending jobs: a pending job is allowed on the
// nodes that exist when it is added. The PendingJob& returned by
// add_pending is invalidated by the next add_pending (vector growth).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/resources.h"
#include "core/snapshot.h"

namespace accord::test {

using core::ClusterSnapshot;
using core::GpuCounts;
using core::GpuLink;
using core::GpuPart;
using core::GpuTopology;
using core::GpuRequest;
using core::Node;
using core::NodeUsage;
using core::PendingJob;
using core::Resources;
using core::RunningJob;

constexpr int64_t kNow = 1700000000;

inline Resources res(int cpus, int64_t mem_mb, GpuCounts gpus = {})
{
    Resources r;
    r.cpus = cpus;
    r.mem_mb = mem_mb;
    r.gpus = std::move(gpus);
    return r;
}

// A node's GPUs under PCIe switches: `switch_of[g]` is GPU g's switch;
// GPUs on different switches meet at the host bridge.
inline std::shared_ptr<const GpuTopology> switch_topology(const std::vector<int> &switch_of)
{
    std::vector<std::vector<GpuLink>> links;
    for (size_t a = 0; a < switch_of.size(); a++) {
        links.emplace_back();
        for (size_t b = 0; b < switch_of.size(); b++)
            links.back().push_back(a == b                           ? GpuLink::Same
                                   : switch_of[a] == switch_of[b] ? GpuLink::PciSwitch
                                                                  : GpuLink::HostBridge);
    }
    return std::make_shared<const GpuTopology>(std::move(links));
}

class SnapshotBuilder {
public:
    explicit SnapshotBuilder(int64_t now = kNow) { snap_.now = now; }

    int64_t now() const { return snap_.now; }

    // A node, wholly free. Returns its index.
    int add_node(const std::string &name, int cpus, int64_t mem_mb, GpuCounts gpus = {},
                 bool schedulable = true)
    {
        Node n;
        n.name = name;
        n.capacity = res(cpus, mem_mb, std::move(gpus));
        n.free = n.capacity;
        n.schedulable = schedulable;
        snap_.nodes.push_back(std::move(n));
        return static_cast<int>(snap_.nodes.size()) - 1;
    }

    int node(const std::string &name) const
    {
        for (size_t i = 0; i < snap_.nodes.size(); i++)
            if (snap_.nodes[i].name == name)
                return static_cast<int>(i);
        throw std::out_of_range("no node " + name);
    }

    // A running job using `used` on `node` until `end_time`; the node's free
    // resources drop by `used`. Calling again with the same id adds a node
    // to that job.
    RunningJob &add_running(uint32_t job_id, int64_t end_time, int node_index, const Resources &used)
    {
        RunningJob *job = nullptr;
        for (auto &r : snap_.running)
            if (r.job_id == job_id)
                job = &r;
        if (!job) {
            snap_.running.push_back(RunningJob{});
            job = &snap_.running.back();
            job->job_id = job_id;
            job->end_time = end_time;
        }
        job->usage.push_back(NodeUsage{node_index, used});
        snap_.nodes.at(node_index).free -= used;
        return *job;
    }

    RunningJob &add_running(uint32_t job_id, int64_t end_time, const std::string &node_name,
                            const Resources &used)
    {
        return add_running(job_id, end_time, node(node_name), used);
    }

    // A pending job: 1 CPU on 1 node, unlimited time, no GPUs, allowed on
    // every node added so far. Appended in priority order.
    PendingJob &add_pending(uint32_t job_id, int cpus_total = 1, GpuRequest gpus = {},
                            int64_t time_limit_s = core::kUnlimitedSeconds)
    {
        PendingJob p;
        p.job_id = job_id;
        p.cpus_total = cpus_total;
        p.cpus_per_node = 1;
        p.gpus = std::move(gpus);
        p.time_limit_s = time_limit_s;
        std::vector<int> all_nodes;
        for (size_t i = 0; i < snap_.nodes.size(); i++)
            all_nodes.push_back(static_cast<int>(i));
        p.allowed_nodes = all_nodes;
        snap_.queue.push_back(std::move(p));
        return snap_.queue.back();
    }

    // Gives `node` its GPUs of `type` by index, `busy` ones allocated
    // (keep the node's free count in step with add_running), and
    // `topology` (null: none).
    void set_gpus(int node, const std::string &type, int count, const std::set<int> &busy,
                  std::shared_ptr<const GpuTopology> topology)
    {
        Node &n = snap_.nodes.at(node);
        n.gpu_slots.clear();
        for (int g = 0; g < count; g++)
            n.gpu_slots.push_back(core::GpuSlot{type, busy.count(g) == 0});
        n.topology = std::move(topology);
    }

    // Gives `node` shards on GPUs of `type`, `per_gpu[i]` on GPU i, counted
    // per GPU as the slurmctld shell does, all free.
    void set_shards(int node, const std::string &type, const std::vector<int> &per_gpu)
    {
        Node &n = snap_.nodes.at(node);
        n.shard_gpus.clear();
        for (size_t g = 0; g < per_gpu.size(); g++) {
            n.shard_gpus.push_back(core::ShardGpu{static_cast<int>(g), type, per_gpu[g], {}});
            n.capacity.shards += per_gpu[g];
            n.capacity.shards_by_gpu[static_cast<int>(g)] = per_gpu[g];
            n.free.shards += per_gpu[g];
            n.free.shards_by_gpu[static_cast<int>(g)] = per_gpu[g];
        }
    }

    // A running job of `family` holding `shards` of `node`'s GPU `gpu`
    // until `end_time` (after set_shards). As the slurmctld shell has it
    // (hide_shared_gpus()), a GPU with shard jobs is not free whole.
    RunningJob &add_shard_running(uint32_t job_id, int64_t end_time, int node, int gpu, int shards,
                                  const std::string &family)
    {
        Resources used = res(1, 1000);
        used.shards = shards;
        used.shards_by_gpu[gpu] = shards;
        Node &n = snap_.nodes.at(node);
        core::ShardGpu &on = n.shard_gpus.at(gpu);
        on.free -= shards;
        if (on.users.empty() && n.free.gpus_of(on.type) > 0)
            n.free.gpus[on.type]--;
        on.users.push_back({job_id, family});
        RunningJob &job = add_running(job_id, end_time, node, used);
        job.family = family;
        return job;
    }

    // A running job holding `node`'s GPU `gpu` whole (gres/gpu) until
    // `end_time` (after set_shards): as the slurmctld shell has it, the
    // GPU's shards are not free now and the job's usage holds them.
    RunningJob &add_whole_gpu_running(uint32_t job_id, int64_t end_time, int node, int gpu)
    {
        Node &n = snap_.nodes.at(node);
        core::ShardGpu &on = n.shard_gpus.at(gpu);
        on.free = 0;
        Resources used = res(1, 1000, {{on.type, 1}});
        used += core::shards_of_whole_gpus(n.capacity, {gpu});
        RunningJob &job = add_running(job_id, end_time, node, used);
        // The shell counts free shards from the GPUs' records.
        n.free.shards -= n.free.shards_by_gpu[gpu];
        n.free.shards_by_gpu[gpu] = 0;
        return job;
    }

    PendingJob &pending(size_t index) { return snap_.queue.at(index); }
    Node &node_at(int index) { return snap_.nodes.at(index); }

    ClusterSnapshot &snapshot() { return snap_; }
    const ClusterSnapshot &get() const { return snap_; }

private:
    ClusterSnapshot snap_;
};

}  // namespace accord::test
