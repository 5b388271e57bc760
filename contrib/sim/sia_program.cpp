#include "sim/sia_program.h"

#include <algorithm>
#include <chrono>
#include <climits>

#include "sim/sia_count_model.h"
#include "sim/sia_job_groups.h"

namespace accord::sim {

namespace {

using Clock = std::chrono::steady_clock;

size_t job_count(const std::vector<SiaCandidate> &candidates)
{
    size_t jobs = 0;
    for (const auto &c : candidates)
        jobs = std::max(jobs, c.job + 1);
    return jobs;
}

// Branch and bound's callback: hands GLPK the greedy answer as its first
// incumbent (so a stop still leaves an answer at least as good as the
// fallback) and stops it before it takes up subproblem `node_limit` + 1.
struct Search {
    std::vector<double> incumbent;  // 1-based column values
    bool offered = false;
    int node_limit = 0;
    int selected = 0;  // subproblems taken up so far
};

void steer_search(glp_tree *tree, void *info)
{
    auto *search = static_cast<Search *>(info);
    switch (glp_ios_reason(tree)) {
    case GLP_IHEUR:
        if (!search->offered) {
            search->offered = true;
            glp_ios_heur_sol(tree, search->incumbent.data());
        }
        break;
    case GLP_ISELECT:  // GLPK asks before every subproblem, the root included
        if (search->selected == search->node_limit)
            glp_ios_terminate(tree);
        search->selected++;
        break;
    default:
        break;
    }
}

int milliseconds_left(Clock::time_point deadline)
{
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, INT_MAX));
}

// At most one candidate per job and each pool's GPUs: GLPK's answer is
// read with a tolerance, so it is checked before it is used.
bool feasible(const std::vector<SiaCandidate> &candidates, const std::vector<int> &capacity,
              const std::vector<size_t> &chosen)
{
    std::vector<int> left = capacity;
    std::vector<bool> placed(job_count(candidates), false);
    for (size_t k : chosen) {
        const SiaCandidate &c = candidates[k];
        if (placed[c.job] || c.gpus > left[c.pool])
            return false;
        placed[c.job] = true;
        left[c.pool] -= c.gpus;
    }
    return true;
}

// The LP relaxation, from the greedy answer's vertex; branch and bound
// starts from its basis.
bool solve_relaxation(SiaCountModel &model, const std::vector<int> &greedy_counts, Clock::time_point deadline)
{
    model.start_from(greedy_counts);
    glp_smcp simplex;
    glp_init_smcp(&simplex);
    simplex.msg_lev = GLP_MSG_OFF;
    simplex.pricing = GLP_PT_STD;  // from this start, measured faster than steepest edge
    simplex.tm_lim = milliseconds_left(deadline);
    return glp_simplex(model.get(), &simplex) == 0 && glp_get_status(model.get()) == GLP_OPT;
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
                            const SiaLimits &limits)
{
    std::vector<size_t> greedy = greedy_sia_program(candidates, capacity);
    if (candidates.empty() || limits.time_s <= 0)
        return {greedy, SiaSolve::greedy};
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(limits.time_s));
    SiaJobGroups groups(candidates);
    SiaCountModel model(groups.candidates(), groups.sizes(), capacity);
    std::vector<int> greedy_counts = groups.counts_of(greedy);
    if (!solve_relaxation(model, greedy_counts, deadline))
        return {greedy, SiaSolve::greedy};

    Search search{model.columns_of(greedy_counts), false, limits.nodes, 0};
    glp_iocp branch;
    glp_init_iocp(&branch);
    branch.msg_lev = GLP_MSG_OFF;
    branch.mip_gap = 1e-4;  // sia_solver_thresh
    branch.tm_lim = milliseconds_left(deadline);
    branch.cb_func = steer_search;
    branch.cb_info = &search;
    int rc = glp_intopt(model.get(), &branch);
    int status = glp_mip_status(model.get());
    if (status != GLP_OPT && status != GLP_FEAS)
        return {greedy, SiaSolve::greedy};
    SiaChoice choice{groups.members_for(model.counts_in_answer()),
                     (rc == 0 || rc == GLP_EMIPGAP) ? SiaSolve::optimal : SiaSolve::best_found};
    if (!feasible(candidates, capacity, choice.chosen))
        return {greedy, SiaSolve::greedy};
    return choice;
}

}  // namespace accord::sim
