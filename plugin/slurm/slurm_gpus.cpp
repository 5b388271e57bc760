#include "slurm/slurm_gpus.h"

#include <algorithm>
#include <functional>

#include "slurm/gres_record.h"

namespace accord::slurm {

namespace {

std::string topo_type(gres_node_state_t *state, int t)
{
    const char *name = state->topo_type_name ? state->topo_type_name[t] : nullptr;
    return name && *name ? name : kUntypedGpu;
}

// Visits each GPU type record of the node with how many of its GPUs the
// given allocation bitmap covers (all of them when `alloc` is null).
void for_each_topo(gres_node_state_t *state, bitstr_t *alloc,
                   const std::function<void(const std::string &, int avail, int used)> &visit)
{
    for (int t = 0; t < state->topo_cnt; t++) {
        int avail = static_cast<int>(state->topo_gres_cnt_avail[t]);
        int used = static_cast<int>(state->topo_gres_cnt_alloc[t]);
        bitstr_t *mine = state->topo_gres_bitmap ? state->topo_gres_bitmap[t] : nullptr;
        if (alloc && mine && bit_size(alloc) == bit_size(mine))
            used = bit_overlap(alloc, mine);
        visit(topo_type(state, t), avail, used);
    }
}

// Visits each GPU type slurm.conf names for the node (Gres=gpu:TYPE:N) with
// its count and how many of them cons_tres counts allocated.
void for_each_type(gres_node_state_t *state, const std::function<void(const std::string &, int avail, int used)> &visit)
{
    if (!state->type_cnt_avail || !state->type_cnt_alloc)
        return;
    for (int t = 0; t < state->type_cnt; t++) {
        const char *name = state->type_name ? state->type_name[t] : nullptr;
        visit(name && *name ? name : kUntypedGpu, static_cast<int>(state->type_cnt_avail[t]),
              static_cast<int>(state->type_cnt_alloc[t]));
    }
}

// The GPUs of one gres record of a job's request.
core::GpuPart record_gpus(const gres_job_state_t *js, uint32_t tasks)
{
    core::GpuPart part;
    if (js->type_name && *js->type_name)
        part.type = js->type_name;
    if (js->gres_per_node)
        part.per_node = static_cast<int>(js->gres_per_node);
    else if (js->gres_per_socket)
        part.per_node = static_cast<int>(js->gres_per_socket);  // one socket: a lower bound
    else if (js->gres_per_job)
        part.per_job = static_cast<int>(js->gres_per_job);
    else if (js->gres_per_task)
        part.per_job = static_cast<int>(js->gres_per_task * tasks);
    return part;
}

// A type named twice (gpu:a100:1,gpu:a100:1) got one GPU from Slurm, not
// two: the larger count holds.
void add_part(std::vector<core::GpuPart> &parts, const core::GpuPart &part)
{
    auto same = std::find_if(parts.begin(), parts.end(), [&](const core::GpuPart &p) { return p.type == part.type; });
    if (same == parts.end()) {
        parts.push_back(part);
        return;
    }
    same->per_node = std::max(same->per_node, part.per_node);
    same->per_job = std::max(same->per_job, part.per_job);
}

}  // namespace

// After a slurmctld restart, until the node registers again, its gres
// record has no per-GPU (topo) entries, only slurm.conf's type counts
// (gres_ctld.c says so): the node's GPU types come from those meanwhile.
core::GpuCounts node_gpu_capacity(node_record_t *node)
{
    core::GpuCounts counts;
    gres_node_state_t *state = node_gres_state(node, "gpu");
    if (!state)
        return counts;
    for_each_topo(state, nullptr, [&](const std::string &type, int avail, int) { counts[type] += avail; });
    if (state->topo_cnt == 0)
        for_each_type(state, [&](const std::string &type, int avail, int) { counts[type] += avail; });
    if (counts.empty() && state->gres_cnt_avail)
        counts[kUntypedGpu] = static_cast<int>(state->gres_cnt_avail);
    return counts;
}

// What cons_tres counts free (gres_sched.c): per GPU by bitmap once the node
// registered; before that, per type by slurm.conf's counts, which a job's
// end does not lower until the node registers (so its GPUs are not free
// to a start for those seconds); never more than the node has left.
core::GpuCounts node_gpu_free(node_record_t *node)
{
    core::GpuCounts counts;
    gres_node_state_t *state = node_gres_state(node, "gpu");
    if (!state)
        return counts;
    int node_left = std::max(static_cast<int>(state->gres_cnt_avail) - static_cast<int>(state->gres_cnt_alloc), 0);
    for_each_topo(state, state->gres_bit_alloc, [&](const std::string &type, int avail, int used) {
        counts[type] += std::max(avail - used, 0);
    });
    if (state->topo_cnt == 0)
        for_each_type(state, [&](const std::string &type, int avail, int used) {
            counts[type] += std::min(std::max(avail - used, 0), node_left);
        });
    if (counts.empty() && state->gres_cnt_avail)
        counts[kUntypedGpu] = node_left;
    return counts;
}

std::vector<core::GpuSlot> node_gpu_slots(node_record_t *node)
{
    std::vector<core::GpuSlot> slots;
    gres_node_state_t *state = node_gres_state(node, "gpu");
    if (!state || !state->gres_bit_alloc)
        return slots;
    int n = static_cast<int>(bit_size(state->gres_bit_alloc));
    for (int g = 0; g < n; g++)
        slots.push_back(core::GpuSlot{kUntypedGpu, !bit_test(state->gres_bit_alloc, g)});
    for (int t = 0; t < state->topo_cnt; t++) {
        bitstr_t *mine = state->topo_gres_bitmap ? state->topo_gres_bitmap[t] : nullptr;
        if (!mine || bit_size(mine) != n)
            continue;
        std::string type = topo_type(state, t);
        for (int g = bit_ffs(mine); g >= 0 && g < n; g++)
            if (bit_test(mine, g))
                slots[g].type = type;
    }
    // Before the node registers it has no topo records; one type is all of it.
    if (state->topo_cnt == 0 && state->type_cnt == 1 && state->type_name && state->type_name[0] &&
        *state->type_name[0])
        for (auto &slot : slots)
            slot.type = state->type_name[0];
    return slots;
}

std::vector<int> job_gpu_indices(job_record_t *job, int node_offset)
{
    std::vector<int> gpus;
    if (!job->gres_list_alloc)
        return gpus;
    ListIterator it = list_iterator_create(job->gres_list_alloc);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it))) {
        auto *js = static_cast<gres_job_state_t *>(gres->gres_data);
        if (!is_gres(gres, "gpu") || node_offset >= static_cast<int>(js->node_cnt) || !js->gres_bit_alloc)
            continue;
        bitstr_t *bits = js->gres_bit_alloc[node_offset];
        for (int g = bits ? bit_ffs(bits) : -1; g >= 0 && g < static_cast<int>(bit_size(bits)); g++)
            if (bit_test(bits, g))
                gpus.push_back(g);
    }
    list_iterator_destroy(it);
    std::sort(gpus.begin(), gpus.end());
    gpus.erase(std::unique(gpus.begin(), gpus.end()), gpus.end());
    return gpus;
}

