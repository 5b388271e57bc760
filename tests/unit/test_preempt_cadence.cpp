// Unit tests for core/preempt_cadence: which cycles of accord_policy=preempt
// consider requeues.
#include "cmocka_cpp.h"

#include "core/preempt_cadence.h"

using accord::core::PreemptCadence;

static void first_cycle_considers_requeues(void **)
{
    PreemptCadence cadence;
    assert_true(cadence.take(1000, 300));
}

static void due_says_what_take_would_without_taking(void **)
{
    PreemptCadence cadence;
    assert_true(cadence.due(1000, 300));
    assert_true(cadence.due(1000, 300));
    assert_true(cadence.take(1000, 300));
    assert_false(cadence.due(1299, 300));
    assert_true(cadence.due(1300, 300));
    assert_true(cadence.due(999, 300));  // the clock went back
    assert_false(cadence.take(1299, 300));
}

static void next_one_only_after_the_interval(void **)
{
    PreemptCadence cadence;
    assert_true(cadence.take(1000, 300));
    assert_false(cadence.take(1000, 300));
    assert_false(cadence.take(1299, 300));
    assert_true(cadence.take(1300, 300));
    assert_false(cadence.take(1301, 300));  // counted from the last that did
    assert_true(cadence.take(1600, 300));
}

static void next_due_is_the_last_plus_the_interval(void **)
{
    PreemptCadence cadence;
    assert_false(cadence.next_due(300).has_value());
    cadence.take(1000, 300);
    cadence.take(1200, 300);  // not taken
    assert_int_equal(*cadence.next_due(300), 1300);
}

static void interval_zero_is_every_cycle(void **)
{
    PreemptCadence cadence;
    assert_true(cadence.take(1000, 0));
    assert_true(cadence.take(1000, 0));
    assert_true(cadence.take(1001, 0));
}

// A clock stepped back must not hold preemption off until it catches up.
static void clock_gone_back_considers_requeues(void **)
{
    PreemptCadence cadence;
    assert_true(cadence.take(100000, 300));
    assert_true(cadence.take(50000, 300));
    assert_false(cadence.take(50100, 300));
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_cycle_considers_requeues),
        cmocka_unit_test(next_one_only_after_the_interval),
        cmocka_unit_test(due_says_what_take_would_without_taking),
        cmocka_unit_test(next_due_is_the_last_plus_the_interval),
        cmocka_unit_test(interval_zero_is_every_cycle),
        cmocka_unit_test(clock_gone_back_considers_requeues),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
