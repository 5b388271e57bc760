#include "sim/sia_program.h"

#include <algorithm>
#include <chrono>
#include <climits>

#include "sim/glpk_problem.h"

namespace accord::sim {

namespace {

using Clock = std::chrono::steady_clock;

int job_count(const std::vector<SiaCandidate> &candidates)
{
    size_t jobs = 0;
    for (const auto &c : candidates)
        jobs = std::max(jobs, c.job + 1);
    return static_cast<int>(jobs);
}

// Rows 1..J: one per job (sum <= 1); rows J+1..J+P: one per pool (GPUs <=
// capacity). Column k+1 is candidate k, binary, worth its value.
void build(glp_prob *lp, const std::vector<SiaCandidate> &candidates, const std::vector<int> &capacity)
{
    int jobs = job_count(candidates);
    int columns = static_cast<int>(candidates.size());
    glp_set_obj_dir(lp, GLP_MAX);
    glp_add_rows(lp, jobs + static_cast<int>(capacity.size()));
    for (int j = 1; j <= jobs; j++)
        glp_set_row_bnds(lp, j, GLP_UP, 0, 1);
    for (size_t p = 0; p < capacity.size(); p++)
        glp_set_row_bnds(lp, jobs + 1 + static_cast<int>(p), GLP_UP, 0, capacity[p]);
    glp_add_cols(lp, columns);
    std::vector<int> rows{0}, cols{0};
    std::vector<double> coefs{0};
    for (int k = 1; k <= columns; k++) {
        const SiaCandidate &c = candidates[k - 1];
        glp_set_col_kind(lp, k, GLP_BV);
        glp_set_obj_coef(lp, k, c.value);
        rows.insert(rows.end(), {static_cast<int>(c.job) + 1, jobs + 1 + static_cast<int>(c.pool)});
        cols.insert(cols.end(), {k, k});
        coefs.insert(coefs.end(), {1.0, static_cast<double>(c.gpus)});
    }
    glp_load_matrix(lp, static_cast<int>(rows.size()) - 1, rows.data(), cols.data(), coefs.data());
}

// Hands GLPK the greedy answer as its first incumbent, so a timeout still
// leaves an answer at least as good as the fallback.
struct Incumbent {
    std::vector<double> x;  // 1-based column values
    bool offered = false;
};

void offer_incumbent(glp_tree *tree, void *info)
{
    auto *incumbent = static_cast<Incumbent *>(info);
    if (glp_ios_reason(tree) != GLP_IHEUR || incumbent->offered)
        return;
    incumbent->offered = true;
    glp_ios_heur_sol(tree, incumbent->x.data());
}

int milliseconds_left(Clock::time_point deadline)
{
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, INT_MAX));
}

}  // namespace

std::vector<size_t> greedy_sia_program(const std::vector<SiaCandidate> &candidates,
                                       const std::vector<int> &capacity)
{
    std::vector<size_t> order(candidates.size());
    for (size_t k = 0; k < order.size(); k++)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        double da = candidates[a].value / candidates[a].gpus, db = candidates[b].value / candidates[b].gpus;
        if (da != db)
            return da > db;
        return candidates[a].job < candidates[b].job;
    });
    std::vector<int> left = capacity;
    std::vector<bool> placed(job_count(candidates), false);
    std::vector<size_t> chosen;
    for (size_t k : order) {
        const SiaCandidate &c = candidates[k];
        if (placed[c.job] || c.gpus > left[c.pool])
            continue;
        placed[c.job] = true;
        left[c.pool] -= c.gpus;
        chosen.push_back(k);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

SiaChoice solve_sia_program(const std::vector<SiaCandidate> &candidates, const std::vector<int> &capacity,
                            double time_budget_s)
{
    std::vector<size_t> greedy = greedy_sia_program(candidates, capacity);
    if (candidates.empty() || time_budget_s <= 0)
        return {greedy, SiaSolve::greedy};
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(time_budget_s));
    GlpkProblem lp;
    build(lp.get(), candidates, capacity);

    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    simplex.tm_lim = milliseconds_left(deadline);
    if (glp_simplex(lp.get(), &simplex) != 0 || glp_get_status(lp.get()) != GLP_OPT)
        return {greedy, SiaSolve::greedy};

    Incumbent incumbent{std::vector<double>(candidates.size() + 1, 0.0)};
    for (size_t k : greedy)
        incumbent.x[k + 1] = 1;
    glp_iocp branch;
    glp_init_iocp(&branch);
    branch.msg_lev = GLP_MSG_OFF;
    branch.mip_gap = 1e-4;  // sia_solver_thresh
    branch.tm_lim = milliseconds_left(deadline);
    branch.cb_func = offer_incumbent;
    branch.cb_info = &incumbent;
    int rc = glp_intopt(lp.get(), &branch);
    int status = glp_mip_status(lp.get());
    if (status != GLP_OPT && status != GLP_FEAS)
        return {greedy, SiaSolve::greedy};

    SiaChoice choice;
    for (size_t k = 0; k < candidates.size(); k++)
        if (glp_mip_col_val(lp.get(), static_cast<int>(k) + 1) > 0.5)
            choice.chosen.push_back(k);
    choice.how = (rc == 0 || rc == GLP_EMIPGAP) ? SiaSolve::optimal : SiaSolve::best_found;
    return choice;
}

}  // namespace accord::sim
