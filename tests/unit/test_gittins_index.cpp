// Unit tests for core/gittins_index: the index from finished jobs' service,
// per kind, over a window of the latest.
#include "cmocka_cpp.h"

#include "core/gittins_index.h"

using accord::core::FinishedService;

// Services 10 and 20: from 0, stopping at 10 finishes half the jobs for 15
// expected (1/30), running to 20 finishes all for 15 (1/15, the max); at 15
// only the 20 is left, 5 away (1/5); at 20 none held more (0).
static void index_of_two_services(void **)
{
    FinishedService finished;
    finished.add(7, 20);
    finished.add(7, 10);
    assert_float_equal(finished.index(7, 0), 1.0 / 15, 1e-12);
    assert_float_equal(finished.index(7, 15), 1.0 / 5, 1e-12);
    assert_float_equal(finished.index(7, 20), 0, 0);
}

// A job of a kind no finished job had is presumed long: index 0, whatever
// the other kinds held.
static void unseen_kind_has_index_zero(void **)
{
    FinishedService finished;
    assert_true(finished.empty());
    finished.add(1, 100);
    assert_false(finished.empty());
    assert_float_equal(finished.index(2, 0), 0, 0);
}

// Where most jobs of a kind are short, a newcomer outranks one that has
// outlived the short ones, and one close to the long jobs' service outranks
// both.
static void index_follows_what_is_left(void **)
{
    FinishedService finished;
    for (int i = 0; i < 9; i++)
        finished.add(0, 100);
    finished.add(0, 10000);
    double newcomer = finished.index(0, 0), outlived = finished.index(0, 200), nearly_done = finished.index(0, 9900);
    assert_true(newcomer > outlived);
    assert_true(nearly_done > newcomer);
}

// Only the last `window` finished jobs of a kind count: with window 2, the
// 10 is dropped and {20, 1000} give 1/40 from 0 (with the 10 it is 1/30).
static void window_keeps_the_latest(void **)
{
    FinishedService finished(2);
    finished.add(3, 10);
    finished.add(3, 20);
    finished.add(3, 1000);
    assert_float_equal(finished.index(3, 0), 1.0 / 40, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(index_of_two_services),
        cmocka_unit_test(unseen_kind_has_index_zero),
        cmocka_unit_test(index_follows_what_is_left),
        cmocka_unit_test(window_keeps_the_latest),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
