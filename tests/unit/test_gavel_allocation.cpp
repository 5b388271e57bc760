// Unit tests for Gavel's allocation LPs (contrib/sim/gavel_allocation.h),
// candidate pairs (gavel_pairs.h) and the fallback (gavel_fallback.h), on
// small instances solved by hand in the comments.
#include "cmocka_cpp.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gavel_view.h"
#include "sim/gavel_allocation.h"
#include "sim/gavel_fallback.h"
#include "sim/gavel_trace.h"
#include "sim_fixture.h"

using namespace accord::sim;
using accord::test::GavelView;
using accord::test::pool;
using accord::test::table_of;
using accord::test::three_jobs;

static bool near(double a, double b, double tol = 1e-6) { return std::fabs(a - b) < tol; }

static void assert_near(double got, double want, double tol = 1e-6)
{
    if (!near(got, want, tol))
        fail_msg("got %.9f, want %.9f", got, want);
}

static GavelAllocation solve(const GavelInstance &inst, GavelObjective objective, LpBudget budget = {})
{
    AllocationResult r = compute_allocation(inst, objective, budget, {});
    assert_true(r.solved);
    return r.x;
}

static const std::vector<double> &row(const GavelAllocation &x, size_t job, long partner = -1)
{
    auto it = x.find({job, partner});
    if (it == x.end())
        fail_msg("no entry (%zu, %ld)", job, partner);
    return it->second;
}

// min over jobs of effective throughput / throughput under an equal share.
static double min_normalised(const GavelInstance &inst, const GavelAllocation &x)
{
    double m = 1e300;
    for (size_t j = 0; j < inst.jobs.size(); j++)
        m = std::min(m, effective_throughput(inst, x, j) / inst.jobs[j].equal_share);
    return m;
}

// Within capacity per pool and at most all of the time per job.
static void assert_feasible(const GavelInstance &inst, const GavelAllocation &x)
{
    std::vector<double> used(inst.pools.size(), 0.0);
    std::vector<double> time(inst.jobs.size(), 0.0);
    for (const GavelEntry &e : inst.entries) {
        const auto &r = row(x, inst.key(e).job, inst.key(e).partner);
        for (size_t k = 0; k < r.size(); k++) {
            assert_true(r[k] >= 0);
            used[k] += e.gpus * r[k];
            time[e.first] += r[k];
            if (e.second >= 0)
                time[static_cast<size_t>(e.second)] += r[k];
        }
    }
    for (size_t k = 0; k < used.size(); k++)
        assert_true(used[k] <= inst.pools[k].total() + 1e-9);
    for (double t : time)
        assert_true(t <= 1 + 1e-9);
}

static void effective_throughput_sums_time_times_speed(void **)
{
    // The paper's kind of example: 3 jobs on one V100, P100 and K80.
    GavelView v(table_of({{"v100", "j0", 1, 40}, {"p100", "j0", 1, 20}, {"k80", "j0", 1, 10},
                          {"v100", "j1", 1, 12}, {"p100", "j1", 1, 4}, {"k80", "j1", 1, 2},
                          {"v100", "j2", 1, 100}, {"p100", "j2", 1, 50}, {"k80", "j2", 1, 25}}),
                {pool("k80", 1, 1), pool("p100", 1, 1), pool("v100", 1, 1)});
    v.add("j0");
    v.add("j1");
    v.add("j2");
    GavelInstance inst = build_instance(v.view, {});
    // Pools are sorted by type: k80, p100, v100.
    GavelAllocation x = {{{0, -1}, {0.0, 0.4, 0.6}}, {{1, -1}, {0.2, 0.6, 0.2}}, {{2, -1}, {0.8, 0.0, 0.2}}};
    assert_near(effective_throughput(inst, x, 0), 32);
    assert_near(effective_throughput(inst, x, 1), 5.2);
    assert_near(effective_throughput(inst, x, 2), 40);
    assert_near(inst.jobs[0].equal_share, 70.0 / 3);
}

static void max_min_fairness_three_jobs(void **)
{
    // Normalised speeds (steps/s over the equal-share steps/s 2.5, 1.5, 2):
    // A 1.6 fast / 0.4 slow, B 2/3 / 4/3, C 1 / 1. At the optimum A runs
    // on fast, B on slow, C on both, all three at z: 1.6a = 4b/3 =
    // (1-a)+(1-b) = z gives z = 16/19, a = 10/19, b = 12/19 (a dual with
    // prices 8/19 per GPU proves it optimal).
    GavelView v = three_jobs();
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness);
    assert_near(row(x, 0)[0], 10.0 / 19);
    assert_near(row(x, 0)[1], 0);
    assert_near(row(x, 1)[0], 0);
    assert_near(row(x, 1)[1], 12.0 / 19);
    assert_near(row(x, 2)[0], 9.0 / 19);
    assert_near(row(x, 2)[1], 7.0 / 19);
    assert_near(min_normalised(inst, x), 16.0 / 19);
}

