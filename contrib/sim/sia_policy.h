// "sia": a Sia-like round policy (Jayaram Subramanya et al., SOSP'23). Each
// round it solves Sia's integer program over every active job's (GPU type,
// GPU count) configurations (sia_candidates.h, sia_program.h) and gives each
// job the configuration chosen, or nothing; ties go to the running jobs
// (sia_tie_break.h). Preemptive: a job may be suspended, resized or moved
// to another type in any round.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>

#include "sim/round_policy.h"
#include "sim/sia_candidates.h"
#include "sim/sia_program.h"

namespace accord::sim {

// How the rounds' programs were solved so far.
struct SiaSolveCounts {
    int optimal = 0;
    int best_found = 0;
    int greedy = 0;
};

class SiaPolicy : public RoundPolicy {
public:
    // Throws std::invalid_argument for p = 0 (Sia has no objective there),
    // a penalty <= 0, a negative time budget or a node limit < 1.
    explicit SiaPolicy(const SiaParams &params = SiaParams{});
    std::string name() const override { return "sia"; }
    std::vector<Allocation> allocate(const RoundView &view) override;
    const SiaSolveCounts &solves() const { return solves_; }

private:
    // What a job held when last seen, and how often it was (re)started.
    struct Seen {
        std::optional<Assignment> held;
        int starts = 0;
    };
    std::vector<int> count_restarts(const RoundView &view);
    void record(SiaSolve how);

    SiaParams params_;
    std::map<size_t, Seen> seen_;  // by RoundJob::index; active jobs only
    SiaSolveCounts solves_;
};

std::unique_ptr<RoundPolicy> make_sia_policy(const SiaParams &params = SiaParams{});

}  // namespace accord::sim
