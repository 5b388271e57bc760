// Unit tests for core/sample_store: samples appended are read back in order
// by a new store on the same file (as after a restart); a torn last line is
// skipped and the next append starts a fresh line; the file is rotated to
// PATH.1 at its size bound; failures name the file.
#include "cmocka_cpp.h"

#include <string>
#include <sys/stat.h>
#include <vector>

#include "core/sample_store.h"
#include "reader_test.h"

using namespace accord::core;
using accord::test::g_tmpdir;

static ThroughputSample sample(uint32_t job, uint64_t seq)
{
    ThroughputSample s;
    s.time = 1795000000 + static_cast<int64_t>(seq);
    s.job_id = job;
    s.user = "alice";
    s.gpus = {{"a100", 2}};
    s.nodes = "a100-1";
    s.report = ProgressReport{ReportMetric::StepsPerSecond, 10.0 + static_cast<double>(seq), seq};
    return s;
}

// A store on a fresh file `name` in the test directory, removed afterwards.
static std::string store_path(const std::string &name)
{
    std::string path = g_tmpdir + "/" + name;
    accord::test::g_tmpfiles.push_back(path);
    accord::test::g_tmpfiles.push_back(path + ".1");
    return path;
}

static off_t file_size(const std::string &path)
{
    struct stat st {};
    return stat(path.c_str(), &st) == 0 ? st.st_size : -1;
}

static void missing_file_loads_empty(void **)
{
    SampleLog log = SampleStore(store_path("none.log")).load();
    assert_true(log.samples.empty());
    assert_int_equal(log.skipped, 0);
    assert_true(log.error.empty());
}

static void appended_samples_read_back_in_order_by_a_new_store(void **)
{
    std::string path = store_path("order.log");
    assert_string_equal(SampleStore(path).append({sample(1, 1), sample(2, 1)}).c_str(), "");
    assert_string_equal(SampleStore(path).append({sample(1, 2)}).c_str(), "");
    SampleLog log = SampleStore(path).load();
    assert_int_equal(log.samples.size(), 3);
    assert_int_equal(log.samples[0].job_id, 1);
    assert_int_equal(log.samples[1].job_id, 2);
    assert_int_equal(log.samples[2].report.seq, 2);
    assert_true(log.samples[2].report.rate == 12.0);
    assert_int_equal(log.skipped, 0);
}

static void file_is_readable_by_its_owner_only(void **)
{
    std::string path = store_path("mode.log");
    SampleStore(path).append({sample(1, 1)});
    struct stat st {};
    assert_int_equal(stat(path.c_str(), &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

static void torn_last_line_skipped_and_next_append_starts_fresh(void **)
{
    std::string path = store_path("torn.log");
    SampleStore store(path);
    store.append({sample(1, 1)});
    std::string torn = sample_line(sample(1, 2)).substr(0, 30);
    FILE *f = fopen(path.c_str(), "a");
    fputs(torn.c_str(), f);
    fclose(f);
    store.append({sample(1, 3)});
    SampleLog log = store.load();
    assert_int_equal(log.samples.size(), 2);
    assert_int_equal(log.samples[0].report.seq, 1);
    assert_int_equal(log.samples[1].report.seq, 3);
    assert_int_equal(log.skipped, 1);
    assert_contains(log.first_problem, path + ":2: checksum");
}

static void rotates_at_the_bound_keeping_the_newest(void **)
{
    std::string path = store_path("rotate.log");
    size_t line = sample_line(sample(1, 1)).size();
    SampleStore store(path, 2 * line);
    for (uint64_t seq = 1; seq <= 5; seq++)
        assert_string_equal(store.append({sample(1, seq)}).c_str(), "");
    assert_true(file_size(path) <= static_cast<off_t>(2 * line));
    assert_true(file_size(path + ".1") <= static_cast<off_t>(2 * line));
    SampleLog log = store.load();
    // 1 and 2 went to .1, then 3 and 4 replaced them there; 5 is in the new file.
    assert_int_equal(log.samples.size(), 3);
    assert_int_equal(log.samples[0].report.seq, 3);
    assert_int_equal(log.samples[1].report.seq, 4);
    assert_int_equal(log.samples[2].report.seq, 5);
}

static void unwritable_sample_writes_nothing(void **)
{
    std::string path = store_path("unwritable.log");
    ThroughputSample bad = sample(2, 1);
    bad.user = "a\tb";
    std::string error = SampleStore(path).append({sample(1, 1), bad});
    assert_contains(error, "job 2");
    assert_int_equal(file_size(path), -1);
}

static void failure_names_the_file(void **)
{
    std::string path = g_tmpdir + "/no_such_dir/samples.log";
    std::string error = SampleStore(path).append({sample(1, 1)});
    assert_contains(error, path);
}

static void empty_append_writes_nothing(void **)
{
    std::string path = store_path("empty.log");
    assert_string_equal(SampleStore(path).append({}).c_str(), "");
    assert_int_equal(file_size(path), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_file_loads_empty),
        cmocka_unit_test(appended_samples_read_back_in_order_by_a_new_store),
        cmocka_unit_test(file_is_readable_by_its_owner_only),
        cmocka_unit_test(torn_last_line_skipped_and_next_append_starts_fresh),
        cmocka_unit_test(rotates_at_the_bound_keeping_the_newest),
        cmocka_unit_test(unwritable_sample_writes_nothing),
        cmocka_unit_test(failure_names_the_file),
        cmocka_unit_test(empty_append_writes_nothing),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
