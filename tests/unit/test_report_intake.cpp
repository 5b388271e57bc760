// Unit tests for core/report_intake: which report in a running job's
// Comment becomes a new sample, which is already taken, too soon or refused,
// and that the state comes back from stored samples after a restart.
#include "cmocka_cpp.h"

#include <string>

#include "core/report_intake.h"

using namespace accord::core;

static std::string tag(double rate, uint64_t seq)
{
    return format_report(ProgressReport{ReportMetric::StepsPerSecond, rate, seq});
}

static void comment_without_tag_is_nothing(void **)
{
    ReportIntake intake;
    assert_true(intake.check(1, "just words", 100).what == Intake::None);
    assert_true(intake.check(1, "", 100).what == Intake::None);
}

static void first_report_is_new(void **)
{
    ReportIntake intake;
    IntakeVerdict v = intake.check(1, "run 3 " + tag(12.5, 1), 100);
    assert_true(v.what == Intake::New);
    assert_true(v.report.rate == 12.5);
    assert_int_equal(v.report.seq, 1);
}

static void report_stays_new_until_accepted(void **)
{
    ReportIntake intake;
    assert_true(intake.check(1, tag(12.5, 1), 100).what == Intake::New);
    assert_true(intake.check(1, tag(12.5, 1), 101).what == Intake::New);
    intake.accepted(1, 1, 101);
    assert_true(intake.check(1, tag(12.5, 1), 102).what == Intake::Seen);
}

static void lower_seq_is_seen(void **)
{
    ReportIntake intake;
    intake.accepted(1, 5, 100);
    assert_true(intake.check(1, tag(3, 4), 200).what == Intake::Seen);
}

static void next_report_waits_for_the_interval(void **)
{
    ReportIntake intake(10);
    intake.accepted(1, 1, 100);
    assert_true(intake.check(1, tag(3, 2), 109).what == Intake::TooSoon);
    assert_true(intake.check(1, tag(3, 2), 110).what == Intake::New);
}

static void interval_is_per_job(void **)
{
    ReportIntake intake(10);
    intake.accepted(1, 1, 100);
    assert_true(intake.check(2, tag(3, 1), 101).what == Intake::New);
}

static void malformed_tag_refused_with_reason(void **)
{
    ReportIntake intake;
    IntakeVerdict v = intake.check(1, "x accord:steps_per_second=fast,seq=1", 100);
    assert_true(v.what == Intake::Refused);
    assert_string_equal(v.tag.c_str(), "accord:steps_per_second=fast,seq=1");
    assert_contains(v.error, "bad rate");
}

static void refusal_reported_once_per_distinct_tag(void **)
{
    ReportIntake intake;
    assert_true(intake.first_refusal(1, "accord:a"));
    assert_false(intake.first_refusal(1, "accord:a"));
    assert_true(intake.first_refusal(1, "accord:b"));
    assert_true(intake.first_refusal(2, "accord:b"));
    intake.accepted(1, 1, 100);
    assert_true(intake.first_refusal(1, "accord:b"));
}

static void finished_jobs_are_forgotten(void **)
{
    ReportIntake intake;
    intake.accepted(1, 3, 100);
    intake.accepted(2, 3, 100);
    intake.keep_only({2});
    assert_int_equal(intake.tracked(), 1);
    assert_true(intake.check(2, tag(1, 3), 200).what == Intake::Seen);
    assert_true(intake.check(1, tag(1, 3), 200).what == Intake::New);
}

static void restore_takes_the_last_stored_seq_and_time(void **)
{
    ThroughputSample a, b;
    a.job_id = b.job_id = 7;
    a.report.seq = 2;
    a.time = 100;
    b.report.seq = 3;
    b.time = 150;
    ReportIntake intake(10);
    intake.restore({a, b});
    assert_true(intake.check(7, tag(1, 3), 200).what == Intake::Seen);
    assert_true(intake.check(7, tag(1, 4), 155).what == Intake::TooSoon);
    assert_true(intake.check(7, tag(1, 4), 160).what == Intake::New);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(comment_without_tag_is_nothing),
        cmocka_unit_test(first_report_is_new),
        cmocka_unit_test(report_stays_new_until_accepted),
        cmocka_unit_test(lower_seq_is_seen),
        cmocka_unit_test(next_report_waits_for_the_interval),
        cmocka_unit_test(interval_is_per_job),
        cmocka_unit_test(malformed_tag_refused_with_reason),
        cmocka_unit_test(refusal_reported_once_per_distinct_tag),
        cmocka_unit_test(finished_jobs_are_forgotten),
        cmocka_unit_test(restore_takes_the_last_stored_seq_and_time),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
