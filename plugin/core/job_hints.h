// A job's hints, as a shell finds them in its SPANK job-control environment
// ("ACCORD_MODEL=resnet50", ...), turned into what the planner uses: the
// model family, the GPU types a typeless GPU request may go to, and the
// range of GPU counts the job can run with. Nothing is trusted: each value
// is checked again with the SPANK plugin's own rules (the environment can
// be set without the plugin), then against the job's request and limits.
// A hint that does not hold is left out, and one that is cut is cut, with
// the reason in PendingJob::hint_note: never an error, never a lost job.
#pragma once

#include <climits>
#include <string>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

// The tightest bound the job's QOS and association limits put on the GPUs
// one job may hold.
struct GpuLimit {
    int gpus = INT_MAX;  // INT_MAX: no such limit
    std::string source;  // whose limit, e.g. "QOS normal MaxTRESPerJob"
};

// Reads the hints among `entries` (NAME=VALUE; names without the ACCORD_
// prefix are not hints and are skipped) into `job`, whose request and
// allowed nodes must already be filled in; `nodes` are the cluster's.
// Rules (docs/design.md, "Hints"):
//  - a name given twice, an unknown ACCORD_ name or a bad value: left out;
//  - GPU types or a count range on a job that asks for no GPUs: left out;
//  - GPU types that leave out the type the request names: left out (the
//    request wins); types none of its allowed nodes has: kept (the job
//    may never fit), noted;
//  - a count range must hold the requested count, and its top is cut to
//    `limit` and to what one GPU type on the job's allowed nodes holds
//    (at most max_nodes of them); below its bottom, the range is left out.
void apply_hints(const std::vector<std::string> &entries, const GpuLimit &limit,
                 const std::vector<Node> &nodes, PendingJob &job);

}  // namespace accord::core
