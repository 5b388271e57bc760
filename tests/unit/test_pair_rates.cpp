// Unit tests for sim/pair_rates: the memo of measured pair rates the
// packing policy weighs newcomers with (tests/data/sim/packing_pairs.json:
// on v100, A+B run at 6 and 6 steps/s, each alone at 10; A+D never measured).
#include "cmocka_cpp.h"

#include <stdexcept>

#include "sim/job_speed.h"
#include "sim/pair_rates.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"

using namespace accord::sim;

static const JobSpeed &speed()
{
    static const ThroughputTable table = ThroughputTable::load_gavel(accord::test::fixture("packing_pairs.json"));
    static const JobSpeed s(table);
    return s;
}

static void rates_are_the_measured_ones(void **)
{
    PairRateMemo memo(speed(), {"k80", "v100"});
    int a = memo.job_type_number("A"), b = memo.job_type_number("B");
    const auto &r = memo.rates(1, 1, a, b);
    assert_true(r.has_value());
    assert_true(r->combined == 6.0 / 10.0 + 6.0 / 10.0);
    assert_true(r->alone == 10.0);
    assert_true(r->partner_alone == 10.0);
}

static void unmeasured_pair_or_type_has_no_rates(void **)
{
    PairRateMemo memo(speed(), {"k80", "v100"});
    int a = memo.job_type_number("A"), b = memo.job_type_number("B"), d = memo.job_type_number("D");
    assert_false(memo.rates(1, 1, a, d).has_value());
    assert_false(memo.rates(0, 1, a, b).has_value());  // k80: alone only
}

static void job_types_numbered_as_first_seen(void **)
{
    PairRateMemo memo(speed(), {"v100"});
    assert_int_equal(memo.job_type_number("B"), 0);
    assert_int_equal(memo.job_type_number("A"), 1);
    assert_int_equal(memo.job_type_number("B"), 0);
}

static void serves_only_its_speeds_and_gpu_types(void **)
{
    PairRateMemo memo(speed(), {"k80", "v100"});
    assert_true(memo.serves(speed(), {"k80", "v100"}));
    assert_false(memo.serves(speed(), {"v100"}));
    ThroughputTable other_table = ThroughputTable::load_gavel(accord::test::fixture("packing_pairs.json"));
    JobSpeed other(other_table);
    assert_false(memo.serves(other, {"k80", "v100"}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rates_are_the_measured_ones),
        cmocka_unit_test(unmeasured_pair_or_type_has_no_rates),
        cmocka_unit_test(job_types_numbered_as_first_seen),
        cmocka_unit_test(serves_only_its_speeds_and_gpu_types),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
