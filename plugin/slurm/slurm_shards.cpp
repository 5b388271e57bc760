#include "slurm/slurm_shards.h"

#include <algorithm>

#include "slurm/gres_record.h"
#include "slurm/slurm_gpus.h"

namespace accord::slurm {

namespace {

// The GPU index of shard record t: its bitmap's one bit, else t (Slurm
// builds one record per GPU, in index order).
int gpu_of_record(gres_node_state_t *state, int t)
{
    bitstr_t *bits = state->topo_gres_bitmap ? state->topo_gres_bitmap[t] : nullptr;
    int first = bits ? bit_ffs(bits) : -1;
    return first >= 0 ? first : t;
}

constexpr const char *kShareGres[] = {"shard", "mps"};

bool is_share_gres(gres_state_t *gres)
{
    for (const char *name : kShareGres)
        if (is_gres(gres, name))
            return true;
    return false;
}

gres_node_state_t *share_state(node_record_t *node)
{
    const char *name = node_share_gres(node);
    return name ? node_gres_state(node, name) : nullptr;
}

}  // namespace

const char *node_share_gres(node_record_t *node)
{
    for (const char *name : kShareGres)
        if (node_gres_state(node, name))
            return name;
    return nullptr;
}

bool node_one_sharing(node_record_t *node)
{
    const char *name = node_share_gres(node);
    gres_state_t *gres = name ? node_gres_record(node, name) : nullptr;
    return gres && (gres->config_flags & GRES_CONF_ONE_SHARING);
}

std::vector<core::ShardGpu> node_shard_gpus(node_record_t *node)
{
    std::vector<core::ShardGpu> gpus;
    gres_node_state_t *state = share_state(node);
    if (!state || !state->topo_gres_cnt_avail || !state->topo_gres_cnt_alloc)
        return gpus;
    std::vector<core::GpuSlot> slots = node_gpu_slots(node);
    for (int t = 0; t < state->topo_cnt; t++) {
        core::ShardGpu gpu;
        gpu.index = gpu_of_record(state, t);
        bool whole = gpu.index < static_cast<int>(slots.size()) && !slots[gpu.index].free;
        int avail = static_cast<int>(state->topo_gres_cnt_avail[t]);
        int used = static_cast<int>(state->topo_gres_cnt_alloc[t]);
        if (avail <= 0)
            continue;  // a GPU kept from sharing (gres.conf Count=0)
        gpu.free = whole ? 0 : std::max(avail - used, 0);
        const char *type = state->topo_type_name ? state->topo_type_name[t] : nullptr;
        gpu.type = gpu.index < static_cast<int>(slots.size()) ? slots[gpu.index].type
                   : type && *type                            ? type
                                                              : kUntypedGpu;
        gpus.push_back(std::move(gpu));
    }
    std::sort(gpus.begin(), gpus.end(),
              [](const core::ShardGpu &a, const core::ShardGpu &b) { return a.index < b.index; });
    return gpus;
}

int node_shard_capacity(node_record_t *node)
{
    gres_node_state_t *state = share_state(node);
    return state ? static_cast<int>(state->gres_cnt_avail) : 0;
}

core::ShardCounts node_shard_capacity_by_gpu(node_record_t *node)
{
    core::ShardCounts capacity;
    gres_node_state_t *state = share_state(node);
    if (!state || !state->topo_gres_cnt_avail)
        return capacity;
    for (int t = 0; t < state->topo_cnt; t++)
        if (state->topo_gres_cnt_avail[t] > 0)
            capacity[gpu_of_record(state, t)] += static_cast<int>(state->topo_gres_cnt_avail[t]);
    return capacity;
}

ShardHold job_shards_on_node(job_record_t *job, int node_offset)
{
    ShardHold hold;
    if (!job->gres_list_alloc)
        return hold;
    ListIterator it = list_iterator_create(job->gres_list_alloc);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it))) {
        auto *js = static_cast<gres_job_state_t *>(gres->gres_data);
        if (!is_share_gres(gres) || node_offset >= static_cast<int>(js->node_cnt))
            continue;
        if (js->gres_cnt_node_alloc)
            hold.count += static_cast<int>(js->gres_cnt_node_alloc[node_offset]);
        bitstr_t *bits = js->gres_bit_alloc ? js->gres_bit_alloc[node_offset] : nullptr;
        if (bits && bit_ffs(bits) >= 0)
            hold.gpu = static_cast<int>(bit_ffs(bits));
    }
    list_iterator_destroy(it);
    return hold;
}

int job_shard_request(job_record_t *job)
{
    int shards = 0;
    if (!job->gres_list_req)
        return shards;
    ListIterator it = list_iterator_create(job->gres_list_req);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it))) {
        if (!is_share_gres(gres))
            continue;
        auto *js = static_cast<gres_job_state_t *>(gres->gres_data);
        uint64_t count = js->gres_per_node   ? js->gres_per_node
                         : js->gres_per_job  ? js->gres_per_job
                         : js->gres_per_task ? js->gres_per_task
                                             : js->gres_per_socket;
        shards += static_cast<int>(count);
    }
    list_iterator_destroy(it);
    return shards;
}

const char *job_share_gres(job_record_t *job)
{
    const char *name = nullptr;
    if (!job->gres_list_req)
        return name;
    ListIterator it = list_iterator_create(job->gres_list_req);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it)))
        for (const char *share : kShareGres)
            if (!name && is_gres(gres, share))
                name = share;
    list_iterator_destroy(it);
    return name;
}

void hide_shared_gpus(core::Node &node)
{
    for (const auto &gpu : node.shard_gpus) {
        if (gpu.users.empty())
            continue;
        if (gpu.index < static_cast<int>(node.gpu_slots.size()))
            node.gpu_slots[gpu.index].free = false;
        auto free = node.free.gpus.find(gpu.type);
        if (free != node.free.gpus.end() && free->second > 0)
            free->second--;
    }
}

}  // namespace accord::slurm
