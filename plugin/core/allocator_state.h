// The allocator's working state for one call (core/allocator.h): the jobs,
// what each holds so far in the next period, the pool of GPUs still free,
// each job's place in the order; and the rules every step of the
// allocator shares: what an option is worth where, where it would go on
// free GPUs, and which of two placements of a job is the better.
#pragma once

#include <optional>
#include <vector>

#include "core/allocator.h"
#include "core/node_pool.h"

namespace accord::core {

constexpr double kAllocEpsilon = 1e-9;

// A placement of one of a job's options.
struct Candidate {
    int option = -1;
    Shares shares;                // empty: spread where the pool puts it
    std::vector<size_t> victims;  // holders it displaces
};

class AllocState {
public:
    AllocState(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes, const AllocConfig &config);

    size_t size() const { return jobs_.size(); }
    const AllocJob &job(size_t j) const { return jobs_[j]; }
    int options(size_t j) const { return static_cast<int>(jobs_[j].options.size()); }
    const JobOption &option(size_t j, int o) const { return jobs_[j].options[o]; }
    // The pool's number of the option's GPU type; -1 when no node has it.
    int type(size_t j, int o) const { return type_[first_option_[j] + o]; }
    double fastest(size_t j) const { return fastest_[j]; }
    const AllocConfig &config() const { return config_; }

    // The nodes job j may use when they leave out a node of a type it has
    // options on (rule 7); else null.
    const NodeMask *confined_to(size_t j) const { return confined_[j] ? jobs_[j].allowed.get() : nullptr; }
    bool movable(size_t j) const { return jobs_[j].movable || jobs_[j].current < 0; }
    bool admitted(size_t j) const { return choice[j].option >= 0; }
    bool usable(size_t j, int o) const { return type(j, o) >= 0 && option(j, o).rate > 0; }
    bool spread(size_t j, int o, const Shares &shares) const;
    bool may_spread(size_t j, int o) const;
    double value(size_t j, int o, const Shares &shares) const;
    // The usable option on `gpus` GPUs of type `on_type`; -1 when there is none.
    int option_with(size_t j, int on_type, int gpus) const;

    void take(size_t j, int o, Shares shares);
    // Frees what job j holds; returns it.
    AllocChoice release(size_t j);

    std::optional<Shares> free_placement(size_t j, int o) const;
    bool better(size_t j, const Candidate &a, const Candidate &b) const;
    // Takes the best option that fits on free GPUs; false when none does.
    bool place_on_free(size_t j);

    NodePool pool;
    std::vector<AllocChoice> choice;  // per job: what it holds in the next period so far
    std::vector<size_t> rank;         // per job: its place in the priority order
    std::vector<double> weight;       // per job: its weight in the sum of values

private:
    const std::vector<AllocJob> &jobs_;
    const AllocConfig &config_;
    std::vector<double> slowest_;         // per job: its slowest one-node rate
    std::vector<double> fastest_;         // per job: its fastest rate
    std::vector<size_t> first_option_;  // per job: where its options start in type_
    std::vector<int> type_;             // per job and option: the pool's type number
    std::vector<bool> confined_;        // per job: confined_to() is its mask
};

}  // namespace accord::core
