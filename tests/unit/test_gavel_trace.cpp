// Unit tests for contrib/sim/gavel_trace: reading Gavel's and Shockwave's job
// traces (the real files under ../shared/data and hand-made bad ones).
#include "cmocka_cpp.h"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sim/gavel_trace.h"
#include "sim/input_error.h"
#include "sim_fixture.h"
#include "reader_test.h"

using accord::sim::InputError;
using accord::sim::read_gavel_trace;
using accord::sim::TraceJob;

// ---- helpers --------------------------------------------------------------------

using accord::test::shared_data;

static std::string traces_dir(const std::string &rel)
{
    return shared_data("gavel/traces/" + rel);
}

static std::vector<TraceJob> read_ok(const std::string &path)
{
    std::string error;
    try {
        return read_gavel_trace(path);
    } catch (const InputError &e) {
        error = e.what();
    }
    fail_msg("reading %s failed: %s", path.c_str(), error.c_str());
    return {};  // not reached
}

static void assert_double(double got, double want)
{
    if (std::fabs(got - want) > 1e-9)
        fail_msg("got %.17g, expected %.17g", got, want);
}

static void assert_job(const TraceJob &j, int line, const char *type, uint64_t steps,
                       double arrival, int sf, double weight)
{
    assert_int_equal(j.line, line);
    assert_string_equal(j.job_type.c_str(), type);
    assert_true(j.total_steps == steps);
    assert_double(j.arrival_s, arrival);
    assert_int_equal(j.scale_factor, sf);
    assert_double(j.priority_weight, weight);
}

// *.trace files of a directory, sorted; fails when there are none.
static std::vector<std::string> trace_files(const std::string &dir)
{
    std::vector<std::string> out;
    if (DIR *d = opendir(dir.c_str())) {
        while (dirent *e = readdir(d)) {
            std::string n = e->d_name;
            if (n.size() > 6 && n.compare(n.size() - 6, 6, ".trace") == 0)
                out.push_back(dir + "/" + n);
        }
        closedir(d);
    }
    if (out.empty())
        fail_msg("no .trace files in %s", dir.c_str());
    std::sort(out.begin(), out.end());
    return out;
}

using accord::test::g_tmpdir;
using accord::test::make_tmpdir;
using accord::test::remove_tmpdir;
using accord::test::write_file;

static void read_trace(const std::string &path) { read_gavel_trace(path); }

static std::string error_of(const std::string &path) { return accord::test::input_error_of(read_trace, path); }

// The caller includes "name:LINE:" in `parts` where a line is expected.
static void expect_error(const std::string &name, const std::string &text,
                         const std::vector<std::string> &parts)
{
    accord::test::expect_input_error(read_trace, name, text, parts);
}

// One msr line: job_type, command, num_steps_arg, needs_data_dir,
// total_steps, arrival_time, scale_factor.
static std::string msr(const std::string &type, const std::string &steps,
                       const std::string &arrival, const std::string &sf)
{
    return type + "\tcd %s/x && python3 train.py\t-n\t1\t" + steps + "\t" + arrival + "\t" + sf;
}

// One physical_cluster line: job_type, command, working_directory,
// num_steps_arg, needs_data_dir, total_steps, scale_factor, priority_weight,
// SLO, arrival_time.
static std::string phys(const std::string &type, const std::string &steps, const std::string &sf,
                        const std::string &weight, const std::string &arrival)
{
    return type + "\tpython3 main.py\tdir\t--num_steps\t1\t" + steps + "\t" + sf + "\t" + weight +
           "\t-1.000000\t" + arrival;
}

// One Shockwave line: job_type, command, working_directory, num_steps_arg,
// needs_data_dir, total_steps, scale_factor, mode, priority_weight, SLO,
// duration, arrival_time.
static std::string shockwave(const std::string &type, const std::string &steps, const std::string &sf,
                             const std::string &mode, const std::string &weight, const std::string &arrival)
{
    return type + "\tpython3 main.py\tdir\t--num_steps\t1\t" + steps + "\t" + sf + "\t" + mode + "\t" + weight +
           "\t-1.000000\t1418\t" + arrival;
}

static const std::string kGoodMsr = msr("A3C", "100", "0.000000", "1");
static const std::string kGoodPhys = phys("A3C", "100", "1", "1", "0");

// ---- real files ------------------------------------------------------------------

