// Sia's and Pollux's workloads (../shared/data/sia/workloads/*/workload-*.csv,
// ../shared/data/pollux/workloads*/): CSV with a header, one job per line:
// name, time (arrival, s), application, num_replicas, batch_size.
//
// Each job becomes a TraceJob in SiaProfiles' units:
//  - job_type: the application (SiaBatch::adaptive: it picks its batch size,
//    as under Sia and Pollux) or "APP (batch size B)" (SiaBatch::fixed: it
//    trains at the workload's batch_size, as under Gavel in Sia's simulator);
//  - total_steps: the application's total progress, rounded to a whole
//    number (every job of an application trains to the same point: Sia's
//    max_epochs);
//  - arrival_s = time; scale_factor = num_replicas (what a non-elastic
//    scheduler gives it);
//  - elastic: min_gpus 1 (Sia and Pollux may also give 0, i.e. suspend it),
//    max_gpus = Pollux's and Sia's cap min(64, B / min_local_bsz), B the
//    largest validated batch (adaptive) or the job's (fixed); 1 for ncf, as
//    both pin it to one GPU. Not elastic: exactly num_replicas. The range
//    need not hold num_replicas: Pollux's realistic workloads ask 8 GPUs for
//    ncf jobs (for Tiresias and Optimus), which Pollux runs on one.
#pragma once

#include <string>
#include <vector>

#include "sim/gavel_trace.h"
#include "sim/sia_profiles.h"

namespace accord::sim {

enum class SiaBatch { adaptive, fixed };

struct SiaWorkloadOptions {
    SiaBatch batch = SiaBatch::adaptive;
    bool elastic = true;
};

// Pollux's and Sia's most GPUs for a job of `application` training at
// batches up to `batch_size` (see above).
int sia_max_gpus(const SiaProfiles &profiles, const std::string &application, int batch_size);

// Every job of the file in file order. Throws InputError
// "FILE:LINE: field N (NAME): 'value' what is wrong" for an empty name, a
// negative or non-numeric time, an application the profiles lack, a
// num_replicas < 1, a batch size < 1 (or not validated for the application
// when fixed); a file with no jobs is an error.
std::vector<TraceJob> read_sia_workload(const std::string &path, const SiaProfiles &profiles,
                                        const SiaWorkloadOptions &options = {});

}  // namespace accord::sim
