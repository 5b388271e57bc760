// Unit tests for breaking ties in Sia's program toward running jobs
// (sim/sia_tie_break.h).
#include "cmocka_cpp.h"

#include "sim/sia_tie_break.h"

using namespace accord::sim;

// Job 0 waits; jobs 1 and 2 held (pool 0, 1 GPU) in the last round.
static std::vector<SiaCandidate> two_running(double value_1, double value_2)
{
    return {
        {0, 0, 1, 0.1}, {0, 1, 1, 0.5},        // 0, 1
        {1, 0, 1, value_1, true},              // 2
        {2, 0, 1, value_2, true},              // 3
    };
}

static void waiting_job_gives_way_to_an_equal_running_one(void **)
{
    assert_true(keep_running_jobs_on_ties(two_running(0.1, 0.05), {0}) == (std::vector<size_t>{2}));
}

static void more_valuable_waiting_job_keeps_its_place(void **)
{
    assert_true(keep_running_jobs_on_ties(two_running(0.09, 0.05), {0}) == (std::vector<size_t>{0}));
}

// Only the configuration the running job held counts: job 0 on pool 1
// stays although job 1, left out, could run there.
static void other_configuration_is_no_tie(void **)
{
    auto c = two_running(0.1, 0.05);
    c.push_back({1, 1, 1, 0.9});
    assert_true(keep_running_jobs_on_ties(c, {1}) == (std::vector<size_t>{1}));
}

// The most valuable running job first; on equal values the earlier one.
static void most_valuable_then_earlier_running_job(void **)
{
    assert_true(keep_running_jobs_on_ties(two_running(0.1, 0.2), {0}) == (std::vector<size_t>{3}));
    assert_true(keep_running_jobs_on_ties(two_running(0.1, 0.1), {0}) == (std::vector<size_t>{2}));
}

// A running job that moves is not a start: job 0 moves from pool 1 to
// pool 0, where job 1 (left out, worth more there) ran; nothing changes.
static void moved_running_job_is_not_replaced(void **)
{
    std::vector<SiaCandidate> c{
        {0, 0, 1, 0.1}, {0, 1, 1, 0.5, true},  // 0, 1
        {1, 0, 1, 0.3, true},                  // 2
    };
    assert_true(keep_running_jobs_on_ties(c, {0}) == (std::vector<size_t>{0}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(waiting_job_gives_way_to_an_equal_running_one),
        cmocka_unit_test(more_valuable_waiting_job_keeps_its_place),
        cmocka_unit_test(other_configuration_is_no_tie),
        cmocka_unit_test(most_valuable_then_earlier_running_job),
        cmocka_unit_test(moved_running_job_is_not_replaced),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
