// The configurations a pending job may be started in without preemption,
// within what its user allowed (docs/design.md, "The allocator in Slurm"):
//  - types: the one its request names, or for a typeless request every
//    type on its allowed nodes its accepted-types hint lets in;
//  - counts: the requested count, or every count of its --accord-gpus
//    range; a per-node request keeps its node count, so its counts are the
//    multiples of that count;
//  - the time-limit rule: only configurations that keep the job's time
//    limit valid (keeps_time_limit, core/speed_prediction.h). Accord never
//    changes a time limit: a configuration predicted slower than what the
//    user asked for is not offered.
// Each comes with its rate: the ranker's score of the type for the job (its
// predicted speed of one GPU, raised where the ranker explores:
// core/exploring_ranker.h), times the count, times the ranker's scaling to
// that count (GpuTypeRanker::scaling; linear where it knows no better, as
// the admin's table). Types the ranker has no speed for are not offered.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/node_set_gpus.h"
#include "core/snapshot.h"

namespace accord::core {

struct RequestOption {
    GpuRequest request;  // the job's request with this type and count
    int gpus = 0;        // over the whole job
    double rate = 0;     // predicted (the ranker's score x gpus), > 0
};

// Empty for a job without GPUs, or when the ranker has no speed for any
// type it may use. In the order types, then counts, ascending.
// `on` is NodeSetGpus(job.allowed_nodes, nodes), which the second form builds.
std::vector<RequestOption> request_options(const PendingJob &job, const NodeSetGpus &on, const GpuTypeRanker &ranker);
std::vector<RequestOption> request_options(const PendingJob &job, const std::vector<Node> &nodes,
                                           const GpuTypeRanker &ranker);

// The job's request with `type` and `gpus` GPUs over the whole job, in the
// form the user gave it; empty when a per-node request cannot spread
// `gpus` evenly over its nodes.
std::optional<GpuRequest> request_with(const PendingJob &job, const std::string &type, int gpus);

}  // namespace accord::core