static void agnostic_gives_equal_time_and_is_worse(void **)
{
    // Throughput 1 everywhere: 3 jobs share 2 GPUs, 2/3 of the time each,
    // spread evenly over the two types; normalised throughput 2/3 < 16/19.
    GavelView v = three_jobs();
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness_agnostic);
    for (size_t j = 0; j < 3; j++)
        for (size_t k = 0; k < 2; k++)
            assert_near(row(x, j)[k], 1.0 / 3);
    assert_near(min_normalised(inst, x), 2.0 / 3);
    assert_true(min_normalised(inst, solve(inst, GavelObjective::max_min_fairness)) > 2.0 / 3 + 0.1);
}

static void aware_puts_each_job_where_it_is_relatively_fast(void **)
{
    // A: 4 fast / 1 slow, B: 1 fast / 2 slow, one GPU of each type. The
    // agnostic split (1/2, 1/2) gives A 2.5 and B 1.5 steps/s; A on fast
    // and B on slow gives 4 and 2.
    GavelView v(table_of({{"fast", "A", 1, 4}, {"slow", "A", 1, 1}, {"fast", "B", 1, 1}, {"slow", "B", 1, 2}}),
                {pool("fast", 1, 1), pool("slow", 1, 1)});
    v.add("A");
    v.add("B");
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation aware = solve(inst, GavelObjective::max_min_fairness);
    GavelAllocation agnostic = solve(inst, GavelObjective::max_min_fairness_agnostic);
    assert_near(row(aware, 0)[0], 1);
    assert_near(row(aware, 1)[1], 1);
    assert_near(row(agnostic, 0)[0], 0.5);
    assert_near(row(agnostic, 1)[1], 0.5);
    assert_near(effective_throughput(inst, aware, 0), 4);
    assert_near(effective_throughput(inst, aware, 1), 2);
    assert_near(effective_throughput(inst, agnostic, 0), 2.5);
    assert_near(effective_throughput(inst, agnostic, 1), 1.5);
}

static void paper_three_types_example(void **)
{
    // Throughputs as in the paper's section 3.1 example (V100, P100, K80):
    // j0 40/20/10, j1 12/4/2, j2 100/50/25, one GPU each. j0 and j2 scale
    // alike; j1 gains most from the V100. By hand (primal and dual agree):
    // max-min normalised throughput 99/97, j1 on the V100 for 40/97 and the
    // K80 for 57/97.
    GavelView v(table_of({{"v100", "j0", 1, 40}, {"p100", "j0", 1, 20}, {"k80", "j0", 1, 10},
                          {"v100", "j1", 1, 12}, {"p100", "j1", 1, 4}, {"k80", "j1", 1, 2},
                          {"v100", "j2", 1, 100}, {"p100", "j2", 1, 50}, {"k80", "j2", 1, 25}}),
                {pool("k80", 1, 1), pool("p100", 1, 1), pool("v100", 1, 1)});
    v.add("j0");
    v.add("j1");
    v.add("j2");
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness);
    assert_feasible(inst, x);
    assert_near(min_normalised(inst, x), 99.0 / 97);
    assert_near(row(x, 1)[2], 40.0 / 97);
    assert_near(row(x, 1)[0], 57.0 / 97);
    assert_near(row(x, 1)[1], 0);
}

static void scale_factor_gets_proportionally_less_time(void **)
{
    // One type, 2 GPUs. A on 2 GPUs (10 steps/s), B on 1 (5 steps/s):
    // max min(2 x_A, x_B) with 2 x_A + x_B <= 2: x_A = 1/2, x_B = 1, the
    // same GPU-time for both.
    GavelView v(table_of({{"gpu", "A", 2, 10}, {"gpu", "B", 1, 5}}), {pool("gpu", 1, 2)});
    v.add("A", 2);
    v.add("B", 1);
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness);
    assert_near(row(x, 0)[0], 0.5);
    assert_near(row(x, 1)[0], 1);
}

static void priority_weight_scales_the_share(void **)
{
    // One GPU; B has weight 2: max min(x_A, x_B / 2), x_A + x_B <= 1.
    GavelView v(table_of({{"gpu", "A", 1, 3}, {"gpu", "B", 1, 7}}), {pool("gpu", 1, 1)});
    v.add("A", 1, 1);
    v.add("B", 1, 2);
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness);
    assert_near(row(x, 0)[0], 1.0 / 3);
    assert_near(row(x, 1)[0], 2.0 / 3);
}