static void msr_trace_fields_mapped(void **)
{
    std::vector<TraceJob> jobs = read_ok(traces_dir("msr/seed=0/0e4a51.trace"));
    assert_int_equal(jobs.size(), 1181);
    assert_job(jobs[0], 1, "Transformer (batch size 128)", 95121, 0, 1, 1);
    assert_job(jobs[1], 2, "Recommendation (batch size 8192)", 10000, 6, 1, 1);
    assert_job(jobs[36], 37, "ResNet-18 (batch size 128)", 10288513, 291278, 4, 1);
    assert_job(jobs.back(), 1181, "CycleGAN", 236751, 7363956, 1, 1);
}

static void physical_cluster_trace_fields_mapped(void **)
{
    std::vector<TraceJob> jobs = read_ok(traces_dir("physical_cluster/artifact_evaluation.trace"));
    assert_int_equal(jobs.size(), 15);
    assert_job(jobs[0], 1, "ResNet-50 (batch size 64)", 2931, 0, 1, 1);
    assert_job(jobs[1], 2, "Transformer (batch size 16)", 11005, 0, 2, 1);
    assert_job(jobs[2], 3, "ResNet-18 (batch size 128)", 36030, 0, 1, 1);
}

static void physical_cluster_arrival_is_last_field(void **)
{
    std::vector<TraceJob> jobs = read_ok(traces_dir("physical_cluster/max_min_fairness.trace"));
    assert_true(jobs.size() >= 40);
    assert_job(jobs[36], 37, "ResNet-50 (batch size 64)", 28657, 536, 1, 1);
    assert_job(jobs[39], 40, "LM (batch size 80)", 457126, 1974, 4, 1);
}

static void all_real_traces_read(void **)
{
    size_t msr_jobs = 0, phys_jobs = 0;
    for (const std::string &f : trace_files(traces_dir("msr/seed=0")))
        msr_jobs += read_ok(f).size();
    for (const std::string &f : trace_files(traces_dir("physical_cluster")))
        phys_jobs += read_ok(f).size();
    assert_int_equal(msr_jobs, 15264);
    assert_int_equal(phys_jobs, 287);
}

static const char kShockwave120[] =
    "120_0.2_5_100_40_25_0,0.5,0.5_0.6,0.3,0.09,0.01_multigpu_dynamic.trace";

static void shockwave_trace_fields_mapped(void **)
{
    std::vector<TraceJob> jobs = read_ok(shared_data(std::string("shockwave/traces/") + kShockwave120));
    assert_int_equal(jobs.size(), 120);
    assert_job(jobs[0], 1, "LM (batch size 10)", 134583, 0, 1, 1);
    assert_string_equal(jobs[0].mode.c_str(), "gns");
    assert_job(jobs[1], 2, "ResNet-18 (batch size 32)", 143450, 55, 1, 1);
    assert_string_equal(jobs[1].mode.c_str(), "accordion");
    assert_job(jobs.back(), 120, "ResNet-50 (batch size 32)", 5279, 5011, 1, 1);
    assert_string_equal(jobs.back().mode.c_str(), "static");
}

static void all_shockwave_traces_read(void **)
{
    size_t jobs = 0;
    for (const std::string &f : trace_files(shared_data("shockwave/traces")))
        jobs += read_ok(f).size();
    assert_int_equal(jobs, 2600);
}

static void gavel_layouts_are_static(void **)
{
    assert_string_equal(read_ok(traces_dir("msr/seed=0/0e4a51.trace"))[0].mode.c_str(), "static");
}

// ---- hand-made valid files ----------------------------------------------------------

static void msr_values_parsed(void **)
{
    std::vector<TraceJob> jobs = read_ok(write_file(
        "msr_ok.trace", msr("LM (batch size 5)", "866864591", "10817570.000000", "32") + "\n" +
                            msr("A3C", "18446744073709551615", "1.5e3", "1") + "\n"));
    assert_int_equal(jobs.size(), 2);
    assert_job(jobs[0], 1, "LM (batch size 5)", 866864591, 10817570, 32, 1);
    assert_job(jobs[1], 2, "A3C", UINT64_MAX, 1500, 1, 1);
}

static void physical_values_parsed(void **)
{
    std::vector<TraceJob> jobs = read_ok(
        write_file("phys_ok.trace", phys("CycleGAN", "42", "8", "2.5", "12.25") + "\n"));
    assert_int_equal(jobs.size(), 1);
    assert_job(jobs[0], 1, "CycleGAN", 42, 12.25, 8, 2.5);
}

