// Unit tests for the parts of the exact optimum (contrib/sim): the pooled
// model's configurations, the start rule, the timeline of free GPUs, the
// assignment solver, the lower bound, the dominance memo and the greedy
// incumbent.
#include "cmocka_cpp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/min_cost_assignment.h"
#include "sim/optimum_bound.h"
#include "sim/optimum_greedy.h"
#include "sim/optimum_search.h"
#include "sim/partial_schedule.h"
#include "sim/pooled_instance.h"
#include "sim/state_memo.h"
#include "sim/type_timeline.h"

using namespace accord::sim;

static const double kInf = std::numeric_limits<double>::infinity();

static bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

static TraceJob job(const char *type, uint64_t steps, double arrival, int gpus)
{
    TraceJob t;
    t.job_type = type;
    t.total_steps = steps;
    t.arrival_s = arrival;
    t.scale_factor = gpus;
    return t;
}

// Job type A at 10 steps/s per GPU on "fast", 5 on "slow"; B only on fast.
static const ThroughputTable &table()
{
    static const ThroughputTable t = [] {
        ThroughputTable t;
        for (int gpus = 1; gpus <= 4; gpus++) {
            t.set_isolated("fast", "A", gpus, false, 10.0 * gpus);
            t.set_isolated("slow", "A", gpus, false, 5.0 * gpus);
        }
        t.set_isolated("fast", "A", 3, false, 20);  // 3 GPUs no faster than 2
        t.set_isolated("fast", "B", 1, false, 10);
        return t;
    }();
    return t;
}

static PooledInstance pooled(const std::vector<TraceJob> &trace, const char *cluster)
{
    JobSpeed speed(table());
    return pooled_instance(trace, speed, parse_cluster_spec(cluster));
}

static void configurations_are_shortest_first_without_beaten_counts(void **)
{
    TraceJob t = job("A", 1200, 0, 1);
    t.min_gpus = 1;
    t.max_gpus = 3;
    PooledInstance p = pooled({t}, "fast:1x4,slow:1x4");
    // fast 2 (60 s), slow 3 (80), fast 1 (120), slow 2 (120), slow 1 (240);
    // fast 3 (60 s, as fast 2 on more GPUs) is left out.
    const auto &c = p.jobs[0].configs;
    assert_int_equal(c.size(), 5);
    assert_int_equal(c[0].gpus, 2);
    assert_string_equal(p.types[c[0].type].name.c_str(), "fast");
    assert_true(near(c[0].duration_s, 60));
    for (size_t i = 1; i < c.size(); i++)
        assert_true(c[i - 1].duration_s <= c[i].duration_s);
    for (const auto &config : c)
        assert_false(p.types[config.type].name == "fast" && config.gpus == 3);
}

static void start_rule(void **)
{
    // fast: 2 GPUs. Job 0 (A, 2 GPUs) runs 0-50; job 1 (A, 1 GPU) arrived
    // at 0 and was deferred; job 2 arrives at 50.
    PooledInstance p = pooled({job("A", 1000, 0, 2), job("A", 1000, 0, 1), job("A", 1000, 50, 1)}, "fast:1x2");
    PartialSchedule s = first_event(p);
    start(p, s, 0, 0);
    assert_false(may_start(p, s, 1, 0));  // no GPU free
    s.undecided = 0;
    assert_true(advance(p, s));
    assert_true(near(s.now, 50));
    assert_true(may_start(p, s, 1, 0));  // the type was full just before
    assert_true(may_start(p, s, 2, 0));  // arrives now
    start(p, s, 2, 0);
    // Job 1 again at job 2's end (150): a GPU was free just before (job 2
    // held one of two), so starting it only now would be beaten.
    s.undecided = 0;
    assert_true(advance(p, s));
    assert_true(near(s.now, 150));
    assert_false(may_start(p, s, 1, 0));
}

static void start_rule_refuses_a_job_that_fitted_in_the_past(void **)
{
    // fast: 1 GPU. Job 0 (A) arrives at 0 and waits; job 1 (B, 10 s) runs
    // 0-10, job 2 (B, arrives at 20) 20-30. At 30 the type was full just
    // before; a 100 s job 0 may start then, but a 5 s one would have fitted
    // whole in the idle 10-20, so starting it at 30 is beaten.
    PooledInstance p = pooled({job("A", 1000, 0, 1), job("B", 100, 0, 1), job("B", 100, 20, 1)}, "fast:1x1");
    PooledInstance shorter = pooled({job("A", 50, 0, 1), job("B", 100, 0, 1), job("B", 100, 20, 1)}, "fast:1x1");
    for (const PooledInstance *inst : {&p, &shorter}) {
        PartialSchedule s = first_event(*inst);
        start(*inst, s, 1, 0);
        s.undecided = 0;
        assert_true(advance(*inst, s));  // 10: job 1 ends
        s.undecided = 0;
        assert_true(advance(*inst, s));  // 20: job 2 arrives
        start(*inst, s, 2, 0);
        s.undecided = 0;
        assert_true(advance(*inst, s));  // 30
        assert_true(near(s.now, 30));
        assert_int_equal(may_start(*inst, s, 0, 0), inst == &p);
    }
}

