#include "sim/gavel_allocation.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "sim/gavel_fallback.h"

namespace accord::sim {

namespace {

using Clock = std::chrono::steady_clock;

// Gavel's policies leave the shares of jobs above the minimum to the
// solver; the second pass keeps the minimum within this relative slack.
const double kMinSlack = 1e-7;

bool runnable(const GavelEntry &e, size_t pool)
{
    return e.first_speed[pool] > 0 && (e.second < 0 || e.second_speed[pool] > 0);
}

// One of a job's variables and its normalised speed there (steps/s over its
// steps/s under an equal share of the cluster).
struct Term {
    int col;
    double normalised;
};
using JobTerms = std::vector<std::vector<Term>>;  // [job]

struct EntryColumns {
    std::vector<std::vector<int>> col;  // [entry][pool]; -1 = no variable
    JobTerms terms;
};

// X[e][k] in [0, 1] where the entry can run; per job, its entries' time
// adds up to at most 1; per pool, the GPUs given (a pair counts once) fit.
EntryColumns add_entry_constraints(LinearProgram &lp, const GavelInstance &inst)
{
    EntryColumns ec;
    ec.col.assign(inst.entries.size(), std::vector<int>(inst.pools.size(), -1));
    ec.terms.resize(inst.jobs.size());
    std::vector<int> time_row(inst.jobs.size());
    for (auto &r : time_row)
        r = lp.add_row_at_most(1);
    std::vector<int> capacity_row(inst.pools.size());
    for (size_t k = 0; k < inst.pools.size(); k++)
        capacity_row[k] = lp.add_row_at_most(inst.pools[k].total());
    for (size_t e = 0; e < inst.entries.size(); e++) {
        const GavelEntry &entry = inst.entries[e];
        for (size_t k = 0; k < inst.pools.size(); k++) {
            if (!runnable(entry, k))
                continue;
            int c = ec.col[e][k] = lp.add_column(0, 1, 0);
            lp.set(capacity_row[k], c, entry.gpus);
            lp.set(time_row[entry.first], c, 1);
            ec.terms[entry.first].push_back(
                {c, entry.first_speed[k] / inst.jobs[entry.first].equal_share});
            if (entry.second >= 0) {
                size_t s = static_cast<size_t>(entry.second);
                lp.set(time_row[s], c, 1);
                ec.terms[s].push_back({c, entry.second_speed[k] / inst.jobs[s].equal_share});
            }
        }
    }
    return ec;
}

GavelAllocation read_entries(const LinearProgram &lp, const GavelInstance &inst, const EntryColumns &ec)
{
    GavelAllocation x;
    for (size_t e = 0; e < inst.entries.size(); e++) {
        std::vector<double> row(inst.pools.size(), 0.0);
        for (size_t k = 0; k < inst.pools.size(); k++)
            if (ec.col[e][k] >= 0)
                row[k] = std::clamp(lp.value(ec.col[e][k]), 0.0, 1.0);
        x[inst.key(inst.entries[e])] = std::move(row);
    }
    return x;
}

// Every column's objective coefficient becomes the sum over jobs of
// factor(job) x its normalised speed there (0 for columns in no term).
template <typename Factor>
void set_objective(LinearProgram &lp, const JobTerms &terms, Factor factor)
{
    std::vector<double> coef(lp.columns(), 0.0);
    for (size_t j = 0; j < terms.size(); j++)
        for (const Term &t : terms[j])
            coef[t.col] += factor(j) * t.normalised;
    for (size_t c = 0; c < coef.size(); c++)
        lp.set_objective(static_cast<int>(c), coef[c]);
}

// What is left of the budget for a second pass; empty when nothing is.
std::optional<LpBudget> remaining(const LpBudget &budget, Clock::time_point start)
{
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (spent >= budget.time_limit_ms)
        return std::nullopt;
    LpBudget left = budget;
    left.time_limit_ms = budget.time_limit_ms - static_cast<int>(spent);
    return left;
}

// Maximises min_j factor(j) * sum of j's terms (first pass), then, keeping
// that minimum, the sum over jobs of the same (second pass: a max-min
// optimum is not unique; Gavel keeps whichever its solver returns, we keep
// the one that gives the most to the jobs above the minimum). `read` turns
// the solved LP into X.
template <typename Factor, typename Read>
std::optional<GavelAllocation> max_min(LinearProgram &lp, const JobTerms &terms, Factor factor,
                                       Read read, const LpBudget &budget)
{
    auto start = Clock::now();
    int z = lp.add_column(0, LinearProgram::kUnbounded, 1);
    for (size_t j = 0; j < terms.size(); j++) {
        int row = lp.add_row_at_least(0);
        for (const Term &t : terms[j])
            lp.set(row, t.col, factor(j) * t.normalised);
        lp.set(row, z, -1);
    }
    if (!lp.solve(budget))
        return std::nullopt;
    GavelAllocation best_min = read(lp);
    auto left = remaining(budget, start);
    if (!left)
        return best_min;
    lp.set_lower_bound(z, lp.value(z) * (1 - kMinSlack));
    set_objective(lp, terms, factor);
    if (!lp.solve(*left))
        return best_min;
    return read(lp);
}

// Gavel's max_min_fairness_perf: max min_j (s_j / w_j) *
// throughput(j, X) / throughput(j, X^equal), s_j = scale factor: a job on
// s GPUs should get 1/s of the time of a one-GPU job at equal speeds.
std::optional<GavelAllocation> max_min_fairness(const GavelInstance &inst, const LpBudget &budget)
{
    LinearProgram lp;
    EntryColumns ec = add_entry_constraints(lp, inst);
    auto factor = [&](size_t j) { return inst.jobs[j].gpus / inst.jobs[j].weight; };
    auto read = [&](const LinearProgram &solved) { return read_entries(solved, inst, ec); };
    return max_min(lp, ec.terms, factor, read, budget);
}

// Gavel's max_min_fairness (the heterogeneity-agnostic LAS baseline): every
// throughput is 1, so only each job's total time t_j matters. Each job's
// time is spread over the types it can use in proportion to their GPU
// counts (X_jk = t_j n_k / N_j, N_j = GPUs of those types), close to the
// interior solution Gavel's solver returns; the capacity rows are written
// for that spread.
std::optional<GavelAllocation> max_min_fairness_agnostic(const GavelInstance &inst,
                                                         const LpBudget &budget)
{
    LinearProgram lp;
    size_t pools = inst.pools.size();
    std::vector<int> capacity_row(pools);
    for (size_t k = 0; k < pools; k++)
        capacity_row[k] = lp.add_row_at_most(inst.pools[k].total());
    JobTerms terms(inst.jobs.size());
    std::vector<double> usable_gpus(inst.jobs.size(), 0.0);
    for (size_t j = 0; j < inst.jobs.size(); j++) {
        const GavelJob &job = inst.jobs[j];
        int t = lp.add_column(0, 1, 0);
        terms[j].push_back({t, 1.0});
        for (size_t k = 0; k < pools; k++)
            if (job.alone[k] > 0)
                usable_gpus[j] += inst.pools[k].total();
        for (size_t k = 0; k < pools; k++)
            if (job.alone[k] > 0)
                lp.set(capacity_row[k], t, job.gpus * inst.pools[k].total() / usable_gpus[j]);
    }
    auto factor = [&](size_t j) { return inst.jobs[j].gpus / inst.jobs[j].weight; };
    auto read = [&](const LinearProgram &solved) {
        GavelAllocation x;
        for (const GavelEntry &e : inst.entries) {
            std::vector<double> row(pools, 0.0);
            if (e.second < 0) {
                double t = std::clamp(solved.value(terms[e.first][0].col), 0.0, 1.0);
                for (size_t k = 0; k < pools; k++)
                    if (inst.jobs[e.first].alone[k] > 0)
                        row[k] = t * inst.pools[k].total() / usable_gpus[e.first];
            }
            x[inst.key(e)] = std::move(row);
        }
        return x;
    };
    return max_min(lp, terms, factor, read, budget);
}

// Gavel's max_sum_throughput: max sum_j throughput(j, X), each normalised
// by throughput(j, X^equal) (docs/simulator.md says why normalised).
std::optional<GavelAllocation> max_sum_throughput(const GavelInstance &inst, const LpBudget &budget)
{
    LinearProgram lp;
    EntryColumns ec = add_entry_constraints(lp, inst);
    set_objective(lp, ec.terms, [](size_t) { return 1.0; });
    if (!lp.solve(budget))
        return std::nullopt;
    return read_entries(lp, inst, ec);
}

}  // namespace

AllocationResult compute_allocation(const GavelInstance &inst, GavelObjective objective,
                                    const LpBudget &budget, const GavelAllocation &previous)
{
    if (inst.jobs.empty())
        return {{}, true};
    std::optional<GavelAllocation> x;
    switch (objective) {
    case GavelObjective::max_min_fairness:
        x = max_min_fairness(inst, budget);
        break;
    case GavelObjective::max_min_fairness_agnostic:
        x = max_min_fairness_agnostic(inst, budget);
        break;
    case GavelObjective::max_sum_throughput:
        x = max_sum_throughput(inst, budget);
        break;
    }
    if (x)
        return {std::move(*x), true};
    return {fallback_allocation(inst, previous), false};
}

double effective_throughput(const GavelInstance &inst, const GavelAllocation &x, size_t job)
{
    double sum = 0;
    for (const GavelEntry &e : inst.entries) {
        bool first = e.first == job;
        if (!first && e.second != static_cast<long>(job))
            continue;
        auto it = x.find(inst.key(e));
        if (it == x.end())
            continue;
        const auto &speed = first ? e.first_speed : e.second_speed;
        for (size_t k = 0; k < inst.pools.size(); k++)
            sum += it->second[k] * speed[k];
    }
    return sum;
}

}  // namespace accord::sim
