// Unit tests for the Sia-like round policy: Sia's configurations, its
// goodput normalisation and restart discount, the integer program against
// hand-computed optima, ties, and the greedy fallback.
#include "cmocka_cpp.h"

#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

#include "round_view_builder.h"
#include "sim/job_speed.h"
#include "sim/sia_candidates.h"
#include "sim/sia_policy.h"
#include "sim/sia_program.h"
#include "sim/throughput_table.h"

using namespace accord::sim;
using accord::test::RoundViewBuilder;

// X: 1 GPU, 4x faster on fast. Y: 2 GPUs, 2x faster. Z: 1 GPU, no gain.
// W: 1 GPU, 1.2x. V: 1 GPU, 1.35x. E: elastic, only on fast (10, 18, 30
// steps/s on 1, 2, 4 GPUs).
static const JobSpeed &speed()
{
    static const ThroughputTable table = [] {
        ThroughputTable t;
        for (auto [job, gpus, fast] : {std::tuple{"X", 1, 4.0}, {"Y", 2, 2.0}, {"Z", 1, 1.0}, {"W", 1, 1.2},
                                       {"V", 1, 1.35}}) {
            t.set_isolated("fast", job, gpus, false, fast);
            t.set_isolated("slow", job, gpus, false, 1.0);
        }
        t.set_isolated("fast", "E", 1, false, 10);
        t.set_isolated("fast", "E", 2, false, 18);
        t.set_isolated("fast", "E", 4, false, 30);
        return t;
    }();
    static const JobSpeed s(table);
    return s;
}

static std::optional<Assignment> given(const std::vector<Allocation> &allocations, size_t index)
{
    for (const auto &a : allocations)
        if (a.job == index)
            return a.assignment;
    return std::nullopt;
}

static void assert_given(const std::vector<Allocation> &allocations, size_t index, const char *type, int gpus)
{
    auto a = given(allocations, index);
    assert_true(a.has_value());
    assert_string_equal(a->gpu_type.c_str(), type);
    assert_int_equal(a->gpus, gpus);
    assert_int_equal(a->partner, -1);
}

// Each job at most once, a count in its range, measured, pools not exceeded.
static void assert_valid(const RoundView &view, const std::vector<Allocation> &allocations)
{
    std::map<std::string, int> used;
    std::map<size_t, int> times;
    for (const auto &a : allocations) {
        times[a.job]++;
        const RoundJob *job = nullptr;
        for (const auto &j : view.jobs)
            if (j.index == a.job)
                job = &j;
        assert_non_null(job);
        assert_true(a.assignment.gpus >= job->min_gpus && a.assignment.gpus <= job->max_gpus);
        assert_true(view.speed->steps_per_second(a.assignment.gpu_type, job->trace->job_type, a.assignment.gpus,
                                                 false).has_value());
        used[a.assignment.gpu_type] += a.assignment.gpus;
    }
    for (const auto &[index, n] : times)
        assert_int_equal(n, 1);
    for (const auto &pool : view.pools)
        assert_true(used[pool.type] <= pool.total());
}

static void gpu_counts_follow_sia(void **)
{
    assert_true(sia_gpu_counts({"a", 3, 8}) == (std::vector<int>{1, 2, 4, 8, 16, 24}));
    assert_true(sia_gpu_counts({"a", 2, 4}) == (std::vector<int>{1, 2, 4, 8}));
    assert_true(sia_gpu_counts({"a", 0, 4}).empty());
}

static void realloc_factor_is_pollux(void **)
{
    assert_true(std::fabs(sia_realloc_factor(400, 0, 100) - 0.8) < 1e-12);
    assert_true(std::fabs(sia_realloc_factor(1000, 2, 100) - 800.0 / 1100) < 1e-12);
    assert_true(sia_realloc_factor(50, 3, 100) == 1.0);
    assert_true(sia_realloc_factor(250, 5, 100) == 0.0);
}

static void rigid_job_is_worth_its_gpu_count_on_the_slowest_type(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 2).pool("slow", 1, 2);
    b.job("Y", 2);
    auto c = sia_candidates(b.view(), SiaParams{}, {0});
    assert_int_equal(c.size(), 2);
    assert_true(std::fabs(c[0].value - (1.1 - std::pow(4.0, -0.5))) < 1e-12);  // fast: 2 x 2
    assert_true(std::fabs(c[1].value - (1.1 - std::pow(2.0, -0.5))) < 1e-12);  // slow: 2
}

