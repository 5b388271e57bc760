#include "ctl/slurm_view.h"

#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>

#include <stdexcept>

#include "ctl/gres_text.h"

namespace accord::ctl {

void init_slurm_client() { slurm_init(nullptr); }

namespace {

[[noreturn]] void slurm_failed(const char *call)
{
    throw std::runtime_error(std::string(call) + " failed: " + slurm_strerror(slurm_get_errno()) +
                             " (is slurmctld up, and SLURM_CONF right?)");
}

// What slurmctld's avail_node_bitmap holds, which sched_accord plans on.
bool usable(uint32_t state)
{
    uint32_t base = state & NODE_STATE_BASE;
    if (base == NODE_STATE_DOWN || base == NODE_STATE_FUTURE || base == NODE_STATE_UNKNOWN)
        return false;
    return !(state & (NODE_STATE_DRAIN | NODE_STATE_FAIL | NODE_STATE_NO_RESPOND | NODE_STATE_POWERED_DOWN |
                      NODE_STATE_POWER_DOWN | NODE_STATE_POWERING_DOWN));
}

void add_node(const node_info_t &node, GpusByType &gpus)
{
    core::GpuCounts used = gpu_counts(node.gres_used ? node.gres_used : "");
    for (const auto &[type, count] : gpu_counts(node.gres ? node.gres : "")) {
        if (count <= 0)
            continue;
        slurm::GpuTypeView &view = gpus[type];
        view.nodes++;
        view.total += count;
        if (!usable(node.node_state))
            view.unavailable += count;
        else if (count > used[type])
            view.free += count - used[type];
    }
}

}  // namespace

std::map<std::string, GpusByType> load_partition_gpus()
{
    node_info_msg_t *nodes = nullptr;
    // GRES in use comes only with SHOW_DETAIL (as sinfo asks for GresUsed).
    if (slurm_load_node(0, &nodes, SHOW_ALL | SHOW_DETAIL) != SLURM_SUCCESS)
        slurm_failed("slurm_load_node");
    partition_info_msg_t *parts = nullptr;
    if (slurm_load_partitions(0, &parts, SHOW_ALL) != SLURM_SUCCESS) {
        slurm_free_node_info_msg(nodes);
        slurm_failed("slurm_load_partitions");
    }
    std::map<std::string, GpusByType> out;
    try {
        for (uint32_t p = 0; p < parts->record_count; p++) {
            const partition_info_t &part = parts->partition_array[p];
            GpusByType &gpus = out[part.name];
            // node_inx: pairs of first and last index into the node table, then -1.
            for (int i = 0; part.node_inx && part.node_inx[i] >= 0; i += 2)
                for (int n = part.node_inx[i]; n <= part.node_inx[i + 1]; n++)
                    if (n < static_cast<int>(nodes->record_count))
                        add_node(nodes->node_array[n], gpus);
        }
    } catch (...) {
        slurm_free_partition_info_msg(parts);
        slurm_free_node_info_msg(nodes);
        throw;
    }
    slurm_free_partition_info_msg(parts);
    slurm_free_node_info_msg(nodes);
    return out;
}

std::string state_save_location()
{
    slurm_conf_t *conf = nullptr;
    if (slurm_load_ctl_conf(0, &conf) != SLURM_SUCCESS)
        slurm_failed("slurm_load_ctl_conf");
    std::string dir = conf->state_save_location ? conf->state_save_location : "";
    slurm_free_ctl_conf(conf);
    if (dir.empty())
        throw std::runtime_error("slurmctld's configuration has no StateSaveLocation");
    return dir;
}

}  // namespace accord::ctl
