// The jobs of a round that run alone on their GPUs, grouped by what decides
// how a newcomer would pair with them (GPU type, GPU count, job type; the
// types by number, sim/pair_rates.h), each group in view order. The packing policy then weighs a newcomer against
// each group once instead of against every running job: with a thousand
// jobs running that is what keeps a round fast.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <tuple>

namespace accord::sim {

class LoneJobs {
public:
    using Key = std::tuple<int, int, int>;  // GPU type, GPUs, job type

    // `job`: its position in the view.
    void add(const Key &key, size_t job) { groups_[key].insert(job); }
    void remove(const Key &key, size_t job);

    const std::map<Key, std::set<size_t>> &groups() const { return groups_; }

private:
    std::map<Key, std::set<size_t>> groups_;
};

}  // namespace accord::sim
