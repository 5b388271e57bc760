// Gavel's job traces (../shared/data/gavel/traces) and Shockwave's
// (../shared/data/shockwave/traces): tab-separated, one job per line, in
// three layouts told apart by the field count:
//  7 fields (msr): job_type, command, num_steps_arg, needs_data_dir,
//                  total_steps, arrival_time, scale_factor
// 10 fields (physical_cluster): job_type, command, working_directory,
//                  num_steps_arg, needs_data_dir, total_steps, scale_factor,
//                  priority_weight, SLO, arrival_time
// 12 fields (shockwave): job_type, command, working_directory,
//                  num_steps_arg, needs_data_dir, total_steps, scale_factor,
//                  mode, priority_weight, SLO, duration, arrival_time
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace accord::sim {

struct TraceJob {
    int line = 0;               // 1-based line in the file
    std::string job_type;       // e.g. "ResNet-50 (batch size 64)"
    uint64_t total_steps = 0;   // > 0
    double arrival_s = 0;       // >= 0, seconds from the trace's start
    int scale_factor = 1;       // GPUs, >= 1
    double priority_weight = 1; // > 0; 1 in the 7-field layout
    int min_gpus = 0;           // an elastic job's GPU count range (Sia and
    int max_gpus = 0;           //   Pollux workloads); 0 = exactly scale_factor
    std::string mode = "static";  // Shockwave's batch-size adaptation: static,
                                  //   gns or accordion; the simulator runs every
                                  //   job at its trace batch size (static)
};

// "trace line 7 (ResNet-50 (batch size 64), 4 GPU)": a job in error messages.
std::string job_label(const TraceJob &t);

// Every job of the file in file order. Throws InputError
// "FILE:LINE: field N (NAME): what is wrong" for a line with another field
// count, a number that does not parse or is out of range, an empty job
// type, an unknown mode; an empty file is an error too. Nothing is skipped
// silently. command, working_directory, num_steps_arg, needs_data_dir, SLO and
// duration are not used and not checked.
std::vector<TraceJob> read_gavel_trace(const std::string &path);

}  // namespace accord::sim
