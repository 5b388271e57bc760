// The GPU items of the TRES request strings slurmctld keeps for a job
// (tres_per_job, tres_per_node, tres_per_socket, tres_per_task), such as
// "gres:gpu:2,gres:shard:1": giving untyped GPU items a type or a new
// count, and writing them for users. Plain text: no Slurm header, so it is unit-tested alone.
#pragma once

#include <optional>
#include <string>

namespace accord::slurm {

// `tres` with every untyped GPU item ("gres:gpu", "gres:gpu:2") naming
// `type` ("gres:gpu:TYPE", "gres:gpu:TYPE:2"); typed GPU items and other
// items are kept as they are.
std::string with_gpu_type(const std::string &tres, const std::string &type);

// `tres` with every GPU item asking for `count` GPUs ("gres:gpu:2" ->
// "gres:gpu:4", "gres:gpu:a100" -> "gres:gpu:a100:4"), its type kept;
// other items are kept as they are.
std::string with_gpu_count(const std::string &tres, int count);

// Whether `tres` has a GPU item without a type ("gres:gpu:2").
bool has_untyped_gpu(const std::string &tres);

// The count of the first GPU item of `tres` ("gres:gpu:a100:4" -> 4,
// "gres:gpu" -> 1); empty when it has none, or its count is not a plain
// number Slurm would keep as it is.
std::optional<int> first_gpu_count(const std::string &tres);

// The GPU items of `tres` for users, each followed by `unit`: "gpu:2/node",
// "gpu:a100:2/node"; "" when it holds none.
std::string gpu_items_text(const std::string &tres, const std::string &unit);

}  // namespace accord::slurm
