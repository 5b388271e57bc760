// SlowdownTable: predicted slowdowns of jobs sharing one GPU through
// Slurm's gres/shard, as plain values. The shell fills it each cycle (the
// slurmctld plugin from the learned model, plugin/slurm/shard_slowdowns.h)
// for the keys core/shard_queries.h lists; the node picker reads it. A
// slowdown is the model's: a job's speed next to its co-runners over its
// speed alone, in (0, 1].
#pragma once

#include <optional>
#include <string>
#include <map>
#include <vector>

namespace accord::core {

// A job of `family` on a GPU of `gpu_type` next to jobs of `co_runners`
// (a multiset: kept sorted, so their order never matters).
struct SlowdownKey {
    std::string family;
    std::string gpu_type;
    std::vector<std::string> co_runners;

    SlowdownKey(std::string family, std::string gpu_type, std::vector<std::string> co_runners);
    bool operator<(const SlowdownKey &other) const;
};

class SlowdownTable {
public:
    // Keeps a slowdown in (0, 1]; anything else is no prediction.
    void set(const SlowdownKey &key, double slowdown);

    // 1 without co-runners (alone is alone); empty when a family is
    // unknown ("") or the key was not predicted.
    std::optional<double> get(const SlowdownKey &key) const;

    bool empty() const { return slowdowns_.empty(); }

    // Who predicted ("learned model m.pt"), for the job's SystemComment.
    std::string source;

private:
    std::map<SlowdownKey, double> slowdowns_;
};

}  // namespace accord::core
