// Slurm accounting records to a job trace accord-sim replays (Gavel's
// 7-field layout), so an admin can replay their own cluster's history
// against every policy. Per job that ran:
//  - arrival: its Submit, in seconds after the earliest kept job's;
//  - scale factor: its GPUs (gres/gpu=N in AllocTRES);
//  - job type: its model family (sacct_family.h) mapped to a job type of
//    the throughput table (`families`, else the family itself if the table
//    has it), else `unknown_as`;
//  - total steps: its run time (ElapsedRaw) times the table's steps/s for
//    that job type on its GPU type (gres/gpu:TYPE=N) and count, one node
//    or spread as NNodes says; on `reference_type` when the table has no
//    figure for its own type (or AllocTRES names none). At least 1 step.
// Records that cannot become a trace job are skipped and counted by
// reason, never silently: job steps, jobs not finished, never started,
// without GPUs, with GPUs of several types, of an unknown or unmapped
// family, or of a job type the table lacks on the reference type.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "sim/gavel_trace.h"
#include "sim/sacct_records.h"
#include "sim/throughput_table.h"

namespace accord::sim {

struct SacctTraceOptions {
    std::map<std::string, std::string> families;  // family or job name -> job type of the table
    std::string unknown_as;                       // job type for unknown families; "" = skip them
    std::string reference_type = "v100";
};

struct SacctTrace {
    std::vector<TraceJob> jobs;          // in arrival order (ties: input order)
    std::vector<std::string> job_ids;    // parallel to jobs
    std::map<std::string, size_t> skipped;  // reason -> records
    std::map<std::string, size_t> notes;    // what was assumed -> jobs
};

// The GPUs of an AllocTRES text ("cpu=4,gres/gpu:a100=2,gres/gpu=2,..."):
// the count and, per type named, its count. Throws InputError naming
// `where` (FILE:LINE) and the field for a count that is not a number.
struct GpuAllocation {
    int count = 0;
    std::map<std::string, int> by_type;
};
GpuAllocation gpu_allocation(const std::string &alloc_tres, const std::string &where);

// Throws InputError for options naming job types the table lacks, and for
// a bad AllocTRES; `path` names the input.
SacctTrace sacct_to_trace(const std::vector<SacctRecord> &records, const ThroughputTable &table,
                          const SacctTraceOptions &options, const std::string &path);

// The trace as Gavel's 7 tab-separated fields per job; the command field
// names the Slurm job ("slurm-job-123").
std::string trace_text(const SacctTrace &trace);

// "kept 12 of 20 records; skipped 5: job steps ...": for stderr.
std::string summary_text(const SacctTrace &trace, size_t records);

}  // namespace accord::sim
