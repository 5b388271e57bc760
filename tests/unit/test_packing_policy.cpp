// Unit tests for the Gandiva/Lucid-like packing policy on measured pairs
// (tests/data/sim/packing_pairs.json, v100: A+B sum to 1.2 of their speeds
// alone, A+C to 0.8, A+D never measured, A+E to 1.6 but E runs 10x longer).
#include "cmocka_cpp.h"

#include <optional>
#include <stdexcept>

#include "round_view_builder.h"
#include "sim/job_speed.h"
#include "sim/packing_policy.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"

using namespace accord::sim;
using accord::test::RoundViewBuilder;

static const JobSpeed &speed()
{
    static const ThroughputTable table = ThroughputTable::load_gavel(accord::test::fixture("packing_pairs.json"));
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

static void assert_given(const std::vector<Allocation> &allocations, size_t index, const Assignment &expected)
{
    auto a = given(allocations, index);
    assert_true(a.has_value());
    assert_string_equal(a->gpu_type.c_str(), expected.gpu_type.c_str());
    assert_int_equal(a->gpus, expected.gpus);
    assert_int_equal(a->partner, expected.partner);
}

static std::vector<Allocation> allocate(const RoundViewBuilder &b)
{
    return PackingPolicy(PackingParams{}).allocate(b.view());
}

// One v100 GPU held by A; `waiting` arrives.
static std::vector<Allocation> full_with_a_running(const char *waiting)
{
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 1);
    b.job("A", 1).current = Assignment{"v100", 1, -1};
    b.job(waiting, 1);
    return allocate(b);
}

static void free_gpus_before_packing(void **)
{
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 2);
    b.job("A", 1).current = Assignment{"v100", 1, -1};
    b.job("B", 1);
    auto allocations = allocate(b);
    assert_given(allocations, 100, {"v100", 1, -1});
    assert_given(allocations, 101, {"v100", 1, -1});
}

static void good_pair_is_packed(void **)
{
    auto allocations = full_with_a_running("B");
    assert_int_equal(allocations.size(), 2);
    assert_given(allocations, 100, {"v100", 1, 101});
    assert_given(allocations, 101, {"v100", 1, 100});
}

static void bad_pair_is_refused(void **)
{
    auto allocations = full_with_a_running("C");
    assert_int_equal(allocations.size(), 1);
    assert_given(allocations, 100, {"v100", 1, -1});
}

static void unmeasured_pair_is_refused(void **)
{
    auto allocations = full_with_a_running("D");
    assert_int_equal(allocations.size(), 1);
    assert_given(allocations, 100, {"v100", 1, -1});
}

static void partner_must_hold_the_same_gpu_count(void **)
{
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 2);
    b.job("A", 2).current = Assignment{"v100", 2, -1};
    b.job("B", 1);
    auto allocations = allocate(b);
    assert_int_equal(allocations.size(), 1);
}

// Lucid's time-aware rule: a newcomer 10x longer than its partner is not
// packed onto it; the other way round it is.
static void long_newcomer_is_not_packed_onto_a_short_job(void **)
{
    assert_int_equal(full_with_a_running("E").size(), 1);
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 1);
    b.job("E", 1).current = Assignment{"v100", 1, -1};
    b.job("A", 1);
    auto allocations = allocate(b);
    assert_given(allocations, 100, {"v100", 1, 101});
    assert_given(allocations, 101, {"v100", 1, 100});
}

// A runs on k80 although a faster v100 is free: it is never moved.
static void running_jobs_keep_their_assignment(void **)
{
    RoundViewBuilder b(speed());
    b.pool("k80", 1, 1).pool("v100", 1, 1);
    b.job("A", 1).current = Assignment{"k80", 1, -1};
    b.job("B", 1);
    auto allocations = allocate(b);
    assert_true(*given(allocations, 100) == *b.view().jobs[0].current);
    assert_given(allocations, 101, {"v100", 1, -1});
}

static void survivor_of_a_pair_continues_alone(void **)
{
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 1);
    b.job("A", 1).current = Assignment{"v100", 1, 99};  // job 99 has ended
    assert_given(allocate(b), 100, {"v100", 1, -1});
}

static void a_packed_job_takes_no_third(void **)
{
    RoundViewBuilder b(speed());
    b.pool("v100", 1, 1);
    b.job("A", 1).current = Assignment{"v100", 1, 101};
    b.job("B", 1).current = Assignment{"v100", 1, 100};
    b.job("B", 1);
    auto allocations = allocate(b);
    assert_int_equal(allocations.size(), 2);
    assert_given(allocations, 100, {"v100", 1, 101});
    assert_given(allocations, 101, {"v100", 1, 100});
}

// v100 has 1 GPU free, k80 4. In arrival order: A/1 takes the tighter v100;
// A/2 the k80; B/4 fits nowhere and waits without blocking B/1.
static void best_fit_in_arrival_order_without_blocking(void **)
{
    RoundViewBuilder b(speed());
    b.pool("k80", 1, 4).pool("v100", 1, 2);
    b.job("D", 1).current = Assignment{"v100", 1, -1};
    b.job("A", 1);
    b.job("A", 2);
    b.job("B", 4);
    b.job("B", 1);
    auto allocations = allocate(b);
    assert_given(allocations, 101, {"v100", 1, -1});
    assert_given(allocations, 102, {"k80", 2, -1});
    assert_false(given(allocations, 103).has_value());
    assert_given(allocations, 104, {"k80", 1, -1});
}

static void type_the_job_cannot_run_on_is_skipped(void **)
{
    RoundViewBuilder b(speed());
    b.pool("k80", 1, 1).pool("v100", 1, 2);
    b.job("D", 1);
    assert_given(allocate(b), 100, {"v100", 1, -1});
}

static void bad_parameters_throw(void **)
{
    PackingParams no_threshold, no_ratio;
    no_threshold.min_combined_throughput = 0;
    no_ratio.max_duration_ratio = -1;
    for (const auto &params : {no_threshold, no_ratio}) {
        bool threw = false;
        try {
            PackingPolicy policy(params);
        } catch (const std::invalid_argument &) {
            threw = true;
        }
        assert_true(threw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(free_gpus_before_packing),
        cmocka_unit_test(good_pair_is_packed),
        cmocka_unit_test(bad_pair_is_refused),
        cmocka_unit_test(unmeasured_pair_is_refused),
        cmocka_unit_test(partner_must_hold_the_same_gpu_count),
        cmocka_unit_test(long_newcomer_is_not_packed_onto_a_short_job),
        cmocka_unit_test(running_jobs_keep_their_assignment),
        cmocka_unit_test(survivor_of_a_pair_continues_alone),
        cmocka_unit_test(a_packed_job_takes_no_third),
        cmocka_unit_test(best_fit_in_arrival_order_without_blocking),
        cmocka_unit_test(type_the_job_cannot_run_on_is_skipped),
        cmocka_unit_test(bad_parameters_throw),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
