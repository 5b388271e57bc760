// ThroughputTable: measured training throughput (steps per second) per GPU
// type, job type and scale factor (GPU count), in Gavel's schema
// (../shared/data/gavel/simulation_throughputs.json and the Shockwave
// re-measurements): dict[gpu_type][str((job_type, scale_factor))] with
// "null" = the job alone, and str((other_type, sf)) = [this job, other job]
// when both share the same GPUs. [0, 0] and 0 mean "not measured".
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace accord::sim {

class ThroughputTable {
public:
    // Throws InputError naming the file and the entry when the file is not
    // Gavel's schema (bad JSON, a key that is not "('name', N)", a value
    // that is not a number or a pair of numbers, a negative number).
    static ThroughputTable load_gavel(const std::string &path);

    // Records a job's isolated steps/s, for tables built from other sources
    // (e.g. Sia's profiles); replaces an earlier value. `steps_per_second`
    // must be > 0.
    void set_isolated(const std::string &gpu_type, const std::string &job_type, int scale_factor,
                      bool spread, double steps_per_second);

    // Steps/s of a job alone on `scale_factor` GPUs of `gpu_type`, all on one
    // node (`spread` = false) or over several (`spread` = true: Gavel's
    // "<type>_unconsolidated" entries). Empty when not measured.
    std::optional<double> isolated(const std::string &gpu_type, const std::string &job_type,
                                   int scale_factor, bool spread = false) const;

    // Steps/s of `job_type` and of `other_type` when they share the same
    // GPUs (same scale factor). Empty when not measured.
    std::optional<std::pair<double, double>> colocated(const std::string &gpu_type,
                                                       const std::string &job_type,
                                                       const std::string &other_type,
                                                       int scale_factor) const;

    // GPU types with consolidated entries (no "_unconsolidated"), sorted.
    std::vector<std::string> gpu_types() const;
    // Job types that appear for any GPU type, sorted.
    std::vector<std::string> job_types() const;

private:
    struct Entry {
        double alone = 0;  // 0 = not measured
        std::map<std::pair<std::string, int>, std::pair<double, double>> with;
    };
    // [gpu type as in the file, e.g. "v100" or "v100_unconsolidated"][(job type, sf)]
    std::map<std::string, std::map<std::pair<std::string, int>, Entry>> table_;
};

}  // namespace accord::sim
