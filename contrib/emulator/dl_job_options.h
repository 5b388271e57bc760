// accord-dl-job's command line. A bad option exits with status 2 and a
// message naming it.
#pragma once

#include <string>

namespace accord::emu {

struct DlJobOptions {
    std::string throughputs;  // Gavel-schema throughput table
    std::string job_type;     // e.g. "ResNet-18 (batch size 64)"
    double steps = 0;         // steps to train, > 0
    double time_scale = 1;    // emulated seconds per wall second
    std::string job_id;       // default $SLURM_JOB_ID
    std::string checkpoint;   // default accord-dl-job.<job id>.progress
    double recheck_s = 5;     // wall seconds between looks at the neighbours
    std::string report_cmd;   // run through /bin/sh at every recheck; "" = none
};

DlJobOptions parse_dl_job_options(int argc, char **argv);

// The reporter command with {job}, {done}, {total} and {rate} replaced.
std::string expand_report_cmd(const std::string &pattern, const std::string &job_id, double done,
                              double total, double rate);

}  // namespace accord::emu