static void shockwave_values_parsed(void **)
{
    std::vector<TraceJob> jobs = read_ok(write_file(
        "shockwave_ok.trace", shockwave("CycleGAN", "42", "4", "accordion", "2.5", "12.25") + "\n" +
                                  shockwave("A3C", "7", "1", "static", "1", "13") + "\n"));
    assert_int_equal(jobs.size(), 2);
    assert_job(jobs[0], 1, "CycleGAN", 42, 12.25, 4, 2.5);
    assert_string_equal(jobs[0].mode.c_str(), "accordion");
    assert_job(jobs[1], 2, "A3C", 7, 13, 1, 1);
}

static void crlf_line_ends_accepted(void **)
{
    std::vector<TraceJob> jobs = read_ok(write_file(
        "crlf.trace", msr("A3C", "7", "6.000000", "2") + "\r\n" + msr("B", "8", "9", "1") + "\r\n"));
    assert_int_equal(jobs.size(), 2);
    assert_job(jobs[0], 1, "A3C", 7, 6, 2, 1);
    assert_job(jobs[1], 2, "B", 8, 9, 1, 1);
}

static void no_final_newline_accepted(void **)
{
    std::vector<TraceJob> jobs = read_ok(write_file("no_nl.trace", kGoodMsr + "\n" + kGoodMsr));
    assert_int_equal(jobs.size(), 2);
    assert_int_equal(jobs[1].line, 2);
}

static void trailing_blank_lines_accepted(void **)
{
    std::vector<TraceJob> jobs =
        read_ok(write_file("trailing_blank.trace", kGoodMsr + "\n\n\r\n"));
    assert_int_equal(jobs.size(), 1);
}

// ---- bad inputs ------------------------------------------------------------------------

static void missing_file_named(void **)
{
    std::string path = g_tmpdir + "/no_such.trace";
    assert_contains(error_of(path), path);
}

static void empty_file_rejected(void **)
{
    expect_error("empty.trace", "", {"empty"});
}

static void only_blank_lines_rejected(void **)
{
    expect_error("blank_only.trace", "\n\n", {"empty"});
}

static void blank_line_mid_file_rejected(void **)
{
    expect_error("blank_mid.trace", kGoodMsr + "\n\n" + kGoodMsr + "\n",
                 {"blank_mid.trace:2: blank line"});
}

static void blank_crlf_line_mid_file_rejected(void **)
{
    expect_error("blank_mid_crlf.trace", kGoodMsr + "\r\n\r\n" + kGoodMsr + "\r\n",
                 {"blank_mid_crlf.trace:2: blank line"});
}

static void wrong_field_count_rejected(void **)
{
    expect_error("eight.trace", kGoodMsr + "\n" + kGoodMsr + "\textra\n",
                 {"eight.trace:2:", "found 8"});
    expect_error("six.trace", "A3C\tcmd\t-n\t1\t100\t0\n", {"six.trace:1:", "found 6"});
    expect_error("eleven.trace", kGoodPhys + "\textra\n",
                 {"eleven.trace:1: expected 7 (msr), 10 (physical_cluster) or 12 (shockwave)", "found 11"});
}

static void space_separated_line_rejected(void **)
{
    expect_error("spaces.trace", "A3C cmd -n 1 100 0 1\n", {"spaces.trace:1:", "found 1"});
}

static void mixed_layouts_rejected(void **)
{
    expect_error("mixed.trace", kGoodMsr + "\n" + kGoodPhys + "\n",
                 {"mixed.trace:2:", "expected 7", "found 10"});
}

static void shockwave_fields_checked(void **)
{
    expect_error("mode.trace", shockwave("A3C", "1", "1", "static", "1", "0") + "\n" +
                                   shockwave("A3C", "1", "1", "fast", "1", "0") + "\n",
                 {"mode.trace:2: field 8 (mode): 'fast' is not a mode (static, gns or accordion)"});
    expect_error("sw_arrival.trace", shockwave("A3C", "1", "1", "gns", "1", "x") + "\n",
                 {"sw_arrival.trace:1: field 12 (arrival_time): 'x' is not a number"});
    expect_error("sw_weight.trace", shockwave("A3C", "1", "1", "gns", "0", "0") + "\n",
                 {"sw_weight.trace:1: field 9 (priority_weight): '0' must be > 0"});
    expect_error("sw_steps.trace", shockwave("A3C", "0", "1", "gns", "1", "0") + "\n",
                 {"sw_steps.trace:1: field 6 (total_steps): '0' must be >= 1"});
    expect_error("sw_sf.trace", shockwave("A3C", "1", "0", "gns", "1", "0") + "\n",
                 {"sw_sf.trace:1: field 7 (scale_factor): '0' must be >= 1"});
    expect_error("sw_mixed.trace", shockwave("A3C", "1", "1", "gns", "1", "0") + "\n" + kGoodPhys + "\n",
                 {"sw_mixed.trace:2:", "expected 12 (shockwave, as line 1)", "found 10"});
}

