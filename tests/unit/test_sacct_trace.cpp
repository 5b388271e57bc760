// Unit tests of accord-sacct2trace's pieces: reading sacct --parsable2
// output (sim/sacct_records), guessing a job's model family
// (sim/sacct_family) and turning records into a trace accord-sim reads
// (sim/sacct_trace), with every skip counted by its reason.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "reader_test.h"
#include "sim/gavel_trace.h"
#include "sim/input_error.h"
#include "sim/sacct_family.h"
#include "sim/sacct_records.h"
#include "sim/sacct_trace.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"

using namespace accord::sim;
using accord::test::fixture;

namespace {

const std::string kHeader = "JobID|State|Submit|Start|ElapsedRaw|NNodes|AllocTRES|JobName|Comment|SystemComment\n";

// A record line: epoch times (SLURM_TIME_FORMAT=%s) keep tests free of
// the time zone.
std::string row(const std::string &id, const std::string &state, int submit, const std::string &start, int elapsed,
                int nodes, const std::string &tres, const std::string &name = "job", const std::string &comment = "",
                const std::string &system_comment = "")
{
    return id + "|" + state + "|" + std::to_string(submit) + "|" + start + "|" + std::to_string(elapsed) + "|" +
           std::to_string(nodes) + "|" + tres + "|" + name + "|" + comment + "|" + system_comment + "\n";
}

std::string parse_error(const std::string &text, char delimiter = '|')
{
    try {
        parse_sacct(text, "acct.txt", delimiter);
    } catch (const InputError &e) {
        return e.what();
    }
    fail_msg("no error for %s", text.c_str());
    return "";
}

ThroughputTable tiny()
{
    return ThroughputTable::load_gavel(fixture("tiny_throughputs.json"));
}

SacctTrace convert(const std::string &rows, SacctTraceOptions options = {})
{
    if (options.reference_type == "v100")
        options.reference_type = "slow";
    ThroughputTable table = tiny();
    return sacct_to_trace(parse_sacct(kHeader + rows, "acct.txt"), table, options, "acct.txt");
}

SacctRecord record(const std::string &name, const std::string &comment, const std::string &system_comment)
{
    SacctRecord r;
    r.job_name = name;
    r.comment = comment;
    r.system_comment = system_comment;
    return r;
}

}  // namespace

static void records_are_read_field_by_field(void **)
{
    auto records = parse_sacct(kHeader + row("7_1", "CANCELLED by 0", 100, "160", 40, 2, "gres/gpu=2", "n", "c", "s"),
                               "acct.txt");
    assert_int_equal(records.size(), 1);
    const SacctRecord &r = records[0];
    assert_int_equal(r.line, 2);
    assert_string_equal(r.job_id.c_str(), "7_1");
    assert_string_equal(r.state.c_str(), "CANCELLED");
    assert_int_equal(r.submit, 100);
    assert_int_equal(*r.start, 160);
    assert_int_equal(r.elapsed_s, 40);
    assert_int_equal(r.nodes, 2);
    assert_string_equal(r.system_comment.c_str(), "s");
    auto unknown = parse_sacct(kHeader + row("8", "PENDING", 100, "Unknown", 0, 1, ""), "acct.txt");
    assert_false(unknown[0].start.has_value());
}

static void iso_times_are_local_time(void **)
{
    auto t = parse_sacct_time("2026-11-22T14:37:48");
    assert_true(t.has_value());
    assert_int_equal(*parse_sacct_time("2026-11-22T14:38:00") - *t, 12);
    assert_false(parse_sacct_time("2026-11-22 14:37:48").has_value());
    assert_false(parse_sacct_time("yesterday").has_value());
}

static void header_must_be_the_documented_format(void **)
{
    assert_contains(parse_error("JobID|Submit|State\n"), "acct.txt:1: header field 2 is 'Submit', expected State");
    assert_contains(parse_error("JobID|Submit|State\n"), "--format=JobID,State,Submit,Start,ElapsedRaw");
    assert_contains(parse_error(""), "acct.txt: empty");
}

static void bad_fields_are_named_with_their_line(void **)
{
    assert_contains(parse_error(kHeader + row("1", "COMPLETED", 1, "2", 3, 1, "") +
                                "2|COMPLETED|1|2|ten|1||||\n"),
                    "acct.txt:3: field 5 (ElapsedRaw): 'ten' is not a whole number >= 0");
    assert_contains(parse_error(kHeader + "2|COMPLETED|noon|2|1|1||||\n"),
                    "acct.txt:2: field 3 (Submit): 'noon' is not a time");
    assert_contains(parse_error(kHeader + "2|COMPLETED|1|2\n"), "acct.txt:2: 4 fields, expected 10");
    // Found by review after fuzzing: a node count beyond int was cut silently.
    assert_contains(parse_error(kHeader + "2|COMPLETED|1|2|3|4294967297||||\n"),
                    "acct.txt:2: field 6 (NNodes): '4294967297' must be <= 2147483647");
}

