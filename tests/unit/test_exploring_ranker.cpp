// Unit tests for core/exploring_ranker: a type the family has no sample on
// scores its predicted speed times (1 + bound), so a job goes there only
// when predicted at most (1 + bound) times as long; speeds stay as
// predicted; families without a sample, jobs without a family and types
// a running job of the family holds are not explored; the allocator's
// options carry the raised score (core/request_options.h).
#include "cmocka_cpp.h"

#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "core/exploring_ranker.h"
#include "core/measured_speed_ranker.h"
#include "core/request_options.h"
#include "sample_builder.h"
#include "snapshot_builder.h"

using namespace accord::core;
using accord::test::SnapshotBuilder;
using accord::test::job_of;
using accord::test::res;
using accord::test::sample;

static bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

static const std::map<std::string, double> kTable = {{"k80", 1}, {"p100", 3}, {"v100", 4}};

// "rec" ran on a v100 at 20 steps/s: the prior's p100 and k80 are rescaled
// to 15 and 5, and raised by the bound as no "rec" job ran there.
static void unmeasured_types_score_their_speed_times_one_plus_the_bound(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5);
    PendingJob rec = job_of("rec");
    assert_true(near(ranker.score(rec, "v100"), 20));
    assert_true(near(ranker.score(rec, "p100"), 15 * 1.5));
    assert_true(near(ranker.score(rec, "k80"), 5 * 1.5));
    assert_true(near(*ranker.speed(rec, "p100"), 15));  // what users are shown: the prediction
    assert_false(ranker.explores(rec, "v100"));
    assert_true(ranker.explores(rec, "p100"));
    assert_string_equal(ranker.speed_source().c_str(), learned.speed_source().c_str());
    assert_contains(ranker.rule(), "accord_explore");
    assert_contains(ranker.rule_for(rec), "accord_explore");
    assert_string_equal(ranker.speed_source_of(rec, "p100").c_str(), learned.speed_source_of(rec, "p100").c_str());
}

// Only a family with samples is explored, and only its decisions say so.
static void a_job_whose_family_has_no_sample_is_not_told_of_exploring(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5);
    for (const char *family : {"cnn", ""}) {
        PendingJob j = job_of(family);
        assert_string_equal(ranker.rule_for(j).c_str(), learned.rule_for(j).c_str());
        assert_null(strstr(ranker.rule_for(j).c_str(), "accord_explore"));
    }
}

// p100 is predicted 4/3 as long as the measured v100: a bound of 0.25 keeps
// the v100 first, 0.5 lets the job explore the p100; k80 (4x as long)
// stays last under both.
static void a_type_is_preferred_only_within_the_bound(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    PendingJob rec = job_of("rec");
    ExploringRanker tight(learned, seen, ClusterSnapshot{}, 0.25);
    assert_true(tight.score(rec, "v100") > tight.score(rec, "p100"));
    ExploringRanker loose(learned, seen, ClusterSnapshot{}, 0.5);
    assert_true(loose.score(rec, "p100") > loose.score(rec, "v100"));
    assert_true(loose.score(rec, "k80") < loose.score(rec, "v100"));
}

static void families_without_samples_and_jobs_without_a_family_keep_their_scores(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5);
    for (const char *family : {"other", ""})
        for (const char *type : {"k80", "p100", "v100"}) {
            PendingJob j = job_of(family);
            assert_false(ranker.explores(j, type));
            assert_true(near(ranker.score(j, type), learned.score(j, type)));
        }
}

// A job of the family already runs on the p100: its report is on its way,
// so the p100 is not explored again; the k80 still is. A running job of
// another family, or without one, changes nothing.
static void a_type_a_running_job_of_the_family_holds_is_not_explored(void **)
{
    SnapshotBuilder b;
    b.add_node("p", 8, 64000, {{"p100", 4}});
    b.add_running(2, b.now() + 600, "p", res(1, 1000, {{"p100", 1}})).family = "rec";
    b.add_running(3, b.now() + 600, "p", res(1, 1000, {{"p100", 1}})).family = "other";
    b.add_running(4, b.now() + 600, "p", res(1, 1000, {{"p100", 1}}));
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    seen.add(sample(5, "lm", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, b.snapshot(), 0.5);
    assert_false(ranker.explores(job_of("rec"), "p100"));
    assert_true(near(ranker.score(job_of("rec"), "p100"), 15));
    assert_true(ranker.explores(job_of("rec"), "k80"));
    assert_true(ranker.explores(job_of("lm"), "p100"));
}

static void a_type_the_prior_does_not_rate_is_not_explored(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5);
    assert_false(ranker.explores(job_of("rec"), "a100"));
    assert_true(ranker.score(job_of("rec"), "a100") == 0);
}

// The allocator rates a job's options by the ranker's score: the explored
// p100 option carries 15 x 1.5 per GPU, the measured v100 its 20.
static void allocator_options_carry_the_raised_score(void **)
{
    SnapshotBuilder b;
    b.add_node("v", 8, 64000, {{"v100", 4}});
    b.add_node("p", 8, 64000, {{"p100", 4}});
    GpuRequest one;
    one.per_job = 1;
    PendingJob &job = b.add_pending(7, 1, one);
    job.family = "rec";
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker ranker(learned, seen, b.snapshot(), 0.5);
    auto options = request_options(b.snapshot().queue[0], b.snapshot().nodes, ranker);
    assert_int_equal(options.size(), 2);
    for (const auto &o : options)
        assert_true(near(o.rate, o.request.type == "p100" ? 15 * 1.5 : 20));
}

static void scaling_is_the_learned_rankers(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    FamilySpeedRanker learned({{"rec", {{"v100", 4}, {"p100", 3}}}}, kTable, "measured",
                              {{"rec", {{"p100", {{2, 0.8}}}}}});
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5);
    assert_true(ranker.explores(job_of("rec"), "p100"));
    assert_true(ranker.scaling(job_of("rec"), "p100", 2) == 0.8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_job_whose_family_has_no_sample_is_not_told_of_exploring),
        cmocka_unit_test(scaling_is_the_learned_rankers),
        cmocka_unit_test(unmeasured_types_score_their_speed_times_one_plus_the_bound),
        cmocka_unit_test(a_type_is_preferred_only_within_the_bound),
        cmocka_unit_test(families_without_samples_and_jobs_without_a_family_keep_their_scores),
        cmocka_unit_test(a_type_a_running_job_of_the_family_holds_is_not_explored),
        cmocka_unit_test(a_type_the_prior_does_not_rate_is_not_explored),
        cmocka_unit_test(allocator_options_carry_the_raised_score),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