static void non_numeric_arrival_rejected(void **)
{
    expect_error("arrival_abc.trace", kGoodMsr + "\n" + msr("A3C", "100", "abc", "1") + "\n",
                 {"arrival_abc.trace:2: field 6 (arrival_time): 'abc' is not a number"});
    expect_error("arrival_abc_phys.trace", phys("A3C", "100", "1", "1", "abc") + "\n",
                 {"arrival_abc_phys.trace:1: field 10 (arrival_time): 'abc' is not a number"});
}

static void arrival_trailing_garbage_rejected(void **)
{
    expect_error("arrival_garbage.trace", msr("A3C", "100", "6.0s", "1") + "\n",
                 {":1: field 6 (arrival_time): '6.0s' is not a number"});
    expect_error("arrival_space.trace", msr("A3C", "100", " 6", "1") + "\n",
                 {":1: field 6 (arrival_time): ' 6' is not a number"});
    expect_error("arrival_empty.trace", msr("A3C", "100", "", "1") + "\n",
                 {":1: field 6 (arrival_time): '' is not a number"});
}

static void arrival_inf_nan_hex_rejected(void **)
{
    expect_error("arrival_inf.trace", msr("A3C", "100", "inf", "1") + "\n",
                 {"field 6 (arrival_time): 'inf' is not a number"});
    expect_error("arrival_nan.trace", msr("A3C", "100", "nan", "1") + "\n",
                 {"field 6 (arrival_time): 'nan' is not a number"});
    expect_error("arrival_hex.trace", msr("A3C", "100", "0x10", "1") + "\n",
                 {"field 6 (arrival_time): '0x10' is not a number"});
    expect_error("arrival_overflow.trace", msr("A3C", "100", "1e999", "1") + "\n",
                 {"field 6 (arrival_time): '1e999' is out of range"});
}

static void negative_arrival_rejected(void **)
{
    expect_error("arrival_negative.trace", msr("A3C", "100", "-1.000000", "1") + "\n",
                 {"arrival_negative.trace:1: field 6 (arrival_time): '-1.000000' must be >= 0"});
    expect_error("arrival_negative_phys.trace", phys("A3C", "100", "1", "1", "-3") + "\n",
                 {":1: field 10 (arrival_time): '-3' must be >= 0"});
}

static void zero_steps_rejected(void **)
{
    expect_error("steps_zero.trace", kGoodMsr + "\n" + msr("A3C", "0", "1", "1") + "\n",
                 {"steps_zero.trace:2: field 5 (total_steps): '0' must be >= 1"});
    expect_error("steps_zero_phys.trace", phys("A3C", "0", "1", "1", "0") + "\n",
                 {":1: field 6 (total_steps): '0' must be >= 1"});
}

static void bad_steps_rejected(void **)
{
    expect_error("steps_negative.trace", msr("A3C", "-5", "1", "1") + "\n",
                 {":1: field 5 (total_steps): '-5' must be >= 1"});
    expect_error("steps_fraction.trace", msr("A3C", "1.5", "1", "1") + "\n",
                 {":1: field 5 (total_steps): '1.5' is not a whole number"});
    expect_error("steps_word.trace", msr("A3C", "many", "1", "1") + "\n",
                 {":1: field 5 (total_steps): 'many' is not a whole number"});
    expect_error("steps_overflow.trace", msr("A3C", "18446744073709551616", "1", "1") + "\n",
                 {":1: field 5 (total_steps): '18446744073709551616' is out of range"});
}

