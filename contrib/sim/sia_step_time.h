// SiaStepTimes: one application's measured time per training step on one of
// Sia's clusters, from ../shared/data/sia/profiles/<app>/placements-<cluster>.csv
// (placement, local_bsz, step_time, sync_time; placement = GPUs per node,
// e.g. "13" = 1 GPU on one node and 3 on another) and scalability-<cluster>.csv
// (num_nodes, num_replicas, local_bsz, step_time, sync_time; layouts not
// recorded). step_time is the whole iteration, sync_time its gradient
// all-reduce part (Pollux's fit_perf_params takes step_time - sync_time as the
// compute time).
//
// A layout is looked up as Sia's Application.get_throughput does, with
// simpler rules where Sia runs a 3-D LinearNDInterpolator:
//  1. its placement string (the lexicographically smallest rotation) is
//     profiled: linear in local_bsz between that placement's rows;
//  2. else (nodes, replicas) rows exist: the mean of the placements with
//     those counts per local_bsz (Sia's groupby mean), plus scalability rows
//     for local batches the placements lack (duplicates averaged); linear in
//     local_bsz;
//  3. else linear in replicas between the nearest profiled replica counts
//     below and above at the same node count;
//  4. else rules 2-3 at the next larger profiled node count (the job is
//     charged as if spread over more nodes, which is slower);
//  5. else, or local_bsz outside the rows' range: not measured.
// Sia caps the node count at 16 before interpolating; so does this.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace accord::sim {

struct StepSync {
    double step_s = 0;
    double sync_s = 0;
};

class SiaStepTimes {
public:
    // Throws InputError naming the file, line and field for a bad value (a
    // placement that is not digits 1-9, a local_bsz < 1, a time <= 0, a
    // sync_time above its step_time).
    static SiaStepTimes read(const std::string &app_dir, const std::string &cluster);

    // Step and sync time at `local_bsz` samples per GPU on `layout` (GPUs
    // per node, any order), by the rules above.
    std::optional<StepSync> at(const std::vector<int> &layout, double local_bsz) const;
    // The largest local batch measured for the layout (for an interpolated
    // layout, the smaller of its sources' largest).
    std::optional<int> max_local_bsz(const std::vector<int> &layout) const;
    int min_local_bsz() const { return min_local_bsz_; }

    // Seconds per step of a global batch of `batch_size` on `layout`, as
    // Sia's get_throughput_with_accum computes it for a job with a fixed
    // batch size:
    //   local = ceil(B / n); accum = ceil(local / max_local_bsz) - 1, at
    //   least 1 on one GPU when B > init_batch_size; atomic =
    //   ceil(local / (accum + 1)), at most floor(max_batch_size / (n (accum + 1)));
    //   time = step(atomic) + accum * (step(atomic) - sync(atomic)).
    std::optional<double> iteration_s(const std::vector<int> &layout, int batch_size, int init_batch_size,
                                      int max_batch_size) const;

private:
    using Curve = std::vector<std::pair<int, StepSync>>;  // by local_bsz, ascending
    struct Source {
        const Curve *low = nullptr, *high = nullptr;  // high: null unless interpolated
        double high_weight = 0;
    };

    std::optional<Source> source(const std::vector<int> &layout) const;
    std::optional<Source> source_at(int nodes, int replicas) const;

    std::map<std::string, Curve> placements_;
    std::map<std::pair<int, int>, Curve> groups_;  // (nodes, replicas)
    int min_local_bsz_ = 0;
};

}  // namespace accord::sim