static void elastic_job_is_normalised_to_its_least_configuration(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 4).pool("slow", 1, 4);
    RoundJob &e = b.job("E", 1);
    e.max_gpus = 4;
    auto c = sia_candidates(b.view(), SiaParams{}, {0});
    assert_int_equal(c.size(), 3);  // 1, 2, 4 GPUs on fast; E never ran on slow
    assert_int_equal(c[2].gpus, 4);
    assert_true(std::fabs(c[0].value - 0.1) < 1e-12);
    assert_true(std::fabs(c[1].value - (1.1 - std::pow(1.8, -0.5))) < 1e-12);
    assert_true(std::fabs(c[2].value - (1.1 - std::pow(3.0, -0.5))) < 1e-12);
}

static void positive_p_adds_the_goodput_power(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 2).pool("slow", 1, 2);
    b.job("Y", 2);
    SiaParams params;
    params.p = 0.5;
    auto c = sia_candidates(b.view(), params, {0});
    assert_true(std::fabs(c[0].value - 3.1) < 1e-12);
}

// X, Z: 1 GPU; Y: 2. Two GPUs of each type. Values (p = -0.5, 1.1):
// X 0.6 fast / 0.1 slow, Y 0.6 / 0.393, Z 0.1 / 0.1. Best: X and Z on
// fast, Y on slow (1.093); Y on fast leaves 0.8 at most.
static void hand_computed_optimum(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 2).pool("slow", 1, 2);
    b.job("X", 1);
    b.job("Y", 2);
    b.job("Z", 1);
    SiaPolicy policy(SiaParams{});
    auto allocations = policy.allocate(b.view());
    assert_int_equal(allocations.size(), 3);
    assert_given(allocations, 100, "fast", 1);
    assert_given(allocations, 101, "slow", 2);
    assert_given(allocations, 102, "fast", 1);
    assert_int_equal(policy.solves().optimal, 1);
}

// A knapsack the greedy gets wrong: 2 GPUs; one 2-GPU job worth 1.0 or two
// 1-GPU jobs worth 0.6 + 0.3.
static void program_beats_greedy(void **)
{
    std::vector<SiaCandidate> candidates{{0, 0, 2, 1.0}, {1, 0, 1, 0.6}, {2, 0, 1, 0.3}};
    assert_true(greedy_sia_program(candidates, {2}) == (std::vector<size_t>{1, 2}));
    SiaChoice choice = solve_sia_program(candidates, {2}, SiaLimits{});
    assert_true(choice.how == SiaSolve::optimal);
    assert_true(choice.chosen == (std::vector<size_t>{0}));
}

static void zero_budget_is_the_greedy_answer(void **)
{
    std::vector<SiaCandidate> candidates{{0, 0, 2, 1.0}, {1, 0, 1, 0.6}, {2, 0, 1, 0.3}};
    SiaChoice choice = solve_sia_program(candidates, {2}, SiaLimits{1, 0});
    assert_true(choice.how == SiaSolve::greedy);
    assert_true(choice.chosen == (std::vector<size_t>{1, 2}));
}

// Two elastic jobs [1, 4] on 4 GPUs: 2 + 2 (0.708) beats 4 + 0 (0.523).
// One job [1, 2] takes 2 although 4 are free.
static void counts_chosen_within_range(void **)
{
    RoundViewBuilder two(speed());
    two.pool("fast", 1, 4);
    two.job("E", 1).max_gpus = 4;
    two.job("E", 1).max_gpus = 4;
    auto allocations = SiaPolicy(SiaParams{}).allocate(two.view());
    assert_given(allocations, 100, "fast", 2);
    assert_given(allocations, 101, "fast", 2);

    RoundViewBuilder one(speed());
    one.pool("fast", 1, 4);
    one.job("E", 1).max_gpus = 2;
    assert_given(SiaPolicy(SiaParams{}).allocate(one.view()), 100, "fast", 2);
}

// W is 1.2x faster on fast. At age 400 with restarts costing 100 s, moving
// is worth 1.2 x 0.8 = 0.96 < 1 on slow: it stays. Free restarts: it moves.
static void restart_penalty_keeps_a_job_in_place(void **)
{
    for (double restart_s : {100.0, 0.0}) {
        RoundViewBuilder b(speed(), 400);
        b.restart_s(restart_s).pool("fast", 1, 1).pool("slow", 1, 1);
        b.job("W", 1).current = Assignment{"slow", 1, -1};
        auto allocations = SiaPolicy(SiaParams{}).allocate(b.view());
        assert_given(allocations, 100, restart_s > 0 ? "slow" : "fast", 1);
    }
    RoundViewBuilder waiting(speed(), 400);
    waiting.restart_s(100).pool("fast", 1, 1).pool("slow", 1, 1);
    waiting.job("V", 1);
    assert_given(SiaPolicy(SiaParams{}).allocate(waiting.view()), 100, "fast", 1);
}