static void zero_scale_factor_rejected(void **)
{
    expect_error("sf_zero.trace", msr("A3C", "100", "1", "0") + "\n",
                 {"sf_zero.trace:1: field 7 (scale_factor): '0' must be >= 1"});
    expect_error("sf_zero_phys.trace", phys("A3C", "100", "0", "1", "0") + "\n",
                 {":1: field 7 (scale_factor): '0' must be >= 1"});
}

static void bad_scale_factor_rejected(void **)
{
    expect_error("sf_fraction.trace", msr("A3C", "100", "1", "1.0") + "\n",
                 {":1: field 7 (scale_factor): '1.0' is not a whole number"});
    expect_error("sf_huge.trace", msr("A3C", "100", "1", "4294967296") + "\n",
                 {":1: field 7 (scale_factor): '4294967296' is out of range"});
    expect_error("sf_negative.trace", msr("A3C", "100", "1", "-2") + "\n",
                 {":1: field 7 (scale_factor): '-2' must be >= 1"});
}

static void scale_factor_with_cr_mid_file_rejected(void **)
{
    // A lone '\r' that is not part of a line end stays in the field.
    expect_error("sf_cr.trace", msr("A3C", "100", "1", "1\r2") + "\n",
                 {":1: field 7 (scale_factor):", "is not a whole number"});
}

static void bad_priority_weight_rejected(void **)
{
    expect_error("weight_zero.trace", phys("A3C", "100", "1", "0", "0") + "\n",
                 {"weight_zero.trace:1: field 8 (priority_weight): '0' must be > 0"});
    expect_error("weight_word.trace", phys("A3C", "100", "1", "high", "0") + "\n",
                 {":1: field 8 (priority_weight): 'high' is not a number"});
}

static void empty_job_type_rejected(void **)
{
    expect_error("type_empty.trace", kGoodMsr + "\n" + msr("", "100", "1", "1") + "\n",
                 {"type_empty.trace:2: field 1 (job_type):", "empty"});
    expect_error("type_spaces.trace", msr("   ", "100", "1", "1") + "\n",
                 {"type_spaces.trace:1: field 1 (job_type):", "empty"});
}

static void error_names_the_right_line(void **)
{
    std::string text;
    for (int i = 0; i < 11; i++)
        text += kGoodMsr + "\n";
    text += msr("A3C", "100", "abc", "1") + "\n" + kGoodMsr + "\n";
    expect_error("x.trace", text, {"x.trace:12: field 6 (arrival_time): 'abc' is not a number"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(msr_trace_fields_mapped),
        cmocka_unit_test(physical_cluster_trace_fields_mapped),
        cmocka_unit_test(physical_cluster_arrival_is_last_field),
        cmocka_unit_test(all_real_traces_read),
        cmocka_unit_test(shockwave_trace_fields_mapped),
        cmocka_unit_test(all_shockwave_traces_read),
        cmocka_unit_test(gavel_layouts_are_static),
        cmocka_unit_test(shockwave_values_parsed),
        cmocka_unit_test(msr_values_parsed),
        cmocka_unit_test(physical_values_parsed),
        cmocka_unit_test(crlf_line_ends_accepted),
        cmocka_unit_test(no_final_newline_accepted),
        cmocka_unit_test(trailing_blank_lines_accepted),
        cmocka_unit_test(missing_file_named),
        cmocka_unit_test(empty_file_rejected),
        cmocka_unit_test(only_blank_lines_rejected),
        cmocka_unit_test(blank_line_mid_file_rejected),
        cmocka_unit_test(blank_crlf_line_mid_file_rejected),
        cmocka_unit_test(wrong_field_count_rejected),
        cmocka_unit_test(space_separated_line_rejected),
        cmocka_unit_test(mixed_layouts_rejected),
        cmocka_unit_test(shockwave_fields_checked),
        cmocka_unit_test(non_numeric_arrival_rejected),
        cmocka_unit_test(arrival_trailing_garbage_rejected),
        cmocka_unit_test(arrival_inf_nan_hex_rejected),
        cmocka_unit_test(negative_arrival_rejected),
        cmocka_unit_test(zero_steps_rejected),
        cmocka_unit_test(bad_steps_rejected),
        cmocka_unit_test(zero_scale_factor_rejected),
        cmocka_unit_test(bad_scale_factor_rejected),
        cmocka_unit_test(scale_factor_with_cr_mid_file_rejected),
        cmocka_unit_test(bad_priority_weight_rejected),
        cmocka_unit_test(empty_job_type_rejected),
        cmocka_unit_test(error_names_the_right_line),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