static void delimiter_in_free_text_is_an_error_with_the_way_out(void **)
{
    std::string error = parse_error(kHeader + row("1", "COMPLETED", 1, "2", 3, 1, "", "a|b"));
    assert_contains(error, "acct.txt:2: 11 fields, expected 10: "
                           "JobName, Comment or SystemComment holds the delimiter '|'");
    assert_contains(error, "--delimiter=C");
    std::string semicolons = "JobID;State;Submit;Start;ElapsedRaw;NNodes;AllocTRES;JobName;Comment;SystemComment\n"
                             "1;COMPLETED;1;2;3;1;;a|b;;\n";
    assert_string_equal(parse_sacct(semicolons, "acct.txt", ';')[0].job_name.c_str(), "a|b");
}

static void family_from_hint_then_comment_then_known_job_name(void **)
{
    std::set<std::string> known = {"A", "resnet50"};
    FamilyGuess hint =
        guess_family(record("A", "--accord-model=bert", "accord: started on n1; hints: model resnet50, gpus 1-2"), known);
    assert_string_equal(hint.family.c_str(), "resnet50");
    assert_string_equal(hint.source.c_str(), "hint");
    FamilyGuess comment = guess_family(record("A", "run --accord-model=bert now", ""), known);
    assert_string_equal(comment.family.c_str(), "bert");
    assert_string_equal(comment.source.c_str(), "comment");
    FamilyGuess name = guess_family(record("A", "", "accord: started on n1"), known);
    assert_string_equal(name.family.c_str(), "A");
    assert_string_equal(name.source.c_str(), "job name");
    assert_true(guess_family(record("train.sh", "", ""), known).family.empty());
    assert_true(guess_family(record("x", "accord-model=b@d", ""), known).family.empty());  // fails the hint's check
}

static void gpu_allocation_counts_and_types(void **)
{
    GpuAllocation a = gpu_allocation("billing=4,cpu=4,gres/gpu:fast=2,gres/gpu=2,mem=8000M,node=1", "acct.txt:2");
    assert_int_equal(a.count, 2);
    assert_int_equal(a.by_type.size(), 1);
    assert_int_equal(a.by_type.at("fast"), 2);
    assert_int_equal(gpu_allocation("cpu=1,mem=100M", "x").count, 0);
    try {
        gpu_allocation("gres/gpu=two", "acct.txt:9");
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), "acct.txt:9: field 7 (AllocTRES): 'gres/gpu=two' has no GPU count");
    }
}

static void steps_are_run_time_times_measured_speed(void **)
{
    SacctTrace t = convert(row("1", "COMPLETED", 100, "110", 100, 1, "gres/gpu:fast=1,gres/gpu=1", "A") +
                           row("2", "TIMEOUT", 130, "140", 10, 2, "gres/gpu:fast=2,gres/gpu=2", "A"));
    assert_int_equal(t.jobs.size(), 2);
    assert_int_equal(t.jobs[0].total_steps, 1000);  // 100 s x 10 steps/s
    assert_int_equal(t.jobs[1].total_steps, 120);   // spread: fast_unconsolidated, 12 steps/s
    assert_int_equal(t.jobs[1].scale_factor, 2);
    assert_true(t.jobs[1].arrival_s == 30.0);
    assert_true(t.skipped.empty());
    assert_true(t.notes.empty());
}

static void types_the_table_lacks_are_measured_on_the_reference(void **)
{
    SacctTrace t = convert(row("1", "COMPLETED", 0, "1", 100, 1, "gres/gpu:h100=1,gres/gpu=1", "B") +
                           row("2", "COMPLETED", 0, "1", 100, 1, "gres/gpu=1", "B"));
    assert_int_equal(t.jobs[0].total_steps, 300);  // B on slow: 3 steps/s
    assert_int_equal(t.notes.at("ran on h100, without a figure for its job type: work measured on slow"), 1);
    assert_int_equal(t.notes.at("no GPU type in AllocTRES: work measured on slow"), 1);
}

static void arrivals_are_sorted_and_relative(void **)
{
    SacctTrace t = convert(row("5", "COMPLETED", 500, "501", 1, 1, "gres/gpu=1", "A") +
                           row("4", "COMPLETED", 200, "201", 1, 1, "gres/gpu=1", "A"));
    assert_string_equal(t.job_ids[0].c_str(), "4");
    assert_true(t.jobs[0].arrival_s == 0.0);
    assert_true(t.jobs[1].arrival_s == 300.0);
}