static void timeline_fits_around_running_jobs_and_later_holds(void **)
{
    // 4 GPUs; running: 3 GPUs until 10, 1 GPU until 20. Held later: 2 GPUs
    // over [30, 40).
    std::vector<Run> runs = {{0, 0, 3, 10}, {1, 0, 1, 20}, {2, 1, 4, 99}};
    TypeTimeline line(0, 4, 0, runs, {Hold{30, 40, 2}});
    assert_true(near(line.earliest_fit(1, 0, 5), 10));
    assert_true(near(line.earliest_fit(4, 0, 5), 20));
    assert_true(near(line.earliest_fit(4, 0, 10), 20));
    assert_true(near(line.earliest_fit(4, 0, 11), 40));  // 20-31 crosses the hold
    assert_true(near(line.earliest_fit(2, 0, 100), 10));
    assert_true(line.earliest_fit(5, 0, 1) == kInf);
    // Free: none on [0,10), 3 GPUs on [10,20), 4 on [20,30), 2 on [30,40),
    // then 4.
    assert_true(near(line.fluid_finish(15), 15));
    assert_true(near(line.fluid_finish(30), 20));
    assert_true(near(line.fluid_finish(80), 35));
    assert_true(near(line.fluid_finish(100), 42.5));
    TypeTimeline held = line;
    line.holding(10, 20, 1, held);
    assert_true(near(held.earliest_fit(3, 0, 5), 20));
    assert_true(near(held.earliest_fit(2, 0, 5), 10));
    assert_true(near(held.fluid_finish(20), 20));
    TypeTimeline full = line;
    line.holding(10, kInf, 1, full);
    assert_true(full.earliest_fit(4, 0, 1) == kInf);
}

static double brute_assignment(const CostMatrix &m, size_t row, std::vector<bool> &used)
{
    if (row == m.rows())
        return 0;
    double best = kInf;
    for (size_t c = 0; c < m.cols(); c++)
        if (!used[c] && m.at(row, c) < kInf) {
            used[c] = true;
            best = std::min(best, m.at(row, c) + brute_assignment(m, row + 1, used));
            used[c] = false;
        }
    return best;
}

static void assignment_matches_brute_force(void **)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 200; round++) {
        size_t rows = 1 + rng() % 5, cols = rows + rng() % 3;
        CostMatrix m(rows, cols, kInf);
        for (size_t r = 0; r < rows; r++)
            for (size_t c = 0; c < cols; c++)
                if (rng() % 4)
                    m.at(r, c) = rng() % 100;
        std::vector<bool> used(cols, false);
        double expected = brute_assignment(m, 0, used), got = min_cost_assignment(m);
        assert_true(expected == got);
    }
    assert_true(min_cost_assignment(CostMatrix(0, 0, 0)) == 0);
}

// Random instances of A and B jobs (1 or 2 GPUs) on two small types.
static std::vector<TraceJob> random_trace(unsigned seed, size_t jobs)
{
    std::mt19937 rng(seed);
    std::vector<TraceJob> trace;
    for (size_t i = 0; i < jobs; i++)
        trace.push_back(job(rng() % 3 ? "A" : "B", 100 + rng() % 2000, rng() % 300, 1 + (rng() % 4 == 0)));
    return trace;
}

