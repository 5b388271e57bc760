// Unit tests for core/finished_job_line and core/finished_job_store: a
// completed job's line reads back as written; a damaged or wrong line is
// refused naming what is wrong; jobs appended are read back in order by a
// new store on the same file (as after a restart), a torn line skipped.
#include <fstream>  // before cmocka, whose fail() macro it would meet

#include "cmocka_cpp.h"

#include <string>

#include "core/finished_job_store.h"
#include "core/record_line.h"
#include "reader_test.h"

using namespace accord::core;
using accord::test::g_tmpdir;

static std::string store_path(const std::string &name)
{
    std::string path = g_tmpdir + "/" + name;
    accord::test::g_tmpfiles.push_back(path);
    accord::test::g_tmpfiles.push_back(path + ".1");
    return path;
}

static std::string without_newline(const std::string &line) { return line.substr(0, line.size() - 1); }

static void a_line_reads_back_as_written(void **)
{
    std::string line = finished_job_line(FinishedJob{1795000000, 42, "resnet50", 960});
    assert_string_equal(line.substr(0, 45).c_str(), "accord-finished-1\t1795000000\t42\tresnet50\t960\t");
    ParsedFinishedJob parsed = parse_finished_job_line(without_newline(line));
    assert_true(parsed.job.has_value());
    assert_true(parsed.job->end_time == 1795000000);
    assert_int_equal(parsed.job->job_id, 42);
    assert_string_equal(parsed.job->family.c_str(), "resnet50");
    assert_true(parsed.job->gpu_s == 960);
    ParsedFinishedJob no_family = parse_finished_job_line(without_newline(finished_job_line(FinishedJob{1, 7, "", 0})));
    assert_true(no_family.job && no_family.job->family.empty());
    assert_string_equal(finished_job_line(FinishedJob{1, 7, "a\tb", 5}).c_str(), "");
}

static void a_bad_line_is_refused_naming_what_is_wrong(void **)
{
    std::string good = without_newline(finished_job_line(FinishedJob{1795000000, 42, "resnet50", 960}));
    std::string damaged = good;
    damaged[30] = '9';
    assert_string_equal(parse_finished_job_line(damaged).error.c_str(),
                        "checksum does not match (torn or damaged line)");
    auto body_of = [](const std::string &body) { return without_newline(checksummed_line(body)); };
    assert_string_equal(parse_finished_job_line(body_of("accord-sample-2\t1\t2\tx\t3")).error.c_str(),
                        "not an accord-finished-1 line");
    assert_string_equal(parse_finished_job_line(body_of("accord-finished-1\t-1\t2\tx\t3")).error.c_str(),
                        "bad end field");
    assert_string_equal(parse_finished_job_line(body_of("accord-finished-1\t1\t0\tx\t3")).error.c_str(),
                        "bad job field");
    assert_string_equal(parse_finished_job_line(body_of("accord-finished-1\t1\t2\tx\t1000000000000001")).error.c_str(),
                        "bad gpu_seconds field");
}

static void jobs_appended_read_back_in_order_a_torn_line_skipped(void **)
{
    std::string path = store_path("finished.log");
    assert_string_equal(FinishedJobStore(path).append({{10, 1, "a", 100}, {11, 2, "b", 200}}).c_str(), "");
    std::ofstream(path, std::ios::app) << "accord-finished-1\t12\t3\ta\t3";  // a crash mid-line
    assert_string_equal(FinishedJobStore(path).append({{13, 4, "a", 400}}).c_str(), "");
    FinishedJobLog log = FinishedJobStore(path).load();
    assert_int_equal(log.jobs.size(), 3);
    assert_int_equal(log.jobs[0].job_id, 1);
    assert_int_equal(log.jobs[1].job_id, 2);
    assert_int_equal(log.jobs[2].job_id, 4);
    assert_int_equal(log.skipped, 1);
    assert_true(log.first_problem.find("finished.log:3: ") != std::string::npos);
}

static void a_job_whose_family_cannot_be_written_is_named_the_others_kept(void **)
{
    std::string path = store_path("family.log");
    std::string error = FinishedJobStore(path).append({{10, 1, "a\nb", 100}, {11, 2, "b", 200}});
    assert_string_equal(error.c_str(), "job(s) 1 left out: a family that cannot be written");
    FinishedJobLog log = FinishedJobStore(path).load();
    assert_int_equal(log.jobs.size(), 1);
    assert_int_equal(log.jobs[0].job_id, 2);
}

static void an_unwritable_directory_is_named(void **)
{
    std::string error = FinishedJobStore("/nonexistent-dir/finished.log").append({{10, 1, "a", 100}});
    assert_true(error.find("/nonexistent-dir/finished.log") != std::string::npos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_line_reads_back_as_written),
        cmocka_unit_test(a_bad_line_is_refused_naming_what_is_wrong),
        cmocka_unit_test(jobs_appended_read_back_in_order_a_torn_line_skipped),
        cmocka_unit_test(a_job_whose_family_cannot_be_written_is_named_the_others_kept),
        cmocka_unit_test(an_unwritable_directory_is_named),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
