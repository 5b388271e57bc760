// The GPU types a pending job's request lets it run on, as Slurm would
// read it: the planner's choices (types it may be given) and the
// time-limit rule's baseline (types Slurm could have given it). Each reads
// the job's allowed nodes only through their GPUs by type
// (core/node_set_gpus.h): `on` is NodeSetGpus(job.allowed_nodes, nodes),
// which the forms taking `nodes` build.
#pragma once

#include <string>
#include <vector>

#include "core/node_set_gpus.h"
#include "core/snapshot.h"

namespace accord::core {

// GPU types a job may use: the one its request names (that wins over its
// accepted-types hint, which job_hints keeps consistent with it), or every
// type on its allowed nodes that the hint accepts (all of them without the
// hint); {""} for a job without GPUs.
std::vector<std::string> gpu_types_for(const PendingJob &job, const NodeSetGpus &on);
std::vector<std::string> gpu_types_for(const PendingJob &job, const std::vector<Node> &nodes);

// The GPU types whose GPUs on the job's allowed nodes could hold its
// request when idle: the types Slurm could have given it. GPUs only (a
// node search per type would double the planner's work on a cluster with
// room to spare; CPUs and memory come with the GPUs on the nodes here).
std::vector<std::string> types_holding(const PendingJob &job, const NodeSetGpus &on);
std::vector<std::string> types_holding(const PendingJob &job, const std::vector<Node> &nodes);

// What the time-limit rule compares a configuration with: the type a
// request names, else types_holding().
std::vector<std::string> baseline_types(const PendingJob &job, const NodeSetGpus &on);
std::vector<std::string> baseline_types(const PendingJob &job, const std::vector<Node> &nodes);

}  // namespace accord::core