static void lower_bound_never_exceeds_the_optimum(void **)
{
    for (unsigned seed = 1; seed <= 8; seed++) {
        PooledInstance p = pooled(random_trace(seed, 7), "fast:1x2,slow:1x2");
        OptimumLimits none;
        SearchOutcome opt = branch_and_bound(p, improved_greedy_schedule(p, decision_order(p), 100), none);
        assert_true(opt.proven_optimal);
        PartialSchedule root = first_event(p);
        FewJobsCache cache(100);
        assert_true(lower_bound(p, root, kInf, cache) <= opt.best_ends_s * (1 + 1e-12));
        // Against a level above the optimum the bound still holds; against
        // one below it the bound only has to reach the level.
        assert_true(lower_bound(p, root, opt.best_ends_s * 1.01, cache) <= opt.best_ends_s * (1 + 1e-12));
        // Deeper: with the optimum's first start made, still no higher.
        PartialSchedule s = first_event(p);
        int first = static_cast<int>(std::min_element(opt.best.begin(), opt.best.end(),
                                                      [](const Start &a, const Start &b) {
                                                          return a.start_s < b.start_s;
                                                      }) - opt.best.begin());
        if (opt.best[first].start_s == s.now && may_start(p, s, first, opt.best[first].config)) {
            start(p, s, first, opt.best[first].config);
            assert_true(lower_bound(p, s, kInf, cache) <= opt.best_ends_s * (1 + 1e-12));
        }
    }
}

static void lower_bound_is_exact_for_a_few_jobs(void **)
{
    // Three jobs on one GPU, all at 0: 10, 20, 30 s -> ends 10, 30, 60.
    PooledInstance p = pooled({job("A", 300, 0, 1), job("A", 100, 0, 1), job("A", 200, 0, 1)}, "fast:1x1");
    FewJobsCache cache(100);
    assert_true(near(lower_bound(p, first_event(p), kInf, cache), 100));
}

static void memo_keeps_states_that_are_no_worse(void **)
{
    PooledInstance p = pooled({job("A", 1000, 0, 1), job("A", 1000, 0, 1), job("A", 1000, 0, 1)}, "fast:1x4,slow:1x4");
    PartialSchedule a = first_event(p);
    a.unstarted = 0b100;
    a.now = 10;
    a.ends_s = 100;
    a.runs = {Run{0, 0, 1, 50}};
    StateMemo memo(10);
    memo.remember(a);
    PartialSchedule b = a;
    assert_true(memo.beaten(b));  // the same
    b.ends_s = 99;
    assert_false(memo.beaten(b));  // a smaller sum
    b = a;
    b.now = 20;
    assert_true(memo.beaten(b));  // later, holding the same
    b.runs = {Run{0, 0, 1, 40}};
    assert_false(memo.beaten(b));  // frees its GPU before a does
    b.runs = {Run{0, 0, 2, 60}};
    assert_true(memo.beaten(b));  // holds more, longer
    b.runs = {Run{0, 1, 1, 60}};
    assert_false(memo.beaten(b));  // another type
    b = a;
    b.now = 5;
    assert_false(memo.beaten(b));  // earlier than a
    b = a;
    b.unstarted = 0b010;
    assert_false(memo.beaten(b));  // other jobs left
    StateMemo full(0);
    full.remember(a);
    assert_false(full.beaten(a));  // no room to remember
}

static void greedy_waits_for_the_type_that_ends_soonest(void **)
{
    // fast 1 GPU, slow 1 GPU. Job 0 (A) takes fast 0-100; job 1 (A, 10
    // s on fast, 20 on slow) arrives at 95: fast ends it at 110, slow at
    // 115, so it waits for fast.
    PooledInstance p = pooled({job("A", 1000, 0, 1), job("A", 100, 95, 1)}, "fast:1x1,slow:1x1");
    std::vector<Start> starts = greedy_schedule(p, GreedyPlan{decision_order(p), {0, 0}});
    assert_string_equal(p.types[p.jobs[1].configs[starts[1].config].type].name.c_str(), "fast");
    assert_true(near(starts[1].start_s, 100));
    assert_true(near(sum_of_ends(p, starts), 100 + 110));
}

static void decision_order_is_shortest_run_first(void **)
{
    PooledInstance p = pooled({job("A", 300, 0, 1), job("A", 100, 0, 1), job("A", 300, 0, 1), job("A", 200, 0, 1)},
                              "fast:1x1");
    std::vector<int> expected = {1, 3, 0, 2};
    assert_true(decision_order(p) == expected);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(configurations_are_shortest_first_without_beaten_counts),
        cmocka_unit_test(start_rule),
        cmocka_unit_test(start_rule_refuses_a_job_that_fitted_in_the_past),
        cmocka_unit_test(timeline_fits_around_running_jobs_and_later_holds),
        cmocka_unit_test(assignment_matches_brute_force),
        cmocka_unit_test(lower_bound_never_exceeds_the_optimum),
        cmocka_unit_test(lower_bound_is_exact_for_a_few_jobs),
        cmocka_unit_test(memo_keeps_states_that_are_no_worse),
        cmocka_unit_test(greedy_waits_for_the_type_that_ends_soonest),
        cmocka_unit_test(decision_order_is_shortest_run_first),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
