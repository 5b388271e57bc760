// Unit tests for contrib/sim/job_speed: the rule for throughputs that were
// never measured (tests/data/sim/tiny_throughputs.json); and
// contrib/sim/measured_scaling, what the Accord policies are told of it.
#include "cmocka_cpp.h"

#include "sim/cluster_spec.h"
#include "sim/job_speed.h"
#include "sim/measured_scaling.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"

using accord::sim::JobSpeed;
using accord::sim::ThroughputTable;

static const ThroughputTable &table()
{
    static const ThroughputTable t = ThroughputTable::load_gavel(accord::test::fixture("tiny_throughputs.json"));
    return t;
}

static double speed(const char *type, const char *job, int gpus, bool spread)
{
    auto s = JobSpeed(table()).steps_per_second(type, job, gpus, spread);
    assert_true(s.has_value());
    return *s;
}

static void measured_value_is_used(void **)
{
    assert_true(speed("fast", "A", 1, false) == 10.0);
    assert_true(speed("fast", "A", 2, false) == 18.0);
}

static void spread_uses_unconsolidated_value(void **)
{
    assert_true(speed("fast", "A", 2, true) == 12.0);
}

static void spread_without_measurement_uses_one_node_value(void **)
{
    assert_true(speed("fast", "B", 1, true) == 4.0);
}

static void unmeasured_count_scales_like_another_type(void **)
{
    // slow/A/1 = 5; on fast, A scales 10 -> 18 from 1 to 2 GPUs.
    assert_true(speed("slow", "A", 2, false) == 9.0);
}

static void unmeasured_count_anywhere_scales_linearly(void **)
{
    assert_true(speed("fast", "B", 2, false) == 8.0);
}

static void nothing_measured_means_cannot_run(void **)
{
    JobSpeed s(table());
    assert_false(s.steps_per_second("none", "A", 1, false).has_value());
    assert_false(s.steps_per_second("fast", "C", 1, false).has_value());
}

// fast/A: 10 steps/s on one GPU, 18 on two of one node, 12 spread.
static void scaling_is_measured_on_the_fewest_nodes_the_cluster_needs(void **)
{
    auto one_node = accord::sim::measured_scaling(table(), accord::sim::parse_cluster_spec("fast:1x2"));
    assert_true(one_node["A"]["fast"][2] == 0.9);
    auto two_nodes = accord::sim::measured_scaling(table(), accord::sim::parse_cluster_spec("fast:2x1"));
    assert_true(two_nodes["A"]["fast"][2] == 0.6);
    assert_true(one_node["B"]["fast"][2] == 1.0);  // never measured anywhere: linear
    assert_false(one_node["A"]["fast"].count(3));  // more GPUs than the cluster has
    assert_false(one_node.count("C"));             // no one-GPU value on the cluster's types
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scaling_is_measured_on_the_fewest_nodes_the_cluster_needs),
        cmocka_unit_test(measured_value_is_used),
        cmocka_unit_test(spread_uses_unconsolidated_value),
        cmocka_unit_test(spread_without_measurement_uses_one_node_value),
        cmocka_unit_test(unmeasured_count_scales_like_another_type),
        cmocka_unit_test(unmeasured_count_anywhere_scales_linearly),
        cmocka_unit_test(nothing_measured_means_cannot_run),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
