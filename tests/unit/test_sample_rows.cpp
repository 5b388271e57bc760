// Unit tests for model/sample_rows: accord-train's rows from the throughput
// samples running jobs reported (the plugin's sample file). A family's
// rows keep the ratio of its measured speeds per GPU between types, are
// scaled by one factor to the neighbour estimates (its own data's values
// for a family the data has, under the data's spelling), follow the
// plugin's rules for which samples count, and every sample left out, and
// every unreadable file, is named.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "core/throughput_sample.h"
#include "model/baselines.h"
#include "model/sample_rows.h"
#include "tiny_training_data.h"

using accord::core::ThroughputSample;
using namespace accord::model;

namespace {

void assert_close(double a, double b)
{
    if (std::fabs(a - b) > 1e-9 * std::max(1.0, std::fabs(b)))
        fail_msg("%.17g is not within 1e-9 of %.17g", a, b);
}

// ResNet-50 runs 0.3 on a K80 and 1 on a V100 (relative to one V100), LM 0.35 and 1.
TrainingData data() { return accord::test::tiny_data({"ResNet-50 (batch size 32)", "LM (batch size 20)"}); }

uint32_t next_job = 1;

ThroughputSample sample(const std::string &family, accord::core::GpuCounts gpus, double rate,
                        const std::string &user = "alice")
{
    ThroughputSample s;
    s.time = 1000 + next_job;
    s.job_id = next_job++;
    s.user = user;
    s.family = family;
    s.gpus = std::move(gpus);
    s.nodes = "n-1";
    s.report.rate = rate;
    s.report.seq = 1;
    return s;
}

const IsolatedSample *row_of(const SampleRows &rows, const std::string &job_type, const std::string &gpu)
{
    for (const auto &row : rows.rows)
        if (row.job_type == job_type && row.gpu_type == gpu)
            return &row;
    return nullptr;
}

std::string all_notes(const std::vector<std::string> &notes)
{
    std::string text;
    for (const auto &note : notes)
        text += note + "\n";
    return text;
}

}  // namespace

// Rates per GPU 2 (k80) and 5 (v100, two GPUs at 10): the rows keep 2.5x,
// and their geometric mean over the neighbour estimates is 1.
static void new_family_keeps_its_types_ratio_at_the_estimates_level(void **)
{
    TrainingData d = data();
    SampleRows rows = sample_rows({sample("mynet", {{"k80", 1}}, 2.0), sample("mynet", {{"v100", 2}}, 10.0)}, d);
    assert_int_equal(rows.rows.size(), 2);
    const IsolatedSample *k80 = row_of(rows, "mynet", "k80");
    const IsolatedSample *v100 = row_of(rows, "mynet", "v100");
    assert_non_null(k80);
    assert_non_null(v100);
    assert_close(v100->relative / k80->relative, 2.5);
    assert_int_equal(k80->gpus, 1);
    assert_false(k80->spread);
    Baselines prior(d);
    assert_close(k80->relative / prior.nearest_relative(*k80) * v100->relative / prior.nearest_relative(*v100), 1.0);
    assert_true(rows.notes.empty());
}

// "resnet50" is the data's "ResNet-50": its rows take that name and, with
// the data's ratio measured, the data's values.
static void known_family_takes_the_data_spelling_and_level(void **)
{
    SampleRows rows = sample_rows({sample("resnet50", {{"k80", 1}}, 3.0), sample("resnet50", {{"v100", 1}}, 10.0)},
                                  data());
    assert_int_equal(rows.rows.size(), 2);
    assert_null(row_of(rows, "resnet50", "k80"));
    assert_close(row_of(rows, "ResNet-50", "k80")->relative, 0.3);
    assert_close(row_of(rows, "ResNet-50", "v100")->relative, 1.0);
}

static void samples_on_a_type_no_row_has_are_named(void **)
{
    SampleRows rows = sample_rows({sample("mynet", {{"k80", 1}}, 2.0), sample("mynet", {{"h100", 1}}, 9.0)}, data());
    assert_int_equal(rows.rows.size(), 1);
    assert_null(row_of(rows, "mynet", "h100"));
    assert_contains(all_notes(rows.notes), "samples of family mynet on GPU type h100 are not used");
}

// As the plugin: no family, no row; GPUs of two types belong to none.
static void samples_without_a_family_or_of_two_types_give_no_row(void **)
{
    SampleRows rows = sample_rows({sample("", {{"k80", 1}}, 2.0), sample("mixed", {{"k80", 1}, {"v100", 1}}, 4.0)},
                                  data());
    assert_true(rows.rows.empty());
    assert_contains(all_notes(rows.notes), "samples of family mixed are not used: none holds GPUs of one type");
}

// The median over users: one user's absurd rate does not move the row.
static void one_users_outlier_does_not_move_a_row(void **)
{
    SampleRows rows = sample_rows({sample("mynet", {{"k80", 1}}, 1.0, "a"), sample("mynet", {{"k80", 1}}, 1.1, "b"),
                                   sample("mynet", {{"k80", 1}}, 100.0, "c"), sample("mynet", {{"v100", 1}}, 3.3)},
                                  data());
    assert_close(row_of(rows, "mynet", "v100")->relative / row_of(rows, "mynet", "k80")->relative, 3.0);
}

static void missing_or_empty_files_are_errors_naming_them(void **)
{
    TrainingData d = data();
    try {
        add_throughput_samples({"/nonexistent/accord-samples.log"}, d);
        fail_msg("a missing file was read");
    } catch (const std::runtime_error &e) {
        assert_contains(e.what(), "cannot read /nonexistent/accord-samples.log");
    }
    char path[] = "/tmp/test_sample_rows.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    std::ofstream(path) << "garbage\n";
    try {
        add_throughput_samples({path}, d);
        fail_msg("a file without a valid line was read");
    } catch (const std::runtime_error &e) {
        assert_contains(e.what(), std::string("no valid sample line in ") + path + " (" + path + ":1: ");
    }
    std::remove(path);
    assert_int_equal(d.isolated.size(), data().isolated.size());
}

// Valid lines of two files count together; a corrupt one is skipped and told.
static void rows_are_appended_and_skipped_lines_told(void **)
{
    char first[] = "/tmp/test_sample_rows.XXXXXX", second[] = "/tmp/test_sample_rows.XXXXXX";
    for (char *path : {first, second}) {
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        close(fd);
    }
    std::ofstream(first) << accord::core::sample_line(sample("mynet", {{"k80", 1}}, 2.0)) << "accord-sample-1\tbad\n";
    std::ofstream(second) << accord::core::sample_line(sample("mynet", {{"v100", 1}}, 5.0));
    TrainingData d = data();
    size_t before = d.isolated.size();
    std::vector<std::string> notes = add_throughput_samples({first, second}, d);
    assert_int_equal(d.isolated.size(), before + 2);
    assert_string_equal(d.sources.back().c_str(), second);
    assert_contains(all_notes(notes), std::string("1 sample line(s) skipped, the first: ") + first + ":2: ");
    std::remove(first);
    std::remove(second);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_family_keeps_its_types_ratio_at_the_estimates_level),
        cmocka_unit_test(known_family_takes_the_data_spelling_and_level),
        cmocka_unit_test(samples_on_a_type_no_row_has_are_named),
        cmocka_unit_test(samples_without_a_family_or_of_two_types_give_no_row),
        cmocka_unit_test(one_users_outlier_does_not_move_a_row),
        cmocka_unit_test(missing_or_empty_files_are_errors_naming_them),
        cmocka_unit_test(rows_are_appended_and_skipped_lines_told),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
