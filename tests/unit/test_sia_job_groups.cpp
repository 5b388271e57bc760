// Unit tests for the groups of interchangeable jobs Sia's program is
// solved over (sim/sia_job_groups.h): who is grouped, and which members get
// a group's chosen configurations.
#include "cmocka_cpp.h"

#include "sim/sia_job_groups.h"

using namespace accord::sim;

// Jobs 0, 2 and 4 have the same candidates (4 held the second one in the
// last round); job 1 differs in one value; job 3 has no candidates.
static std::vector<SiaCandidate> candidates()
{
    return {
        {0, 0, 1, 0.5}, {0, 1, 1, 0.6},         // 0, 1
        {1, 0, 1, 0.5}, {1, 1, 1, 0.7},         // 2, 3
        {2, 0, 1, 0.5}, {2, 1, 1, 0.6},         // 4, 5
        {4, 0, 1, 0.5}, {4, 1, 1, 0.6, true},   // 6, 7
    };
}

static void identical_jobs_form_one_group(void **)
{
    auto all = candidates();
    SiaJobGroups groups(all);
    assert_true(groups.sizes() == (std::vector<int>{3, 1}));
    const auto &c = groups.candidates();
    assert_int_equal(c.size(), 4);
    assert_int_equal(c[0].job, 0);
    assert_int_equal(c[1].job, 0);
    assert_int_equal(c[2].job, 1);
    assert_true(c[1].pool == 1 && c[1].gpus == 1 && c[1].value == 0.6);
    assert_true(c[3].value == 0.7);
}

static void counts_add_up_the_members_choices(void **)
{
    auto all = candidates();
    SiaJobGroups groups(all);
    assert_true(groups.counts_of({1, 2, 4, 7}) == (std::vector<int>{1, 2, 1, 0}));
}

// Two of the group on the second pool: job 4 keeps what it holds, then the
// earliest job (0) gets the other. One on each pool: job 4 keeps the
// second, job 0 takes the first.
static void current_holder_first_then_job_order(void **)
{
    auto all = candidates();
    SiaJobGroups groups(all);
    assert_true(groups.members_for({0, 2, 0, 1}) == (std::vector<size_t>{1, 3, 7}));
    assert_true(groups.members_for({1, 1, 0, 0}) == (std::vector<size_t>{0, 7}));
    assert_true(groups.members_for({3, 0, 0, 0}) == (std::vector<size_t>{0, 4, 6}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identical_jobs_form_one_group),
        cmocka_unit_test(counts_add_up_the_members_choices),
        cmocka_unit_test(current_holder_first_then_job_order),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