static void every_skip_is_counted_by_reason(void **)
{
    SacctTrace t = convert(row("1.batch", "COMPLETED", 0, "1", 5, 1, "gres/gpu=1", "A") +
                           row("2", "RUNNING", 0, "1", 5, 1, "gres/gpu=1", "A") +
                           row("3", "CANCELLED by 0", 0, "Unknown", 0, 1, "", "A") +
                           row("4", "COMPLETED", 0, "1", 5, 1, "cpu=1", "A") +
                           row("5", "COMPLETED", 0, "1", 5, 1, "gres/gpu=1", "train.sh") +
                           row("6", "COMPLETED", 0, "1", 5, 1, "gres/gpu=1", "x", "--accord-model=bert") +
                           row("7", "COMPLETED", 0, "1", 5, 2, "gres/gpu:fast=1,gres/gpu:slow=1,gres/gpu=2", "A") +
                           row("8", "COMPLETED", 0, "1", 5, 1, "gres/gpu=1", "A"));
    assert_int_equal(t.jobs.size(), 1);
    assert_int_equal(t.skipped.at("job steps (sacct -X lists jobs only)"), 1);
    assert_int_equal(t.skipped.at("not finished (RUNNING)"), 1);
    assert_int_equal(t.skipped.at("never started"), 1);
    assert_int_equal(t.skipped.at("no GPUs"), 1);
    assert_int_equal(t.skipped.at("unknown model family (no hint, job name not a known family; see --unknown-as)"), 1);
    assert_int_equal(t.skipped.at("model family 'bert' has no job type (add --family bert=JOB_TYPE)"), 1);
    assert_int_equal(t.skipped.at("GPUs of several types (a trace job runs on one)"), 1);
    assert_contains(summary_text(t, 8), "kept 1 of 8 record(s)\n  skipped 1: GPUs of several types");
}

static void families_map_and_unknown_as_keep_jobs(void **)
{
    SacctTraceOptions o;
    o.families["bert"] = "B";
    o.families["train.sh"] = "A";
    o.unknown_as = "A";
    const std::string fast = "gres/gpu:fast=1,gres/gpu=1";
    SacctTrace t = convert(row("1", "COMPLETED", 0, "1", 10, 1, fast, "x", "accord-model=bert") +
                           row("2", "COMPLETED", 0, "1", 10, 1, fast, "train.sh") +
                           row("3", "COMPLETED", 0, "1", 10, 1, fast, "other"),
                           o);
    assert_int_equal(t.jobs.size(), 3);
    assert_string_equal(t.jobs[0].job_type.c_str(), "B");
    assert_string_equal(t.jobs[1].job_type.c_str(), "A");
    assert_string_equal(t.jobs[2].job_type.c_str(), "A");
    assert_int_equal(t.notes.at("unknown model family: ran as A"), 1);
}

static void unknown_state_and_bad_options_are_errors(void **)
{
    try {
        convert(row("1", "EXPLODED", 0, "1", 5, 1, "gres/gpu=1", "A"));
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), "acct.txt:2: field 2 (State): 'EXPLODED' is not a Slurm job state");
    }
    SacctTraceOptions o;
    o.families["bert"] = "C";
    try {
        convert(row("1", "COMPLETED", 0, "1", 5, 1, "gres/gpu=1", "A"), o);
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), "--family bert=C: the throughput table has no job type 'C'");
    }
    SacctTraceOptions ref;
    ref.reference_type = "k80";
    try {
        convert("", ref);
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), "--reference-type k80");
    }
}

static void written_trace_reads_back(void **)
{
    SacctTrace t = convert(row("11", "COMPLETED", 100, "110", 100, 1, "gres/gpu:fast=1,gres/gpu=1", "A") +
                           row("12", "FAILED", 160, "170", 20, 2, "gres/gpu:fast=2,gres/gpu=2", "A"));
    std::string text = trace_text(t);
    assert_contains(text, "A\tslurm-job-11\t-n\t0\t1000\t0\t1\n");
    auto jobs = read_gavel_trace(accord::test::write_file("sacct.trace", text));
    assert_int_equal(jobs.size(), 2);
    assert_int_equal(jobs[1].total_steps, 240);
    assert_true(jobs[1].arrival_s == 60.0);
    assert_int_equal(jobs[1].scale_factor, 2);
}

int main()
{
    const CMUnitTest tests[] = {
        cmocka_unit_test(records_are_read_field_by_field),
        cmocka_unit_test(iso_times_are_local_time),
        cmocka_unit_test(header_must_be_the_documented_format),
        cmocka_unit_test(bad_fields_are_named_with_their_line),
        cmocka_unit_test(delimiter_in_free_text_is_an_error_with_the_way_out),
        cmocka_unit_test(family_from_hint_then_comment_then_known_job_name),
        cmocka_unit_test(gpu_allocation_counts_and_types),
        cmocka_unit_test(steps_are_run_time_times_measured_speed),
        cmocka_unit_test(types_the_table_lacks_are_measured_on_the_reference),
        cmocka_unit_test(arrivals_are_sorted_and_relative),
        cmocka_unit_test(every_skip_is_counted_by_reason),
        cmocka_unit_test(families_map_and_unknown_as_keep_jobs),
        cmocka_unit_test(unknown_state_and_bad_options_are_errors),
        cmocka_unit_test(written_trace_reads_back),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
