// Unit tests for core/resources: covers, elementwise_min, +=, -=.
#include "cmocka_cpp.h"

#include <string>

#include "core/resources.h"
#include "snapshot_builder.h"

using accord::core::covers;
using accord::core::elementwise_min;
using accord::core::GpuCounts;
using accord::core::Resources;

using accord::test::res;

// ---- covers ---------------------------------------------------------------

static void covers_exact_amounts_fit(void **)
{
    assert_true(covers(res(4, 8000, {{"a100", 2}}), res(4, 8000, {{"a100", 2}})));
}

static void covers_more_than_enough_fits(void **)
{
    assert_true(covers(res(8, 16000, {{"a100", 4}}), res(4, 8000, {{"a100", 2}})));
}

static void covers_rejects_one_cpu_short(void **)
{
    assert_false(covers(res(3, 8000, {{"a100", 2}}), res(4, 8000, {{"a100", 2}})));
}

static void covers_rejects_one_mb_short(void **)
{
    assert_false(covers(res(4, 7999, {{"a100", 2}}), res(4, 8000, {{"a100", 2}})));
}

static void covers_rejects_one_gpu_short(void **)
{
    assert_false(covers(res(4, 8000, {{"a100", 1}}), res(4, 8000, {{"a100", 2}})));
}

static void covers_rejects_gpu_type_missing_from_available(void **)
{
    assert_false(covers(res(4, 8000), res(1, 0, {{"a100", 1}})));
}

static void covers_does_not_count_other_gpu_types(void **)
{
    assert_false(covers(res(4, 8000, {{"v100", 8}}), res(1, 0, {{"a100", 1}})));
}

static void covers_checks_every_gpu_type_in_demand(void **)
{
    Resources avail = res(4, 8000, {{"a100", 2}, {"v100", 1}});
    assert_true(covers(avail, res(1, 0, {{"a100", 2}, {"v100", 1}})));
    assert_false(covers(avail, res(1, 0, {{"a100", 2}, {"v100", 2}})));
}

static void covers_ignores_zero_demand_of_missing_type(void **)
{
    assert_true(covers(res(4, 8000), res(1, 0, {{"a100", 0}})));
}

static void covers_empty_demand_fits_anything_non_negative(void **)
{
    assert_true(covers(res(0, 0), res(0, 0)));
}

static void covers_rejects_negative_available(void **)
{
    // Overbooked free amounts (negative) never cover a positive demand.
    assert_false(covers(res(-1, 8000), res(1, 0)));
    assert_false(covers(res(4, 8000, {{"a100", -1}}), res(1, 0, {{"a100", 1}})));
}

// ---- elementwise_min ------------------------------------------------------

static void elementwise_min_takes_smaller_cpus_and_mem_independently(void **)
{
    Resources m = elementwise_min(res(4, 9000), res(6, 7000));
    assert_int_equal(m.cpus, 4);
    assert_int_equal(m.mem_mb, 7000);
    m = elementwise_min(res(6, 7000), res(4, 9000));
    assert_int_equal(m.cpus, 4);
    assert_int_equal(m.mem_mb, 7000);
}

static void elementwise_min_takes_smaller_gpus_per_type(void **)
{
    Resources m = elementwise_min(res(1, 1, {{"a100", 3}, {"v100", 1}}),
                                  res(1, 1, {{"a100", 2}, {"v100", 4}}));
    assert_int_equal(m.gpus_of("a100"), 2);
    assert_int_equal(m.gpus_of("v100"), 1);
}

static void elementwise_min_type_only_in_first_is_zero(void **)
{
    Resources m = elementwise_min(res(1, 1, {{"a100", 3}}), res(1, 1));
    assert_int_equal(m.gpus_of("a100"), 0);
    assert_false(covers(m, res(0, 0, {{"a100", 1}})));
}

static void elementwise_min_type_only_in_second_is_zero(void **)
{
    Resources m = elementwise_min(res(1, 1), res(1, 1, {{"v100", 5}}));
    assert_int_equal(m.gpus_of("v100"), 0);
    assert_false(covers(m, res(0, 0, {{"v100", 1}})));
}

static void elementwise_min_keeps_negative_counts(void **)
{
    // An overbooked instant (-1) is less than a missing type (0).
    Resources m = elementwise_min(res(1, 1), res(-2, -5, {{"v100", -1}}));
    assert_int_equal(m.cpus, -2);
    assert_int_equal(m.mem_mb, -5);
    assert_int_equal(m.gpus_of("v100"), -1);
}

