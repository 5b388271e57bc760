// Nodes where select_nodes() refuses any start ("Requested nodes are busy",
// node_scheduler.c): a job's epilog runs there (cg_node_bitmap) or the node
// reboots to resume (rs_node_bitmap). sched/backfill plans them from the
// next second.
#pragma once

#include "slurm/slurm_headers.h"

namespace accord::slurm {

inline bool node_defers_starts(int slurm_index)
{
    return (cg_node_bitmap && bit_test(cg_node_bitmap, slurm_index)) ||
           (rs_node_bitmap && bit_test(rs_node_bitmap, slurm_index));
}

}  // namespace accord::slurm
