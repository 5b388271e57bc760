// NeighbourTable: how much a job of one model family slows down while a
// job of another holds other GPUs (or shards) of its node, as plain
// values: a job's speed with that neighbour over its speed alone on its
// nodes, in (0, 1]. The shell fills it each cycle from what running jobs
// measured (core/neighbour_slowdowns.h); the node picker reads it through
// core/node_neighbours.h. Slurm-free and torch-free.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace accord::core {

struct NeighbourPair {
    std::string family, neighbour;
    double slowdown = 1;
    int jobs = 0;
};

class NeighbourTable {
public:
    // Keeps a slowdown in (0, 1] measured by `jobs` jobs; anything else is
    // no measurement.
    void set(const std::string &family, const std::string &neighbour, double slowdown, int jobs);

    std::optional<double> get(const std::string &family, const std::string &neighbour) const;
    int jobs(const std::string &family, const std::string &neighbour) const;

    // Whether some measurement names the family, slowed or slowing.
    bool concerns(const std::string &family) const { return families_.count(family) > 0; }

    // What the cluster loses, in jobs' speeds alone, when a job of `family`
    // joins jobs of `residents` on a node: its own speed lost to them (their
    // slowdowns multiplied) plus what each loses to it. A pair nobody
    // measured counts as no slowdown, the assumption without measurements.
    double loss(const std::string &family, const std::vector<std::string> &residents) const;

    // Every pair, most slowed first (then by name).
    std::vector<NeighbourPair> pairs() const;

    bool empty() const { return slowdowns_.empty(); }
    size_t size() const { return slowdowns_.size(); }

private:
    struct Measured {
        double slowdown;
        int jobs;
    };
    std::map<std::pair<std::string, std::string>, Measured> slowdowns_;  // (family, neighbour)
    std::set<std::string> families_;
};

}  // namespace accord::core
