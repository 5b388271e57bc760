// What Slurm gave a job, read from `scontrol show job -d ID`: its name and,
// per node, the GPU type, count and indices of its GRES (the detail lines
// "Nodes=v100-[1-2] CPU_IDs=0-7 Mem=16000 GRES=gpu:v100:4(IDX:0-3)").
#pragma once

#include <string>
#include <vector>

namespace accord::emu {

struct NodeGpus {
    std::string node;
    std::string type;          // "" when the node's GPUs have no type
    std::vector<int> indices;  // GPU indices on the node, ascending
};

struct JobAllocation {
    std::string job_id;
    std::string name;
    std::string state;            // JobState, e.g. RUNNING
    std::vector<NodeGpus> nodes;  // nodes holding GPUs of the job, in Slurm's order

    int gpus() const;
};

// Parses one job's `scontrol show job -d` text. Throws std::runtime_error
// naming the line and field when a detail line cannot be read.
JobAllocation parse_job_detail(const std::string &text);

// "v100-[1-3,5]" -> v100-1 v100-2 v100-3 v100-5; a plain name -> itself.
// One bracket group, as Slurm writes the names of this cluster's nodes.
std::vector<std::string> expand_hostlist(const std::string &list);

// "0-2,5" -> 0 1 2 5.
std::vector<int> expand_index_list(const std::string &list);

}  // namespace accord::emu