static void max_sum_throughput_takes_the_best_uses(void **)
{
    // Normalised gains per GPU: fast is worth most to A (1.6), slow to B
    // (4/3); C gets nothing.
    GavelView v = three_jobs();
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = solve(inst, GavelObjective::max_sum_throughput);
    assert_near(row(x, 0)[0], 1);
    assert_near(row(x, 1)[1], 1);
    assert_near(row(x, 2)[0] + row(x, 2)[1], 0);
}

static ThroughputTable pairs_table()
{
    return ThroughputTable::load_gavel(accord::test::fixture("gavel_pairs.json"));
}

static bool has_entry(const GavelInstance &inst, size_t a, long b)
{
    for (const GavelEntry &e : inst.entries)
        if (inst.key(e) == EntryKey{a, b})
            return true;
    return false;
}

static void packing_keeps_only_measured_helpful_pairs(void **)
{
    // a+b measured at 0.8 + 0.7 (> 1: a candidate); a+c at 0.4 + 0.4
    // (dominated by time-sharing); b+c never measured.
    GavelView v(pairs_table(), {pool("gpu", 1, 1)});
    v.add("a");
    v.add("b");
    v.add("c");
    GavelInstance inst = build_instance(v.view, {true, 4});
    assert_int_equal(inst.entries.size(), 4);
    assert_true(has_entry(inst, 0, 1));
    assert_false(has_entry(inst, 0, 2));
    assert_false(has_entry(inst, 1, 2));
    assert_false(has_entry(build_instance(v.view, {false, 4}), 0, 1));
}

static void packed_max_min_fairness(void **)
{
    // Alone: 1/3 of the GPU each. With the pair p: A = x_A + 0.8p,
    // B = x_B + 0.7p, C = x_C; at the optimum x_A = 0 and all three equal
    // z: p = 1.25z, x_B = z - 0.7p, x_C = z, p + x_B + x_C = 1: z = 8/19.
    GavelView v(pairs_table(), {pool("gpu", 1, 1)});
    v.add("a");
    v.add("b");
    v.add("c");
    GavelInstance inst = build_instance(v.view, {true, 4});
    GavelAllocation x = solve(inst, GavelObjective::max_min_fairness);
    assert_near(row(x, 0, 1)[0], 10.0 / 19);
    assert_near(row(x, 0)[0], 0);
    assert_near(row(x, 1)[0], 1.0 / 19);
    assert_near(row(x, 2)[0], 8.0 / 19);
    assert_near(min_normalised(inst, x), 8.0 / 19);
    GavelInstance alone = build_instance(v.view, {});
    assert_near(min_normalised(alone, solve(alone, GavelObjective::max_min_fairness)), 1.0 / 3);
}

static void packed_max_sum_throughput(void **)
{
    // The pair yields 1.5 per GPU-second, any job alone 1: the pair runs
    // all the time.
    GavelView v(pairs_table(), {pool("gpu", 1, 1)});
    v.add("a");
    v.add("b");
    v.add("c");
    GavelInstance inst = build_instance(v.view, {true, 4});
    GavelAllocation x = solve(inst, GavelObjective::max_sum_throughput);
    assert_near(row(x, 0, 1)[0], 1);
    assert_near(row(x, 2)[0], 0);
}

static void partners_per_job_limits_candidates(void **)
{
    // Jobs a0, b0, a1, b1 (indices 0-3). With one partner each, a job
    // takes the partner of its own rank: a0-b0 and a1-b1 only.
    GavelView v(pairs_table(), {pool("gpu", 1, 4)});
    v.add("a");
    v.add("b");
    v.add("a");
    v.add("b");
    GavelInstance one = build_instance(v.view, {true, 1});
    assert_int_equal(one.entries.size(), 4 + 2);
    assert_true(has_entry(one, 0, 1));
    assert_true(has_entry(one, 2, 3));
    GavelInstance two = build_instance(v.view, {true, 2});
    assert_int_equal(two.entries.size(), 4 + 4);
    assert_true(has_entry(two, 0, 3));
    assert_true(has_entry(two, 1, 2));
}

static void pairs_share_one_node(void **)
{
    // a+b on 2 GPUs was measured on one node: no pair where nodes have 1 GPU.
    GavelView split(pairs_table(), {pool("gpu", 2, 1)});
    split.add("a", 2);
    split.add("b", 2);
    assert_false(has_entry(build_instance(split.view, {true, 4}), 0, 1));
    GavelView node(pairs_table(), {pool("gpu", 1, 2)});
    node.add("a", 2);
    node.add("b", 2);
    assert_true(has_entry(build_instance(node.view, {true, 4}), 0, 1));
}

