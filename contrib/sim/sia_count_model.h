// Sia's integer program (sia_program.h) as GLPK solves it fast: the same
// optimum, with a handful of integer variables instead of one binary per
// candidate. It is stated over groups of interchangeable jobs
// (sia_job_groups.h): a group's candidate is chosen for up to as many jobs
// as the group has.
//
// A "class" is a (pool, GPU count) pair. For every class with a candidate
// there is an integer count n = how many jobs get that class; candidates
// are continuous 0 <= x <= the group's size. Rows:
//   per group:  sum of its x <= its size
//   per class:  sum of its x - n = 0
//   per pool:   sum over its classes of GPUs x n <= C, the pool's GPUs
// Once the counts are integers, the group and class rows form a bipartite
// b-matching, whose polytope has integer vertices; the simplex returns a
// vertex, so every x is an integer and the optimum is Sia's. Branch and
// bound branches on counts only: interchangeable choices no longer give it
// millions of symmetric subtrees.
//
// Block rows, for every power of two s > 1 among a pool's counts that
// divides not all of them: an integer z = the s-GPU blocks of the pool not
// used by jobs whose count s divides ("large"), and
//   sum over large classes of (GPUs / s) x n + z <= floor(C / s)
//   sum over the other classes of GPUs x n - s z <= C mod s
// plus, per s, an integer Z = the sum of the pools' z. Every integer answer
// satisfies them (z = floor(C / s) - the large jobs' blocks) and they imply
// the pool's row, so the optimum is unchanged. With them branch and bound
// settles in a few subproblems what otherwise takes hundreds: when the 1-
// and 2-GPU jobs that run use 4k + 3 GPUs in all, three GPUs stay idle or
// a small job waits, while the relaxation fills the three with a fraction
// of a 4- or 8-GPU job (2,048 GPUs, 746 jobs: 597 subproblems without the
// blocks, 20 with them).
#pragma once

#include <cstddef>
#include <map>
#include <utility>
#include <vector>

#include "sim/glpk_problem.h"
#include "sim/sia_candidates.h"

namespace accord::sim {

class SiaCountModel {
public:
    // `candidates[k].job` is a group, `sizes[g]` its jobs; `capacity[p]` =
    // GPUs of pool p; every candidate's `gpus` >= 1.
    SiaCountModel(const std::vector<SiaCandidate> &candidates, const std::vector<int> &sizes,
                  const std::vector<int> &capacity);

    glp_prob *get() const { return problem_.get(); }

    // An answer is a count per candidate. GLPK column values (1-based,
    // index 0 unused) of `counts`: a first incumbent.
    std::vector<double> columns_of(const std::vector<int> &counts) const;

    // Makes `counts`, without the candidates chosen for only part of their
    // group, the simplex's starting basis: a feasible vertex, so the
    // simplex skips most of its pivots.
    void start_from(const std::vector<int> &counts);

    // GLPK's integer answer.
    std::vector<int> counts_in_answer() const;

private:
    // One pool's z for one block size s.
    struct Block {
        size_t pool = 0;
        int size = 0;
        int column = 0;
        int large_row = 0;
    };
    struct Entries;
    int class_column(size_t pool, int gpus) const;
    void add_blocks(Entries &entries);

    const std::vector<SiaCandidate> &candidates_;
    std::vector<int> sizes_;
    std::vector<int> capacity_;
    std::map<std::pair<size_t, int>, int> class_index_;  // (pool, GPUs) -> 0-based class
    std::vector<Block> blocks_;
    std::map<int, int> total_column_;  // block size s -> Z's column
    GlpkProblem problem_;
};

}  // namespace accord::sim
