// Reference answers to Sia's integer program (sim/sia_program.h) for the
// solver's tests: exhaustive search, and the program as Sia states it (one
// binary per candidate) solved by GLPK to a zero gap with no limit, and its
// LP relaxation. Slow by design; small instances only.
#pragma once

#include <glpk.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "sim/sia_candidates.h"

namespace accord::test {

// Seeded instances built from raw std::mt19937 draws would depend on the
// library's distributions; this generator is fully specified.
class InstanceRandom {
public:
    explicit InstanceRandom(uint64_t seed) : state_(seed * 2654435761u + 1) {}
    uint32_t next()
    {
        state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<uint32_t>(state_ >> 33);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<uint32_t>(n)); }
    double unit() { return (next() % 1000000) / 1e6; }

private:
    uint64_t state_;
};

struct SiaInstance {
    std::vector<sim::SiaCandidate> candidates;
    std::vector<int> capacity;
};

inline double sia_value(const SiaInstance &in, const std::vector<size_t> &chosen)
{
    double sum = 0;
    for (size_t k : chosen)
        sum += in.candidates[k].value;
    return sum;
}

inline size_t sia_jobs(const SiaInstance &in)
{
    size_t jobs = 0;
    for (const auto &c : in.candidates)
        jobs = std::max(jobs, c.job + 1);
    return jobs;
}

// Every answer (each job: nothing, or one of its candidates that fits).
// The best (the first found of equal ones) and the best value among all
// other answers.
struct Exhaustive {
    std::vector<size_t> best;
    double best_value = -1;
    double runner_up = -1;  // -1: no other answer
};

inline void search_answers(const SiaInstance &in, size_t job, std::vector<int> &left, std::vector<size_t> &chosen,
                           double value, Exhaustive &out)
{
    if (job == sia_jobs(in)) {
        if (value > out.best_value) {
            out.runner_up = out.best_value;
            out.best = chosen;
            out.best_value = value;
        } else {
            out.runner_up = std::max(out.runner_up, value);
        }
        return;
    }
    search_answers(in, job + 1, left, chosen, value, out);
    for (size_t k = 0; k < in.candidates.size(); k++) {
        const auto &c = in.candidates[k];
        if (c.job != job || c.gpus > left[c.pool])
            continue;
        left[c.pool] -= c.gpus;
        chosen.push_back(k);
        search_answers(in, job + 1, left, chosen, value + c.value, out);
        chosen.pop_back();
        left[c.pool] += c.gpus;
    }
}

inline Exhaustive exhaustive_answer(const SiaInstance &in)
{
    Exhaustive out;
    std::vector<int> left = in.capacity;
    std::vector<size_t> chosen;
    search_answers(in, 0, left, chosen, 0, out);
    std::sort(out.best.begin(), out.best.end());
    return out;
}

// Sia's own form: x_k binary, sum per job <= 1, GPUs per pool <= capacity.
// `relaxed`: the LP relaxation's optimum instead of the integer one.
inline double binary_program_value(const SiaInstance &in, bool relaxed)
{
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MAX);
    int jobs = static_cast<int>(sia_jobs(in)), pools = static_cast<int>(in.capacity.size());
    glp_add_rows(lp, jobs + pools);
    for (int j = 1; j <= jobs; j++)
        glp_set_row_bnds(lp, j, GLP_UP, 0, 1);
    for (int p = 0; p < pools; p++)
        glp_set_row_bnds(lp, jobs + 1 + p, GLP_UP, 0, in.capacity[p]);
    int columns = static_cast<int>(in.candidates.size());
    glp_add_cols(lp, columns);
    std::vector<int> rows{0}, cols{0};
    std::vector<double> values{0};
    for (int k = 1; k <= columns; k++) {
        const auto &c = in.candidates[k - 1];
        glp_set_col_bnds(lp, k, GLP_DB, 0, 1);
        if (!relaxed)
            glp_set_col_kind(lp, k, GLP_BV);
        glp_set_obj_coef(lp, k, c.value);
        rows.insert(rows.end(), {static_cast<int>(c.job) + 1, jobs + 1 + static_cast<int>(c.pool)});
        cols.insert(cols.end(), {k, k});
        values.insert(values.end(), {1.0, static_cast<double>(c.gpus)});
    }
    glp_load_matrix(lp, static_cast<int>(rows.size()) - 1, rows.data(), cols.data(), values.data());
    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    glp_simplex(lp, &simplex);
    double value = glp_get_obj_val(lp);
    if (!relaxed) {
        glp_iocp branch;
        glp_init_iocp(&branch);
        branch.msg_lev = GLP_MSG_OFF;
        branch.mip_gap = 0;
        glp_intopt(lp, &branch);
        value = glp_mip_obj_val(lp);
    }
    glp_delete_prob(lp);
    return value;
}

}  // namespace accord::test