// V is 1.35x faster on fast; it ends on slow at age 1000, restarts 100 s.
// One restart: factor 0.818, 1.35 x 0.818 > 1, it moves. Two: 0.727, stays.
static std::optional<Assignment> after_history(const std::vector<std::optional<Assignment>> &held)
{
    SiaPolicy policy(SiaParams{});
    std::vector<Allocation> last;
    for (size_t round = 0; round < held.size(); round++) {
        RoundViewBuilder b(speed(), round + 1 == held.size() ? 1000 : 10.0 * round);
        b.restart_s(100).pool("fast", 1, 1).pool("slow", 1, 1);
        b.job("V", 1).current = held[round];
        last = policy.allocate(b.view());
    }
    return given(last, 100);
}

static void restarts_are_counted_over_rounds(void **)
{
    Assignment fast{"fast", 1, -1}, slow{"slow", 1, -1};
    auto once = after_history({std::nullopt, fast, slow});
    auto twice = after_history({std::nullopt, slow, fast, slow});
    assert_true(once && once->gpu_type == "fast");
    assert_true(twice && twice->gpu_type == "slow");
}

// Two X jobs, one GPU: the same value either way (a job on its only
// configuration is not discounted), so Sia's program ties; the running one
// keeps it rather than being preempted for the earlier, waiting one.
static void tie_keeps_the_running_job(void **)
{
    RoundViewBuilder b(speed(), 1000);
    b.restart_s(100).pool("fast", 1, 1);
    b.job("X", 1);
    b.job("X", 1).current = Assignment{"fast", 1, -1};
    auto allocations = SiaPolicy(SiaParams{}).allocate(b.view());
    assert_int_equal(allocations.size(), 1);
    assert_given(allocations, 101, "fast", 1);
}

static void capacity_respected_with_and_without_solver(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 2).pool("slow", 2, 2);
    for (int i = 0; i < 4; i++) {
        b.job("X", 1);
        b.job("Y", 2);
        b.job("Z", 1);
    }
    for (double budget : {1.0, 0.0}) {
        SiaParams params;
        params.time_budget_s = budget;
        SiaPolicy policy(params);
        auto allocations = policy.allocate(b.view());
        assert_valid(b.view(), allocations);
        int used = 0;
        for (const auto &a : allocations)
            used += a.assignment.gpus;
        assert_int_equal(used, 6);  // 1-GPU jobs wait, so no GPU stays idle
        assert_int_equal(budget > 0 ? policy.solves().greedy : policy.solves().optimal, 0);
    }
}

static void job_no_type_can_run_gets_nothing(void **)
{
    RoundViewBuilder b(speed());
    b.pool("fast", 1, 2).pool("slow", 1, 2);
    b.job("unknown", 1);
    b.job("X", 1);
    auto allocations = SiaPolicy(SiaParams{}).allocate(b.view());
    assert_int_equal(allocations.size(), 1);
    assert_given(allocations, 101, "fast", 1);
}

static void bad_parameters_throw(void **)
{
    SiaParams zero_p, no_penalty, negative_budget, no_nodes;
    zero_p.p = 0;
    no_penalty.no_alloc_penalty = 0;
    negative_budget.time_budget_s = -1;
    no_nodes.node_limit = 0;
    for (const auto &params : {zero_p, no_penalty, negative_budget, no_nodes}) {
        bool threw = false;
        try {
            SiaPolicy policy(params);
        } catch (const std::invalid_argument &) {
            threw = true;
        }
        assert_true(threw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_counts_follow_sia),
        cmocka_unit_test(realloc_factor_is_pollux),
        cmocka_unit_test(rigid_job_is_worth_its_gpu_count_on_the_slowest_type),
        cmocka_unit_test(elastic_job_is_normalised_to_its_least_configuration),
        cmocka_unit_test(positive_p_adds_the_goodput_power),
        cmocka_unit_test(hand_computed_optimum),
        cmocka_unit_test(program_beats_greedy),
        cmocka_unit_test(zero_budget_is_the_greedy_answer),
        cmocka_unit_test(counts_chosen_within_range),
        cmocka_unit_test(restart_penalty_keeps_a_job_in_place),
        cmocka_unit_test(restarts_are_counted_over_rounds),
        cmocka_unit_test(tie_keeps_the_running_job),
        cmocka_unit_test(capacity_respected_with_and_without_solver),
        cmocka_unit_test(job_no_type_can_run_gets_nothing),
        cmocka_unit_test(bad_parameters_throw),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
