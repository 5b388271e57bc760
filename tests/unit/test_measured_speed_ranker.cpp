// Unit tests for core/measured_speed_ranker: a family's measured types take
// their measured speeds, its other types the prior rescaled; one measured
// type keeps the prior's order, two reorder it; families without a usable
// measurement, and jobs without a family, keep the prior.
#include "cmocka_cpp.h"

#include <cmath>
#include <memory>
#include <string>

#include "core/measured_speed_ranker.h"
#include "sample_builder.h"

using namespace accord::core;
using accord::test::job_of;
using accord::test::sample;

static bool near(std::optional<double> a, double b) { return a && std::fabs(*a - b) < 1e-9; }

static const std::map<std::string, double> kTable = {{"k80", 1}, {"p100", 3}, {"v100", 4}};

static void one_measured_type_rescales_the_prior_and_keeps_its_order(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    MeasuredSpeedRanker ranker(std::make_unique<SpeedTableRanker>(kTable), seen);
    PendingJob rec = job_of("rec");
    assert_true(near(ranker.speed(rec, "v100"), 20));
    assert_true(near(ranker.speed(rec, "p100"), 15));
    assert_true(near(ranker.speed(rec, "k80"), 5));
    assert_true(ranker.score(rec, "v100") > ranker.score(rec, "p100"));
}

// Gavel's Recommendation: the per-type table ranks a V100 above a P100,
// while jobs measured the P100 twice as fast.
static void two_measured_types_reorder_the_family_as_measured(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 10));
    seen.add(sample(2, "rec", "p100", 2, 40));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker ranker(table, seen);
    PendingJob rec = job_of("rec");
    assert_true(ranker.score(rec, "p100") > ranker.score(rec, "v100"));
    assert_true(near(ranker.speed(rec, "p100"), 20));
    assert_true(near(ranker.speed(rec, "v100"), 10));
    // k80 scaled by the geometric mean of 20/3 and 10/4.
    assert_true(near(ranker.speed(rec, "k80"), std::sqrt(20.0 / 3 * 10.0 / 4)));
    assert_contains(ranker.speed_source(), "measured by running jobs");
    assert_contains(ranker.speed_source(), table.speed_source());
}

static void unmeasured_families_and_jobs_without_one_keep_the_prior(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker ranker(table, seen);
    for (const char *family : {"other", ""}) {
        PendingJob j = job_of(family);
        assert_true(near(ranker.speed(j, "p100"), 3));
        assert_true(ranker.score(j, "k80") == table.score(j, "k80"));
    }
}

// Measured only on a type the prior does not rate: nothing links the
// measurement to the prior's scale, so the prior stands.
static void a_measurement_the_prior_does_not_rate_changes_nothing(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "h100", 1, 10));
    MeasuredSpeedRanker ranker(std::make_unique<SpeedTableRanker>(kTable), seen);
    PendingJob rec = job_of("rec");
    assert_true(near(ranker.speed(rec, "v100"), 4));
    assert_false(ranker.speed(rec, "h100").has_value());
}

static void the_prior_follows_the_family_not_just_the_type(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "lm", "v100", 1, 8));
    FamilySpeedRanker prior({{"lm", {{"v100", 2}, {"p100", 1}}}}, kTable);
    MeasuredSpeedRanker ranker(prior, seen);
    assert_true(near(ranker.speed(job_of("lm"), "p100"), 4));   // 1 x 8/2
    assert_true(near(ranker.speed(job_of("cnn"), "p100"), 3));  // the prior's fallback table
}

// A job on 4 v100s measured 20 steps/s; the prior scales the family to
// half of linear there: one v100's worth is 10 (linearly it would be 5),
// and the ranker scales as the prior.
static void samples_are_read_over_the_priors_scaling(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 4, 20));
    FamilySpeedRanker prior({{"rec", {{"v100", 4}}}}, kTable, "measured", {{"rec", {{"v100", {{4, 0.5}}}}}});
    MeasuredSpeedRanker ranker(prior, seen);
    assert_true(near(ranker.speed(job_of("rec"), "v100"), 10));
    assert_true(ranker.scaling(job_of("rec"), "v100", 4) == 0.5);
    assert_true(ranker.scaling(job_of("rec"), "v100", 2) == 1.0);
}

// A decision names what its speeds came from: measured, the prior rescaled,
// or (a family without measurements) the prior alone.
static void a_jobs_rule_and_sources_say_what_was_measured(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    FamilySpeedRanker prior({{"rec", {{"v100", 2}, {"p100", 1}}}}, kTable, "learned model m.pt's predicted throughput");
    MeasuredSpeedRanker ranker(prior, seen);
    PendingJob rec = job_of("rec"), cnn = job_of("cnn");
    assert_string_equal(ranker.speed_source_of(rec, "v100").c_str(),
                        "throughput measured by running jobs of the job's model family");
    assert_string_equal(ranker.speed_source_of(rec, "p100").c_str(),
                        (prior.speed_source_of(rec, "p100") + " scaled to the family's measured throughput").c_str());
    assert_string_equal(ranker.speed_source_of(cnn, "p100").c_str(), prior.speed_source_of(cnn, "p100").c_str());
    assert_contains(ranker.rule_for(rec), "corrected by the family's measured throughput");
    assert_string_equal(ranker.rule_for(cnn).c_str(), prior.rule_for(cnn).c_str());
    assert_contains(ranker.rule_for(cnn), "accord_gpu_speed");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_measured_type_rescales_the_prior_and_keeps_its_order),
        cmocka_unit_test(two_measured_types_reorder_the_family_as_measured),
        cmocka_unit_test(unmeasured_families_and_jobs_without_one_keep_the_prior),
        cmocka_unit_test(samples_are_read_over_the_priors_scaling),
        cmocka_unit_test(a_measurement_the_prior_does_not_rate_changes_nothing),
        cmocka_unit_test(the_prior_follows_the_family_not_just_the_type),
        cmocka_unit_test(a_jobs_rule_and_sources_say_what_was_measured),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