core::GpuCounts job_gpus_on_node(job_record_t *job, int node_offset, node_record_t *node)
{
    core::GpuCounts counts;
    if (!job->gres_list_alloc)
        return counts;
    gres_node_state_t *node_state = node_gres_state(node, "gpu");
    ListIterator it = list_iterator_create(job->gres_list_alloc);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it))) {
        if (!is_gres(gres, "gpu"))
            continue;
        auto *js = static_cast<gres_job_state_t *>(gres->gres_data);
        if (node_offset >= static_cast<int>(js->node_cnt))
            continue;
        bitstr_t *bits = js->gres_bit_alloc ? js->gres_bit_alloc[node_offset] : nullptr;
        if (bits && node_state && node_state->topo_cnt) {
            for_each_topo(node_state, bits, [&](const std::string &type, int, int used) { counts[type] += used; });
        } else if (js->gres_cnt_node_alloc) {
            const char *type = js->type_name && *js->type_name ? js->type_name : kUntypedGpu;
            counts[type] += static_cast<int>(js->gres_cnt_node_alloc[node_offset]);
        }
    }
    list_iterator_destroy(it);
    return counts;
}

core::GpuRequest job_gpu_request(job_record_t *job)
{
    core::GpuRequest request;
    if (!job->gres_list_req || !job->details)
        return request;
    std::vector<core::GpuPart> parts;  // one per type, in Slurm's order
    uint32_t tasks = std::max<uint32_t>(job->details->num_tasks, 1);
    ListIterator it = list_iterator_create(job->gres_list_req);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it))) {
        if (!is_gres(gres, "gpu"))
            continue;
        auto *js = static_cast<gres_job_state_t *>(gres->gres_data);
        add_part(parts, record_gpus(js, tasks));
        request.cpus_per_gpu = js->cpus_per_gres ? js->cpus_per_gres : js->def_cpus_per_gres;
        uint64_t mem = js->mem_per_gres ? js->mem_per_gres : js->def_mem_per_gres;
        request.mem_per_gpu_mb = static_cast<int64_t>(mem);
    }
    list_iterator_destroy(it);
    if (parts.empty())
        return request;
    request.type = parts.front().type;
    request.per_node = parts.front().per_node;
    request.per_job = parts.front().per_job;
    request.more_types.assign(parts.begin() + 1, parts.end());
    return request;
}

}  // namespace accord::slurm
