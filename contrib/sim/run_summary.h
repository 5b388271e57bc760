// The figures of one simulated run: job completion time (JCT), queueing
// delay, makespan, GPU-hours, utilisation and the core's decision latency.
#pragma once

#include <string>

#include "sim/simulator.h"

namespace accord::sim {

struct Spread {
    double mean = 0;
    double median = 0;
    double p99 = 0;
    double max = 0;
};

struct RunSummary {
    size_t jobs = 0;
    Spread jct_s;        // end - arrival
    Spread queueing_s;   // start - arrival
    double makespan_s = 0;  // first arrival to last end
    double gpu_hours = 0;   // GPUs held x run time
    double utilization = 0; // gpu_hours / (cluster GPUs x makespan)
    size_t cycles = 0;
    Spread cycle_ms;     // the core's wall time per cycle
    double wall_s = 0;   // the whole simulated run's wall time (set by the caller)
    bool has_fairness = false;
    Spread ftf_rho;             // finish-time fairness (finish_time_fairness.h)
    double ftf_share_above_1 = 0;
};

// `isolated` (the same jobs alone, lower_bound.h) adds finish-time fairness.
RunSummary summarize(const SimResult &result, int cluster_gpus, const SimResult *isolated = nullptr);

// {"policy": ..., "jobs": ..., "jct_s": {"mean": ...}, ...}
std::string to_json(const RunSummary &summary, const std::string &policy);

// The same figures as CSV: a header line, then one line per run.
std::string summary_csv_header();
std::string to_csv_line(const RunSummary &summary, const std::string &policy);

}  // namespace accord::sim
