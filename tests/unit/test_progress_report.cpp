// Unit tests for core/progress_report: the rate accord-report accepts, the
// report tag it writes into a job's Comment (keeping the user's text), and
// how sched_accord reads a tag back, refusing a malformed one with reasons.
#include "cmocka_cpp.h"

#include <string>

#include "core/progress_report.h"

using namespace accord::core;

static ProgressReport steps(double rate, uint64_t seq)
{
    return ProgressReport{ReportMetric::StepsPerSecond, rate, seq};
}

static void rates_in_range_accepted(void **)
{
    assert_true(*check_rate("12.5").value == 12.5);
    assert_true(*check_rate("3.2e4").value == 32000);
    assert_true(*check_rate("0.000001").value == 1e-6);
    assert_true(*check_rate("1000000000").value == 1e9);
}

static void rates_out_of_range_refused(void **)
{
    for (const char *text : {"0", "-3", "0.0000009", "1000000001", "1e10"}) {
        auto checked = check_rate(text);
        assert_false(checked.value.has_value());
        assert_contains(checked.error, "out of range");
        assert_contains(checked.error, kRateSyntax);
    }
}

static void rates_that_are_not_numbers_refused(void **)
{
    for (const char *text : {"", "abc", "12a", "inf", "nan", "0x10", "1,5", " 3", "1e"}) {
        auto checked = check_rate(text);
        assert_false(checked.value.has_value());
        assert_contains(checked.error, "not a number");
    }
}

static void tag_is_written_and_read_back(void **)
{
    ProgressReport r{ReportMetric::SamplesPerSecond, 431.25, 7};
    std::string tag = format_report(r);
    assert_string_equal(tag.c_str(), "accord:samples_per_second=431.25,seq=7");
    FoundReport found = find_report(tag);
    assert_true(found.present);
    assert_true(found.report.has_value());
    assert_true(found.report->metric == ReportMetric::SamplesPerSecond);
    assert_true(found.report->rate == 431.25);
    assert_int_equal(found.report->seq, 7);
}

static void comment_without_tag_has_no_report(void **)
{
    assert_false(find_report("").present);
    assert_false(find_report("my run of resnet50").present);
    assert_false(find_report("see xaccord:steps_per_second=1,seq=1").present);  // not a word of its own
}

static void tag_found_among_user_words(void **)
{
    FoundReport found = find_report("lr sweep accord:steps_per_second=2.5,seq=3 run 4");
    assert_true(found.report.has_value());
    assert_true(found.report->rate == 2.5);
    assert_int_equal(found.report->seq, 3);
}

static void malformed_tags_refused_with_reason(void **)
{
    struct {
        const char *comment;
        const char *why;
    } cases[] = {
        {"accord:steps_per_second=12.5", "is not accord:"},
        {"accord:speed=12.5,seq=1", "is not accord:"},
        {"accord:steps_per_second=12.5,sequence=1", "is not accord:"},
        {"accord:", "is not accord:"},
        {"accord:steps_per_second=abc,seq=1", "bad rate"},
        {"accord:steps_per_second=0,seq=1", "out of range"},
        {"accord:steps_per_second=5,seq=0", "bad seq"},
        {"accord:steps_per_second=5,seq=01", "bad seq"},
        {"accord:steps_per_second=5,seq=1000000000000001", "bad seq"},
    };
    for (const auto &c : cases) {
        FoundReport found = find_report(c.comment);
        assert_true(found.present);
        assert_false(found.report.has_value());
        assert_contains(found.error, c.why);
    }
}

static void refusal_quotes_the_whole_tag_made_printable(void **)
{
    FoundReport found = find_report("accord:steps_per_second=fast\x01,seq=12345678");
    assert_contains(found.error, "report 'accord:steps_per_second=fast?,seq=12345678' has a bad rate");
}

static void seq_readable_even_when_rate_is_bad(void **)
{
    FoundReport found = find_report("accord:steps_per_second=-1,seq=41");
    assert_false(found.report.has_value());
    assert_true(found.seq.has_value());
    assert_int_equal(*found.seq, 41);
}