// ---- += / -= --------------------------------------------------------------

static void plus_equals_adds_every_dimension(void **)
{
    Resources r = res(2, 1000, {{"a100", 1}});
    r += res(3, 500, {{"a100", 2}});
    assert_int_equal(r.cpus, 5);
    assert_int_equal(r.mem_mb, 1500);
    assert_int_equal(r.gpus_of("a100"), 3);
}

static void plus_equals_adds_new_gpu_type(void **)
{
    Resources r = res(0, 0, {{"a100", 1}});
    r += res(0, 0, {{"v100", 2}});
    assert_int_equal(r.gpus_of("a100"), 1);
    assert_int_equal(r.gpus_of("v100"), 2);
    assert_int_equal(r.total_gpus(), 3);
}

static void plus_equals_returns_self_for_chaining(void **)
{
    Resources r = res(1, 1);
    Resources &back = (r += res(1, 1));
    assert_ptr_equal(&back, &r);
}

static void minus_equals_subtracts_every_dimension(void **)
{
    Resources r = res(8, 16000, {{"a100", 8}, {"v100", 2}});
    r -= res(3, 6000, {{"a100", 5}});
    assert_int_equal(r.cpus, 5);
    assert_int_equal(r.mem_mb, 10000);
    assert_int_equal(r.gpus_of("a100"), 3);
    assert_int_equal(r.gpus_of("v100"), 2);
}

static void minus_equals_missing_type_goes_negative(void **)
{
    Resources r = res(1, 1);
    r -= res(0, 0, {{"t4", 2}});
    assert_int_equal(r.gpus_of("t4"), -2);
}

static void minus_equals_returns_self_for_chaining(void **)
{
    Resources r = res(1, 1);
    Resources &back = (r -= res(1, 1));
    assert_ptr_equal(&back, &r);
}

static void plus_then_minus_round_trips(void **)
{
    Resources r = res(7, 7000, {{"a100", 3}});
    Resources d = res(2, 1500, {{"a100", 1}, {"v100", 4}});
    r += d;
    r -= d;
    assert_int_equal(r.cpus, 7);
    assert_int_equal(r.mem_mb, 7000);
    assert_int_equal(r.gpus_of("a100"), 3);
    assert_int_equal(r.gpus_of("v100"), 0);
}

// ---- gpus_of / total_gpus --------------------------------------------------

static void gpus_of_missing_type_is_zero(void **)
{
    assert_int_equal(res(1, 1, {{"a100", 4}}).gpus_of("v100"), 0);
}

static void total_gpus_sums_all_types(void **)
{
    assert_int_equal(res(1, 1, {{"a100", 4}, {"v100", 3}}).total_gpus(), 7);
    assert_int_equal(res(1, 1).total_gpus(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(covers_exact_amounts_fit),
        cmocka_unit_test(covers_more_than_enough_fits),
        cmocka_unit_test(covers_rejects_one_cpu_short),
        cmocka_unit_test(covers_rejects_one_mb_short),
        cmocka_unit_test(covers_rejects_one_gpu_short),
        cmocka_unit_test(covers_rejects_gpu_type_missing_from_available),
        cmocka_unit_test(covers_does_not_count_other_gpu_types),
        cmocka_unit_test(covers_checks_every_gpu_type_in_demand),
        cmocka_unit_test(covers_ignores_zero_demand_of_missing_type),
        cmocka_unit_test(covers_empty_demand_fits_anything_non_negative),
        cmocka_unit_test(covers_rejects_negative_available),
        cmocka_unit_test(elementwise_min_takes_smaller_cpus_and_mem_independently),
        cmocka_unit_test(elementwise_min_takes_smaller_gpus_per_type),
        cmocka_unit_test(elementwise_min_type_only_in_first_is_zero),
        cmocka_unit_test(elementwise_min_type_only_in_second_is_zero),
        cmocka_unit_test(elementwise_min_keeps_negative_counts),
        cmocka_unit_test(plus_equals_adds_every_dimension),
        cmocka_unit_test(plus_equals_adds_new_gpu_type),
        cmocka_unit_test(plus_equals_returns_self_for_chaining),
        cmocka_unit_test(minus_equals_subtracts_every_dimension),
        cmocka_unit_test(minus_equals_missing_type_goes_negative),
        cmocka_unit_test(minus_equals_returns_self_for_chaining),
        cmocka_unit_test(plus_then_minus_round_trips),
        cmocka_unit_test(gpus_of_missing_type_is_zero),
        cmocka_unit_test(total_gpus_sums_all_types),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