static void jobs_that_cannot_run_are_left_out(void **)
{
    // D has no speed anywhere; E needs more GPUs than the pool has.
    GavelView v(table_of({{"gpu", "A", 1, 1}, {"gpu", "E", 4, 3}}), {pool("gpu", 1, 2)});
    v.add("A");
    v.add("D");
    v.add("E", 4);
    GavelInstance inst = build_instance(v.view, {});
    assert_int_equal(inst.jobs.size(), 1);
    assert_int_equal(inst.jobs[0].index, 0);
}

static void solver_failure_falls_back_to_a_valid_allocation(void **)
{
    // No simplex iterations allowed: the fallback. Without a previous
    // allocation, the three jobs split each GPU equally.
    GavelView v = three_jobs();
    GavelInstance inst = build_instance(v.view, {});
    LpBudget none;
    none.iteration_limit = 0;
    for (auto objective : {GavelObjective::max_min_fairness, GavelObjective::max_min_fairness_agnostic,
                           GavelObjective::max_sum_throughput}) {
        AllocationResult r = compute_allocation(inst, objective, none, {});
        assert_false(r.solved);
        assert_feasible(inst, r.x);
        for (size_t j = 0; j < 3; j++)
            for (size_t k = 0; k < 2; k++)
                assert_near(row(r.x, j)[k], 1.0 / 3);
    }
}

static void fallback_keeps_previous_shares(void **)
{
    // A keeps its half of fast; B and C (new) split what is left.
    GavelView v = three_jobs();
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation previous = {{{0, -1}, {0.5, 0.0}}, {{7, -1}, {0.5, 0.5}}};
    GavelAllocation x = fallback_allocation(inst, previous);
    assert_feasible(inst, x);
    assert_near(row(x, 0)[0], 0.5);
    assert_near(row(x, 0)[1], 0);
    for (size_t j = 1; j < 3; j++) {
        assert_near(row(x, j)[0], 0.25);
        assert_near(row(x, j)[1], 0.5);
    }
    assert_true(x.find({7, -1}) == x.end());
}

static void fallback_caps_each_job_at_all_of_its_time(void **)
{
    // One job, 4 GPUs of each of two types: capped to 1 in total.
    GavelView v(table_of({{"fast", "A", 1, 2}, {"slow", "A", 1, 1}}), {pool("fast", 1, 4), pool("slow", 1, 4)});
    v.add("A");
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation x = fallback_allocation(inst, {});
    assert_near(row(x, 0)[0], 0.5);
    assert_near(row(x, 0)[1], 0.5);
}

static void real_table_aware_beats_agnostic(void **)
{
    // The first 60 jobs of a Philly-derived Gavel trace on 8 K80, 8 P100
    // and 8 V100 (nodes of 4): the agnostic allocation is feasible for the
    // aware LP, so the aware minimum can only be higher; here clearly so.
    auto trace = read_gavel_trace(accord::test::shared_data("gavel/traces/msr/seed=0/0e4a51.trace"));
    GavelView v(ThroughputTable::load_gavel(accord::test::shared_data("gavel/simulation_throughputs.json")),
                {pool("k80", 2, 4), pool("p100", 2, 4), pool("v100", 2, 4)});
    for (size_t i = 0; i < 60 && i < trace.size(); i++)
        v.add(trace[i].job_type, trace[i].scale_factor);
    GavelInstance inst = build_instance(v.view, {});
    GavelAllocation aware = solve(inst, GavelObjective::max_min_fairness);
    GavelAllocation agnostic = solve(inst, GavelObjective::max_min_fairness_agnostic);
    assert_feasible(inst, aware);
    assert_feasible(inst, agnostic);
    assert_true(min_normalised(inst, aware) > 1.1 * min_normalised(inst, agnostic));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(effective_throughput_sums_time_times_speed),
        cmocka_unit_test(max_min_fairness_three_jobs),
        cmocka_unit_test(agnostic_gives_equal_time_and_is_worse),
        cmocka_unit_test(aware_puts_each_job_where_it_is_relatively_fast),
        cmocka_unit_test(paper_three_types_example),
        cmocka_unit_test(scale_factor_gets_proportionally_less_time),
        cmocka_unit_test(priority_weight_scales_the_share),
        cmocka_unit_test(max_sum_throughput_takes_the_best_uses),
        cmocka_unit_test(packing_keeps_only_measured_helpful_pairs),
        cmocka_unit_test(packed_max_min_fairness),
        cmocka_unit_test(packed_max_sum_throughput),
        cmocka_unit_test(partners_per_job_limits_candidates),
        cmocka_unit_test(pairs_share_one_node),
        cmocka_unit_test(jobs_that_cannot_run_are_left_out),
        cmocka_unit_test(solver_failure_falls_back_to_a_valid_allocation),
        cmocka_unit_test(fallback_keeps_previous_shares),
        cmocka_unit_test(fallback_caps_each_job_at_all_of_its_time),
        cmocka_unit_test(real_table_aware_beats_agnostic),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
