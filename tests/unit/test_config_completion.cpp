// Unit tests for model/config_completion: a family's estimate on a
// configuration it has no sample on, from those it has, by how the
// configurations compare for other job types.
#include "cmocka_cpp.h"

#include <cmath>
#include <optional>
#include <vector>

#include "model/config_completion.h"

using accord::model::ConfigCompletion;

namespace {

constexpr int kV100 = 0, kA100 = 1;
constexpr int kF32 = 0, kA = 1, kB = 2, kF64 = 3;  // F32, F64: the family; A, B: others

// F32: 1 on a v100, 2 on an a100. A: 1, 3 on 4 v100s; 2, 6 on 4 a100s.
// B: 1, 2 on 4 v100s. F64: 0.5 on a v100.
ConfigCompletion completion()
{
    std::vector<ConfigCompletion::Sample> s = {
        {kF32, kV100, 1, false, 0},           {kF32, kA100, 1, false, std::log(2)},
        {kA, kV100, 1, false, 0},             {kA, kV100, 4, false, std::log(3)},
        {kA, kA100, 1, false, std::log(2)},   {kA, kA100, 4, false, std::log(6)},
        {kB, kV100, 1, false, 0},             {kB, kV100, 4, false, std::log(2)},
        {kF64, kV100, 1, false, std::log(0.5)},
    };
    return ConfigCompletion(s, 4);
}

const std::vector<bool> kFamily = {true, false, false, true};

bool near(const std::optional<double> &a, double b) { return a && std::fabs(*a - b) < 1e-12; }

}  // namespace

// F32 on 4 a100s: from its v100 (1 x 6, A's ratio) and its a100 (2 x 3).
static void the_family_is_carried_over_by_each_configurations_ratio(void **)
{
    ConfigCompletion c = completion();
    assert_true(near(c.complete({kFamily, kF32, false}, kA100, 4, false), std::log(6)));
    // On 4 v100s: from its v100 (A and B: x sqrt(3 x 2)) and its a100
    // (A: x 3/2), averaged in log.
    double from_v100 = std::log(std::sqrt(6.0)), from_a100 = std::log(2) + std::log(1.5);
    assert_true(near(c.complete({kFamily, kF32, false}, kV100, 4, false), (from_v100 + from_a100) / 2));
}

// F64 has no a100 sample of its own: the family's mean over batch sizes on
// the v100 (log of 1 and 0.5), its own value there.
static void its_own_job_types_value_comes_first(void **)
{
    ConfigCompletion c = completion();
    double from_v100 = std::log(0.5) + std::log(6), from_a100 = std::log(2) + std::log(3);
    assert_true(near(c.complete({kFamily, kF64, false}, kA100, 4, false), (from_v100 + from_a100) / 2));
}

static void nothing_where_the_family_ran_or_nothing_compares(void **)
{
    ConfigCompletion c = completion();
    assert_false(c.complete({kFamily, kF32, false}, kV100, 1, false).has_value());  // measured there
    assert_false(c.complete({kFamily, kF32, false}, kA100, 8, false).has_value());  // nobody ran on 8
    assert_false(c.complete({kFamily, kF32, false}, kA100, 4, true).has_value());   // nor spread
    // F32 left out: F64's v100 alone, carried over by A's and B's ratios.
    assert_true(near(c.complete({kFamily, kF32, true}, kV100, 4, false), std::log(0.5) + std::log(std::sqrt(6.0))));
}

// B (its own family) on 4 a100s: across GPU types, only its 4-v100 value
// times A's a100/v100 ratio at 4 (2 x 2); over every configuration, its
// one-v100 value times A's ratio of 4 a100s to one v100 (6) as well.
static void across_gpu_types_reads_the_asked_count_and_layout_only(void **)
{
    ConfigCompletion c = completion();
    const std::vector<bool> b_only = {false, false, true, false};
    assert_true(near(c.complete_across_gpus({b_only, kB, false}, kA100, 4, false), std::log(4)));
    assert_true(near(c.complete({b_only, kB, false}, kA100, 4, false), (std::log(4) + std::log(6)) / 2));
    // The family F never ran on 4 GPUs of any type: nothing to carry across types.
    assert_false(c.complete_across_gpus({kFamily, kF32, false}, kA100, 4, false).has_value());
    assert_false(c.complete_across_gpus({kFamily, kF32, false}, kA100, 1, false).has_value());  // measured
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_family_is_carried_over_by_each_configurations_ratio),
        cmocka_unit_test(its_own_job_types_value_comes_first),
        cmocka_unit_test(nothing_where_the_family_ran_or_nothing_compares),
        cmocka_unit_test(across_gpu_types_reads_the_asked_count_and_layout_only),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
