// Unit tests for core/observed_speeds: which samples count, each job once
// with its latest rate per GPU (over the reader's scaling), the median over users of their medians, the bounds on jobs
// and families kept, metrics never mixed.
#include "cmocka_cpp.h"

#include <cmath>
#include <string>

#include "core/observed_speeds.h"

using namespace accord::core;

static ThroughputSample sample(uint32_t job, const std::string &family, GpuCounts gpus, double rate,
                               int64_t time = 100, ReportMetric metric = ReportMetric::StepsPerSecond,
                               const std::string &user = "alice")
{
    ThroughputSample s;
    s.time = time;
    s.job_id = job;
    s.user = user;
    s.family = family;
    s.gpus = std::move(gpus);
    s.nodes = "n1";
    s.report = ProgressReport{metric, rate, 1};
    return s;
}

static bool near(std::optional<double> a, double b) { return a && std::fabs(*a - b) < 1e-9; }

static void counts_rate_per_gpu_of_one_type_jobs_with_a_family(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "resnet", {{"v100", 2}}, 30));
    seen.add(sample(2, "", {{"v100", 1}}, 99));                    // no family
    seen.add(sample(3, "resnet", {{"v100", 1}, {"t4", 1}}, 99));   // two types
    seen.add(sample(4, "resnet", {}, 99));                         // no GPUs
    assert_true(near(seen.per_gpu("resnet", "v100"), 15));
    assert_int_equal(seen.jobs("resnet"), 1);
    assert_false(seen.per_gpu("resnet", "t4").has_value());
    assert_false(seen.per_gpu("bert", "v100").has_value());
}

// 30 steps/s on 2 GPUs, read with a scaling of 0.75 there: one GPU's
// worth is 20; linearly, 15.
static void rate_per_gpu_is_taken_over_the_readers_scaling(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "resnet", {{"v100", 2}}, 30));
    auto scaling = [](const std::string &type, int gpus) { return type == "v100" && gpus == 2 ? 0.75 : 1.0; };
    assert_true(near(seen.per_gpu("resnet", "v100", scaling), 20));
    assert_true(near(seen.by_type("resnet", scaling)["v100"], 20));
    assert_true(near(seen.per_gpu("resnet", "v100"), 15));
}

static void a_job_counts_once_with_its_latest_sample(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "resnet", {{"v100", 1}}, 10, 100));
    seen.add(sample(1, "resnet", {{"v100", 1}}, 12, 200));
    seen.add(sample(1, "resnet", {{"v100", 1}}, 50, 150));  // older than the one counted
    assert_true(near(seen.per_gpu("resnet", "v100"), 12));
    assert_int_equal(seen.jobs("resnet"), 1);
}

static void speed_is_the_median_over_jobs(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "resnet", {{"v100", 1}}, 10));
    seen.add(sample(2, "resnet", {{"v100", 1}}, 1000));
    seen.add(sample(3, "resnet", {{"v100", 1}}, 12));
    assert_true(near(seen.per_gpu("resnet", "v100"), 12));
    seen.add(sample(4, "resnet", {{"v100", 1}}, 14));
    assert_true(near(seen.per_gpu("resnet", "v100"), 13));
}

// Mallory's five jobs report 1000 steps/s: one vote against two users'.
static void each_user_is_one_vote(void **)
{
    ObservedSpeeds seen;
    for (uint32_t job = 1; job <= 5; job++)
        seen.add(sample(job, "resnet", {{"v100", 1}}, 1000, 100, ReportMetric::StepsPerSecond, "mallory"));
    seen.add(sample(6, "resnet", {{"v100", 1}}, 10, 100, ReportMetric::StepsPerSecond, "alice"));
    seen.add(sample(7, "resnet", {{"v100", 1}}, 14, 100, ReportMetric::StepsPerSecond, "bob"));
    seen.add(sample(8, "resnet", {{"v100", 1}}, 12, 100, ReportMetric::StepsPerSecond, "bob"));
    assert_true(near(seen.per_gpu("resnet", "v100"), 13));  // median of 10, 13 (bob's) and 1000
}

static void only_the_newest_jobs_are_kept(void **)
{
    ObservedSpeeds seen(2);
    seen.add(sample(1, "resnet", {{"v100", 1}}, 100, 10));
    seen.add(sample(2, "resnet", {{"v100", 1}}, 4, 20));
    seen.add(sample(3, "resnet", {{"v100", 1}}, 6, 30));
    assert_int_equal(seen.jobs("resnet"), 2);
    assert_true(near(seen.per_gpu("resnet", "v100"), 5));
}

static void only_the_most_recently_reported_families_are_kept(void **)
{
    ObservedSpeeds seen(64, 2);
    seen.add(sample(1, "a", {{"v100", 1}}, 1, 30));
    seen.add(sample(2, "b", {{"v100", 1}}, 1, 10));
    seen.add(sample(3, "c", {{"v100", 1}}, 1, 20));
    assert_int_equal(seen.jobs("b"), 0);
    assert_int_equal(seen.jobs("a"), 1);
    assert_int_equal(seen.jobs("c"), 1);
}

static void metrics_are_not_mixed(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "bert", {{"v100", 1}}, 10));
    seen.add(sample(2, "bert", {{"t4", 1}}, 5000, 100, ReportMetric::SamplesPerSecond));
    seen.add(sample(3, "bert", {{"a100", 1}}, 9000, 100, ReportMetric::SamplesPerSecond));
    // samples/s has more jobs: steps/s figures are left out.
    assert_false(seen.per_gpu("bert", "v100").has_value());
    assert_true(near(seen.per_gpu("bert", "t4"), 5000));
    assert_int_equal(seen.jobs("bert"), 2);
}

static void by_type_lists_every_measured_type(void **)
{
    ObservedSpeeds seen;
    assert_true(seen.empty());
    seen.add(sample(1, "rec", {{"v100", 1}}, 10));
    seen.add(sample(2, "rec", {{"p100", 2}}, 40));
    auto speeds = seen.by_type("rec");
    assert_int_equal(speeds.size(), 2);
    assert_true(near(speeds["p100"], 20));
    assert_true(near(speeds["v100"], 10));
    assert_true(seen.by_type("other").empty());
    assert_false(seen.empty());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_rate_per_gpu_of_one_type_jobs_with_a_family),
        cmocka_unit_test(rate_per_gpu_is_taken_over_the_readers_scaling),
        cmocka_unit_test(a_job_counts_once_with_its_latest_sample),
        cmocka_unit_test(speed_is_the_median_over_jobs),
        cmocka_unit_test(each_user_is_one_vote),
        cmocka_unit_test(only_the_newest_jobs_are_kept),
        cmocka_unit_test(only_the_most_recently_reported_families_are_kept),
        cmocka_unit_test(metrics_are_not_mixed),
        cmocka_unit_test(by_type_lists_every_measured_type),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
