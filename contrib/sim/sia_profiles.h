// SiaProfiles: Sia's measured profiles (../shared/data/sia/profiles, from
// siasosp23/artifacts sia-simulator/traces) as a ThroughputTable, for the
// Sia setup (T4, RTX 2080Ti, A100, ...) next to Gavel's.
//
// Unit: the table's "steps" are Pollux/Sia progress units (SiaApplication:
// iterations at the application's smallest validated batch size, counted
// with statistical efficiency), so a Sia workload job's total_steps is its
// application's total progress whatever batch size it trains at. Entries:
//  - "APP (batch size B)", for every validated B: the job trains at the
//    fixed global batch B (Gavel in Sia's simulator; Sia's rigid and
//    scale-gpus jobs):
//      rate = work / (iterations(B) x iteration_s(layout, B)) / slowdown
//  - "APP": the best of those over B for each GPU count and layout, standing
//    for Sia's and Pollux's batch-size adaptation. Interpretation: they
//    re-pick the batch every epoch from the current gradient statistics;
//    one batch size for the whole run gives a little less than that.
// slowdown is Sia's calibration against its physical cluster
// (simulator_config.py SLOWDOWNS: cifar10 1.8, ncf 1.5, the others 1.2),
// divided out when `calibrated`, as Sia's Job.step and get_throughputs do.
// Layouts: on one node, [n] for n <= GPUs per node; spread, n >= 2 GPUs as
// even as possible over max(2, ceil(n / per node)) nodes (Sia's own
// placement fills whole nodes; it profiles both). Entries exist for every
// layout of 1..max_gpus GPUs: a configuration the profiles do not cover
// (SiaStepTimes rule 5, or a local batch below the smallest profiled) trains
// as fast as the fastest covered one of the job type with at most as many
// GPUs of that type (GPUs never profiled add no speed), where JobSpeed's
// rule 3 would scale the one-GPU value linearly. Sia's own simulator cannot
// run such configurations at all (its interpolation returns NaN).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/sia_application.h"
#include "sim/sia_step_time.h"
#include "sim/throughput_table.h"

namespace accord::sim {

struct SiaCluster {
    std::string name;       // Sia's profile suffix: aws, azure, dgx, dgx-ext, quad, rtx
    std::string gpu_type;   // the table's GPU type name for it
    int gpus_per_node = 0;  // the profiled machines' (Sia's simulator_config.py)
    int max_gpus = 64;      // entries for 1..max_gpus GPUs (Pollux and Sia cap a job at 64)
};

// Sia's six clusters, named aws=t4 (g4dn.12xlarge, 4 per node),
// azure=v100 (ND40rs_v2, 8), dgx=a100 and dgx-ext=a100 (DGX-A100 40GB, 8;
// dgx-ext profiles more batch sizes and is Sia's default), quad=quadro
// (Quadro RTX 6000, 4), rtx=rtx2080ti (8).
const std::vector<SiaCluster> &sia_clusters();

// "aws,rtx,dgx-ext" or with names "aws=t4,rtx=rtx2080ti,dgx-ext=a100".
// Throws InputError for an unknown cluster, an empty name, a cluster or GPU
// type named twice.
std::vector<SiaCluster> parse_sia_clusters(const std::string &spec);

// The data-parallel applications of Sia's and Pollux's workloads (gpt_pmp,
// pipeline-parallel and profiled on two clusters only, is left out).
const std::vector<std::string> &sia_applications();

// "cifar10 (batch size 2048)", after Gavel's job type names.
std::string sia_job_type(const std::string &application, int batch_size);

// Sia's calibration divisor for the application; 1 for one it lacks.
double sia_slowdown(const std::string &application);

// GPUs per node of `gpus` GPUs on nodes of `gpus_per_node`, on one node or
// spread (see above); ascending.
std::vector<int> sia_layout(int gpus, int gpus_per_node, bool spread);

class SiaProfiles {
public:
    // Reads profiles_dir/<app>/validation-*.csv and placements- and
    // scalability-<cluster>.csv of every application and cluster. Throws
    // InputError naming the file, line and field of a bad value, and when
    // two clusters share a GPU type name.
    static SiaProfiles load(const std::string &profiles_dir, const std::vector<SiaCluster> &clusters,
                            const std::vector<std::string> &applications = sia_applications());

    ThroughputTable throughput_table(bool calibrated = true) const;

    // Progress per second of `application` at fixed batch `batch_size` on
    // `layout` of cluster `cluster` (uncalibrated); empty when not covered.
    std::optional<double> fixed_batch_rate(const std::string &application, const std::string &cluster,
                                           const std::vector<int> &layout, int batch_size) const;

    // Null when the application was not loaded.
    const SiaApplication *application(const std::string &name) const;
    // The smallest local batch profiled for the application on any loaded cluster.
    int min_local_bsz(const std::string &application) const;
    std::vector<std::string> application_names() const;

private:
    void add_entries(ThroughputTable &table, const SiaCluster &cluster, const SiaApplication &app,
                     bool calibrated) const;

    std::vector<SiaCluster> clusters_;
    std::map<std::string, SiaApplication> applications_;
    std::map<std::pair<std::string, std::string>, SiaStepTimes> times_;  // (application, cluster)
};

}  // namespace accord::sim