static void two_tags_refused(void **)
{
    FoundReport found = find_report("accord:steps_per_second=1,seq=1 accord:steps_per_second=2,seq=2");
    assert_false(found.report.has_value());
    assert_contains(found.error, "2 reports");
}

static void overlong_tag_refused_unread(void **)
{
    std::string tag = "accord:steps_per_second=1" + std::string(200, '0') + ",seq=1";
    FoundReport found = find_report(tag);
    assert_false(found.report.has_value());
    assert_contains(found.error, "longer than 128");
    assert_int_equal(found.tag.size(), kMaxTagLength);
}

static void merge_into_empty_comment(void **)
{
    MergedComment merged = with_report("", steps(3, 1));
    assert_string_equal(merged.comment.c_str(), "accord:steps_per_second=3,seq=1");
    assert_true(merged.error.empty());
}

static void merge_keeps_user_text(void **)
{
    assert_string_equal(with_report("lr sweep 4", steps(3, 1)).comment.c_str(),
                        "lr sweep 4 accord:steps_per_second=3,seq=1");
}

static void merge_replaces_earlier_tag_wherever_it_stood(void **)
{
    assert_string_equal(with_report("a accord:steps_per_second=1,seq=1 b", steps(2, 2)).comment.c_str(),
                        "a b accord:steps_per_second=2,seq=2");
    assert_string_equal(with_report("accord:steps_per_second=1,seq=1 b", steps(2, 2)).comment.c_str(),
                        "b accord:steps_per_second=2,seq=2");
    assert_string_equal(with_report("b accord:steps_per_second=1,seq=1", steps(2, 2)).comment.c_str(),
                        "b accord:steps_per_second=2,seq=2");
}

static void merge_drops_every_earlier_tag(void **)
{
    MergedComment merged = with_report("accord:x u accord:y", steps(2, 9));
    assert_string_equal(merged.comment.c_str(), "u accord:steps_per_second=2,seq=9");
    assert_true(find_report(merged.comment).report.has_value());
}

static void merge_refused_past_slurms_comment_limit(void **)
{
    std::string text(kMaxCommentLength - 20, 'x');
    MergedComment merged = with_report(text, steps(2, 1));
    assert_true(merged.comment.empty());
    assert_contains(merged.error, "at most 1024");
}

static void note_added_after_plugin_text(void **)
{
    assert_string_equal(with_report_note("accord: started on a100-1", "last report: 3 steps/s").c_str(),
                        "accord: started on a100-1; last report: 3 steps/s");
    assert_string_equal(with_report_note("", "last report: 3 steps/s").c_str(), "last report: 3 steps/s");
}

static void note_replaces_earlier_note(void **)
{
    assert_string_equal(
        with_report_note("accord: started; last report: 3 steps/s", "last report: 4 steps/s").c_str(),
        "accord: started; last report: 4 steps/s");
    assert_string_equal(with_report_note("last report: 3 steps/s", "last report refused: x").c_str(),
                        "last report refused: x");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rates_in_range_accepted),
        cmocka_unit_test(rates_out_of_range_refused),
        cmocka_unit_test(rates_that_are_not_numbers_refused),
        cmocka_unit_test(tag_is_written_and_read_back),
        cmocka_unit_test(comment_without_tag_has_no_report),
        cmocka_unit_test(tag_found_among_user_words),
        cmocka_unit_test(malformed_tags_refused_with_reason),
        cmocka_unit_test(refusal_quotes_the_whole_tag_made_printable),
        cmocka_unit_test(seq_readable_even_when_rate_is_bad),
        cmocka_unit_test(two_tags_refused),
        cmocka_unit_test(overlong_tag_refused_unread),
        cmocka_unit_test(merge_into_empty_comment),
        cmocka_unit_test(merge_keeps_user_text),
        cmocka_unit_test(merge_replaces_earlier_tag_wherever_it_stood),
        cmocka_unit_test(merge_drops_every_earlier_tag),
        cmocka_unit_test(merge_refused_past_slurms_comment_limit),
        cmocka_unit_test(note_added_after_plugin_text),
        cmocka_unit_test(note_replaces_earlier_note),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
