// Unit tests for the solver of Sia's integer program (sim/sia_program.h,
// sim/sia_count_model.h): its answers against exhaustive search and against
// the one-binary-per-candidate program GLPK solves to a zero gap, and what
// it returns when branch and bound is stopped at its node limit.
#include "cmocka_cpp.h"

#include <cmath>

#include "sia_reference.h"
#include "sim/sia_program.h"

using namespace accord::sim;
using accord::test::InstanceRandom;
using accord::test::SiaInstance;

static constexpr double kGap = 1e-4;  // the solver's relative gap (Sia's)

// Rigid jobs: 1, 2, 4 or 8 GPUs on every pool; one in four is elastic:
// 1, 2 or 4 GPUs on every pool, worth more with more GPUs. One in four
// (after the first) has the same candidates as the job before it, as jobs
// of one model waiting for GPUs do.
static SiaInstance random_instance(uint64_t seed, int jobs, int pools, int most_gpus)
{
    InstanceRandom random(seed);
    SiaInstance in;
    for (int p = 0; p < pools; p++)
        in.capacity.push_back(2 + random.below(most_gpus - 1));
    for (size_t j = 0; j < static_cast<size_t>(jobs); j++) {
        if (j > 0 && random.below(4) == 0) {
            std::vector<SiaCandidate> copies;
            for (const auto &c : in.candidates)
                if (c.job == j - 1)
                    copies.push_back({j, c.pool, c.gpus, c.value});
            in.candidates.insert(in.candidates.end(), copies.begin(), copies.end());
            continue;
        }
        bool elastic = random.below(4) == 0;
        int gpus = 1 << random.below(4);
        for (size_t p = 0; p < static_cast<size_t>(pools); p++) {
            if (!elastic) {
                in.candidates.push_back({j, p, gpus, 0.05 + random.unit()});
                continue;
            }
            double value = 0.05 + 0.3 * random.unit();
            for (int count : {1, 2, 4}) {
                in.candidates.push_back({j, p, count, value});
                value += 0.3 * random.unit();
            }
        }
    }
    return in;
}

static void assert_feasible(const SiaInstance &in, const std::vector<size_t> &chosen)
{
    std::vector<int> used(in.capacity.size(), 0);
    std::vector<int> times(accord::test::sia_jobs(in), 0);
    for (size_t k : chosen) {
        used[in.candidates[k].pool] += in.candidates[k].gpus;
        times[in.candidates[k].job]++;
    }
    for (size_t p = 0; p < used.size(); p++)
        assert_true(used[p] <= in.capacity[p]);
    for (int n : times)
        assert_true(n <= 1);
}

// Small instances: the optimum by exhaustive search, within the gap; the
// same answer whenever no other answer comes within the gap.
static void same_answer_as_exhaustive_search(void **)
{
    int unique = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        SiaInstance in = random_instance(seed, 6, 1 + static_cast<int>(seed % 3), 12);
        auto exact = accord::test::exhaustive_answer(in);
        SiaChoice choice = solve_sia_program(in.candidates, in.capacity, SiaLimits{});
        assert_true(choice.how == SiaSolve::optimal);
        assert_feasible(in, choice.chosen);
        double value = accord::test::sia_value(in, choice.chosen);
        assert_true(value <= exact.best_value + 1e-9);
        assert_true(value >= exact.best_value * (1 - kGap) - 1e-9);
        if (exact.runner_up < exact.best_value * (1 - kGap)) {
            unique++;
            assert_true(choice.chosen == exact.best);
        }
    }
    assert_true(unique > 50);
}

// Larger instances, where most LP relaxations are fractional: the value of
// Sia's own program solved to a zero gap, within the gap.
static void same_value_as_the_binary_program(void **)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        SiaInstance in = random_instance(seed, 18, 3, 20);
        double exact = accord::test::binary_program_value(in, false);
        SiaChoice choice = solve_sia_program(in.candidates, in.capacity, SiaLimits{});
        assert_true(choice.how == SiaSolve::optimal);
        assert_feasible(in, choice.chosen);
        double value = accord::test::sia_value(in, choice.chosen);
        assert_true(value <= exact + 1e-9);
        assert_true(value >= exact * (1 - kGap) - 1e-9);
    }
}

// 36 GPUs, five 8-GPU jobs worth 0.8 and a 4-GPU job worth 0.3: the
// relaxation runs 4.5 of the large jobs (3.6); the optimum is four of them
// and the small one (3.5).
static void fractional_relaxation_rounded_to_the_optimum(void **)
{
    SiaInstance in;
    in.capacity = {36};
    for (size_t j = 0; j < 5; j++)
        in.candidates.push_back({j, 0, 8, 0.8});
    in.candidates.push_back({5, 0, 4, 0.3});
    assert_true(std::fabs(accord::test::binary_program_value(in, true) - 3.6) < 1e-9);
    SiaChoice choice = solve_sia_program(in.candidates, in.capacity, SiaLimits{});
    assert_true(choice.how == SiaSolve::optimal);
    assert_true(choice.chosen == (std::vector<size_t>{0, 1, 2, 3, 5}));
}

// Stopped after its first subproblem, branch and bound still returns a
// feasible answer, never worse than the greedy one and at most the LP
// relaxation's value; some of these instances do need more than one.
static void node_limit_keeps_a_feasible_answer_at_least_greedy(void **)
{
    int stopped = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        SiaInstance in = random_instance(seed, 18, 3, 20);
        SiaChoice choice = solve_sia_program(in.candidates, in.capacity, SiaLimits{1, 1.0});
        assert_true(choice.how != SiaSolve::greedy);
        assert_feasible(in, choice.chosen);
        double value = accord::test::sia_value(in, choice.chosen);
        double greedy = accord::test::sia_value(in, greedy_sia_program(in.candidates, in.capacity));
        assert_true(value >= greedy - 1e-9);
        assert_true(value <= accord::test::binary_program_value(in, true) + 1e-9);
        if (choice.how == SiaSolve::best_found)
            stopped++;
    }
    assert_true(stopped > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_answer_as_exhaustive_search),
        cmocka_unit_test(same_value_as_the_binary_program),
        cmocka_unit_test(fractional_relaxation_rounded_to_the_optimum),
        cmocka_unit_test(node_limit_keeps_a_feasible_answer_at_least_greedy),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
