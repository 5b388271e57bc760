// Unit tests for contrib/sim/throughput_table: loading Gavel's throughput JSON
// (the real files under ../shared/data and hand-made bad ones) and lookups.
#include "cmocka_cpp.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "sim/input_error.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"
#include "reader_test.h"

using accord::sim::InputError;
using accord::sim::ThroughputTable;

// ---- helpers --------------------------------------------------------------------

using accord::test::shared_data;

static std::string gavel_path()
{
    return shared_data("gavel/simulation_throughputs.json");
}

// Loads a file that must load; a missing or bad real file fails the test.
static ThroughputTable load_ok(const std::string &path)
{
    std::string error;
    try {
        return ThroughputTable::load_gavel(path);
    } catch (const InputError &e) {
        error = e.what();
    }
    fail_msg("loading %s failed: %s", path.c_str(), error.c_str());
    return ThroughputTable();  // not reached
}

// Gavel's table, loaded once for the tests that only read it.
static const ThroughputTable &gavel()
{
    static std::optional<ThroughputTable> table;
    if (!table)
        table = load_ok(gavel_path());
    return *table;
}

static void assert_value(std::optional<double> got, double want)
{
    if (!got)
        fail_msg("no value, expected %.17g", want);
    if (std::fabs(*got - want) > 1e-9)
        fail_msg("got %.17g, expected %.17g", *got, want);
}

static void assert_pair(std::optional<std::pair<double, double>> got, double a, double b)
{
    if (!got)
        fail_msg("no pair, expected [%.17g, %.17g]", a, b);
    if (std::fabs(got->first - a) > 1e-9 || std::fabs(got->second - b) > 1e-9)
        fail_msg("got [%.17g, %.17g], expected [%.17g, %.17g]", got->first, got->second, a, b);
}

using accord::test::g_tmpdir;
using accord::test::make_tmpdir;
using accord::test::remove_tmpdir;
using accord::test::write_file;

static void load(const std::string &path) { ThroughputTable::load_gavel(path); }

static std::string load_error_of(const std::string &path) { return accord::test::input_error_of(load, path); }

static void expect_load_error(const std::string &name, const std::string &text,
                              const std::vector<std::string> &parts)
{
    accord::test::expect_input_error(load, name, text, parts);
}

// A valid one-GPU-type table around one entry, for the bad-input tests.
static std::string one_entry(const std::string &key, const std::string &entry_body)
{
    return "{\"v100\": {\"" + key + "\": {" + entry_body + "}}}";
}

static const char kR18[] = "ResNet-18 (batch size 16)";
static const char kR50_64[] = "ResNet-50 (batch size 64)";
static const char kR50_128[] = "ResNet-50 (batch size 128)";
static const char kTf64[] = "Transformer (batch size 64)";
static const char kLm20[] = "LM (batch size 20)";

// ---- Gavel's real file -------------------------------------------------------------

static void gavel_file_has_three_gpu_types(void **)
{
    std::vector<std::string> want = {"k80", "p100", "v100"};
    std::vector<std::string> got = gavel().gpu_types();
    assert_int_equal(got.size(), want.size());
    for (size_t i = 0; i < want.size(); i++)
        assert_string_equal(got[i].c_str(), want[i].c_str());
}

static void gavel_file_has_26_sorted_job_types(void **)
{
    std::vector<std::string> got = gavel().job_types();
    assert_int_equal(got.size(), 26);
    for (size_t i = 1; i < got.size(); i++)
        assert_true(got[i - 1] < got[i]);
    assert_string_equal(got.front().c_str(), "A3C");
    assert_string_equal(got.back().c_str(), "Transformer (batch size 64)");
    bool has_r18 = false;
    for (const std::string &j : got)
        has_r18 = has_r18 || j == kR18;
    assert_true(has_r18);
}

static void gavel_isolated_known_values(void **)
{
    assert_value(gavel().isolated("k80", kR18, 1), 4.795294551566172);
    assert_value(gavel().isolated("v100", kR50_64, 1), 4.394774823323071);
    assert_value(gavel().isolated("p100", kLm20, 4), 93.81478290324394);
    assert_value(gavel().isolated("v100", kR50_64, 4), 9.451949566394442);
}

static void gavel_spread_reads_unconsolidated_entries(void **)
{
    assert_value(gavel().isolated("p100", kLm20, 4, true), 40.938539794540844);
    assert_value(gavel().isolated("v100", kR50_64, 4, true), 11.136430014818272);
    // The unconsolidated types are entries of the file, not GPU types.
    for (const std::string &g : gavel().gpu_types())
        assert_true(g.find("_unconsolidated") == std::string::npos);
}

static void gavel_colocated_known_pair_this_job_first(void **)
{
    assert_pair(gavel().colocated("v100", kR50_64, kTf64, 1), 2.55026372359856,
                1.7739250679955958);
    assert_pair(gavel().colocated("v100", kTf64, kR50_64, 1), 1.7739250679955958,
                2.55026372359856);
    assert_pair(gavel().colocated("p100", "A3C", "CycleGAN", 1), 2.9861354534193176,
                1.1999531379682131);
    assert_pair(gavel().colocated("p100", "CycleGAN", "A3C", 1), 1.1999531379682131,
                2.9861354534193176);
    // A job with a copy of itself.
    assert_pair(gavel().colocated("k80", kR18, kR18, 1), 2.4081728540044867, 2.4081728540044867);
}

static void gavel_zero_pair_is_not_measured(void **)
{
    assert_false(gavel().colocated("k80", kR18, kR50_128, 1).has_value());
    assert_false(gavel().colocated("v100", kR50_64, kTf64, 4).has_value());
}

static void gavel_zero_isolated_is_not_measured(void **)
{
    // k80 / ('ResNet-50 (batch size 128)', 2) has "null": 0.0.
    assert_false(gavel().isolated("k80", kR50_128, 2).has_value());
    assert_value(gavel().isolated("k80", kR50_128, 1), 0.3472236920519382);
}

static void gavel_absent_entries_are_empty(void **)
{
    assert_false(gavel().isolated("v100", "A3C", 2).has_value());  // A3C only at sf 1
    assert_false(gavel().isolated("v100", kR18, 3).has_value());
    assert_false(gavel().isolated("a100", kR18, 1).has_value());
    assert_false(gavel().isolated("a100", kR18, 1, true).has_value());
    assert_false(gavel().isolated("v100", "GPT-3", 1).has_value());
    assert_false(gavel().isolated("v100", "resnet-18 (batch size 16)", 1).has_value());
    assert_false(gavel().colocated("a100", kR18, kR18, 1).has_value());
    assert_false(gavel().colocated("v100", kR18, "GPT-3", 1).has_value());
    assert_false(gavel().colocated("v100", "A3C", "CycleGAN", 2).has_value());
}

// ---- Shockwave's re-measurements (same schema) ----------------------------------------

static void shockwave_files_load_with_same_loader(void **)
{
    for (const char *name : {"actual", "tacc", "wisr"}) {
        ThroughputTable t =
            load_ok(shared_data(std::string("shockwave/") + name + "_throughputs.json"));
        assert_int_equal(t.gpu_types().size(), 3);
        assert_int_equal(t.job_types().size(), 26);
        // Re-measured: differs from Gavel's 4.795294551566172.
        assert_value(t.isolated("k80", kR18, 1), 4.907044539018749);
        // Pairs were not re-measured: Gavel's values.
        assert_pair(t.colocated("v100", kR18, kLm20, 1), 32.353384328946916,
                    53.78003827746418);
    }
}

static void shockwave_tacc_zero_isolated_but_measured_pairs(void **)
{
    ThroughputTable t = load_ok(shared_data("shockwave/tacc_throughputs.json"));
    assert_false(t.isolated("v100", "A3C", 1).has_value());
    assert_pair(t.colocated("v100", "A3C", "CycleGAN", 1), 4.562135656281291,
                3.1632656249608218);
}

// ---- hand-made valid files ----------------------------------------------------------------

static void names_with_commas_parentheses_and_integer_values(void **)
{
    std::string path = write_file(
        "odd_names.json",
        "{\"x1\": {\"('a, b (c), 2)', 2)\": {\"null\": 3, \"('q', 2)\": [1, 2.5]},"
        "          \"('q', 2)\": {\"null\": 0.5, \"('a, b (c), 2)', 2)\": [2.5, 1]}},"
        " \"x1_unconsolidated\": {\"('q', 2)\": {\"null\": 0.25}}}");
    ThroughputTable t = load_ok(path);
    assert_value(t.isolated("x1", "a, b (c), 2)", 2), 3);
    assert_value(t.isolated("x1", "q", 2), 0.5);
    assert_value(t.isolated("x1", "q", 2, true), 0.25);
    assert_false(t.isolated("x1", "a, b (c), 2)", 2, true).has_value());
    assert_pair(t.colocated("x1", "a, b (c), 2)", "q", 2), 1, 2.5);
    assert_int_equal(t.gpu_types().size(), 1);
    assert_string_equal(t.gpu_types()[0].c_str(), "x1");
    assert_int_equal(t.job_types().size(), 2);
    assert_string_equal(t.job_types()[0].c_str(), "a, b (c), 2)");
    assert_string_equal(t.job_types()[1].c_str(), "q");
}

static void double_quoted_python_key_accepted(void **)
{
    // Python's str() of a name holding a single quote.
    ThroughputTable t = load_ok(write_file("dq.json", one_entry("(\\\"it's\\\", 1)", "\"null\": 2")));
    assert_value(t.isolated("v100", "it's", 1), 2);
}

static void half_zero_pair_is_not_measured(void **)
{
    ThroughputTable t = load_ok(write_file(
        "half_zero.json", one_entry("('a', 1)", "\"null\": 2, \"('b', 1)\": [1.5, 0]")));
    assert_false(t.colocated("v100", "a", "b", 1).has_value());
}

// ---- bad inputs ------------------------------------------------------------------------

static void missing_file_named(void **)
{
    std::string path = g_tmpdir + "/no_such_file.json";
    assert_contains(load_error_of(path), path);
}

static void empty_file_rejected(void **)
{
    expect_load_error("empty.json", "", {"invalid JSON"});
}

static void truncated_json_rejected_with_line(void **)
{
    expect_load_error("truncated.json", "{\n\"v100\": {\n\"('a', 1)\": {\"null\": 1.0\n",
                      {"invalid JSON", ":4:"});
}

static void top_level_not_object_rejected(void **)
{
    expect_load_error("array.json", "[1, 2]", {"top level"});
}

static void empty_top_level_object_rejected(void **)
{
    expect_load_error("empty_object.json", "{}", {"no GPU types"});
}

static void gpu_value_not_object_rejected(void **)
{
    expect_load_error("gpu_not_object.json", "{\"v100\": [1]}", {"v100: expected an object"});
}

static void job_key_not_tuple_rejected(void **)
{
    expect_load_error("key_plain.json", one_entry("ResNet-18", "\"null\": 1"),
                      {"v100 / ResNet-18: expected a key"});
}

static void job_key_unquoted_name_rejected(void **)
{
    expect_load_error("key_unquoted.json", one_entry("(a, 1)", "\"null\": 1"),
                      {"v100 / (a, 1): expected a key"});
}

static void job_key_empty_name_rejected(void **)
{
    expect_load_error("key_empty_name.json", one_entry("('', 1)", "\"null\": 1"),
                      {"v100 / ('', 1): expected a key"});
}

static void job_key_zero_scale_factor_rejected(void **)
{
    expect_load_error("key_sf0.json", one_entry("('a', 0)", "\"null\": 1"),
                      {"v100 / ('a', 0): expected a key"});
}

static void job_key_non_numeric_scale_factor_rejected(void **)
{
    expect_load_error("key_sf_x.json", one_entry("('a', x)", "\"null\": 1"),
                      {"v100 / ('a', x): expected a key"});
}

static void job_key_negative_scale_factor_rejected(void **)
{
    expect_load_error("key_sf_neg.json", one_entry("('a', -1)", "\"null\": 1"),
                      {"v100 / ('a', -1): expected a key"});
}

static void entry_not_object_rejected(void **)
{
    expect_load_error("entry_number.json", "{\"v100\": {\"('a', 1)\": 4.5}}",
                      {"v100 / ('a', 1): expected an object"});
}

static void missing_null_rejected(void **)
{
    expect_load_error("no_null.json", one_entry("('a', 1)", "\"('b', 1)\": [1, 1]"),
                      {"v100 / ('a', 1): missing \"null\""});
}

static void null_string_rejected(void **)
{
    expect_load_error("null_string.json", one_entry("('ResNet-18 (batch size 16)', 1)", "\"null\": \"abc\""),
                      {"v100 / ('ResNet-18 (batch size 16)', 1) / null: expected a number >= 0"});
}

static void null_negative_rejected(void **)
{
    expect_load_error("null_negative.json", one_entry("('a', 1)", "\"null\": -0.5"),
                      {"v100 / ('a', 1) / null: expected a number >= 0"});
}

static void null_json_null_rejected(void **)
{
    expect_load_error("null_null.json", one_entry("('a', 1)", "\"null\": null"),
                      {"v100 / ('a', 1) / null: expected a number >= 0"});
}

static void null_pair_rejected(void **)
{
    expect_load_error("null_pair.json", one_entry("('a', 1)", "\"null\": [1, 2]"),
                      {"v100 / ('a', 1) / null: expected a number >= 0"});
}

static void huge_number_rejected(void **)
{
    expect_load_error("huge.json", one_entry("('a', 1)", "\"null\": 1e999"), {"invalid JSON"});
}

static void pair_not_array_rejected(void **)
{
    expect_load_error("pair_number.json", one_entry("('a', 1)", "\"null\": 1, \"('b', 1)\": 3"),
                      {"v100 / ('a', 1) / ('b', 1): expected a pair"});
}

static void pair_of_three_rejected(void **)
{
    expect_load_error("pair_three.json",
                      one_entry("('a', 1)", "\"null\": 1, \"('b', 1)\": [1, 2, 3]"),
                      {"v100 / ('a', 1) / ('b', 1): expected a pair"});
}

static void pair_of_one_rejected(void **)
{
    expect_load_error("pair_one.json", one_entry("('a', 1)", "\"null\": 1, \"('b', 1)\": [1]"),
                      {"v100 / ('a', 1) / ('b', 1): expected a pair"});
}

static void pair_negative_rejected(void **)
{
    expect_load_error("pair_negative.json",
                      one_entry("('a', 1)", "\"null\": 1, \"('b', 1)\": [1, -2]"),
                      {"v100 / ('a', 1) / ('b', 1): expected a pair"});
}

static void pair_string_rejected(void **)
{
    expect_load_error("pair_string.json",
                      one_entry("('a', 1)", "\"null\": 1, \"('b', 1)\": [\"1\", 2]"),
                      {"v100 / ('a', 1) / ('b', 1): expected a pair"});
}

static void pair_key_malformed_rejected(void **)
{
    expect_load_error("pair_key.json", one_entry("('a', 1)", "\"null\": 1, \"b\": [1, 2]"),
                      {"v100 / ('a', 1) / b: expected a key"});
}

static void pair_other_scale_factor_rejected(void **)
{
    expect_load_error("pair_sf.json", one_entry("('a', 1)", "\"null\": 1, \"('b', 2)\": [1, 2]"),
                      {"v100 / ('a', 1) / ('b', 2): expected the job's own scale factor 1"});
}

static void duplicate_key_rejected(void **)
{
    expect_load_error("duplicate.json", one_entry("('a', 1)", "\"null\": 1, \"null\": 2"),
                      {"duplicate"});
}

static void bad_entry_after_good_ones_named(void **)
{
    expect_load_error("third_bad.json",
                      "{\"k80\": {\"('a', 1)\": {\"null\": 1}}, \"p100\": {\"('a', 1)\": {\"null\": 2},"
                      " \"('b', 1)\": {\"null\": 3, \"('a', 1)\": [1, \"x\"]}}}",
                      {"p100 / ('b', 1) / ('a', 1): expected a pair"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gavel_file_has_three_gpu_types),
        cmocka_unit_test(gavel_file_has_26_sorted_job_types),
        cmocka_unit_test(gavel_isolated_known_values),
        cmocka_unit_test(gavel_spread_reads_unconsolidated_entries),
        cmocka_unit_test(gavel_colocated_known_pair_this_job_first),
        cmocka_unit_test(gavel_zero_pair_is_not_measured),
        cmocka_unit_test(gavel_zero_isolated_is_not_measured),
        cmocka_unit_test(gavel_absent_entries_are_empty),
        cmocka_unit_test(shockwave_files_load_with_same_loader),
        cmocka_unit_test(shockwave_tacc_zero_isolated_but_measured_pairs),
        cmocka_unit_test(names_with_commas_parentheses_and_integer_values),
        cmocka_unit_test(double_quoted_python_key_accepted),
        cmocka_unit_test(half_zero_pair_is_not_measured),
        cmocka_unit_test(missing_file_named),
        cmocka_unit_test(empty_file_rejected),
        cmocka_unit_test(truncated_json_rejected_with_line),
        cmocka_unit_test(top_level_not_object_rejected),
        cmocka_unit_test(empty_top_level_object_rejected),
        cmocka_unit_test(gpu_value_not_object_rejected),
        cmocka_unit_test(job_key_not_tuple_rejected),
        cmocka_unit_test(job_key_unquoted_name_rejected),
        cmocka_unit_test(job_key_empty_name_rejected),
        cmocka_unit_test(job_key_zero_scale_factor_rejected),
        cmocka_unit_test(job_key_non_numeric_scale_factor_rejected),
        cmocka_unit_test(job_key_negative_scale_factor_rejected),
        cmocka_unit_test(entry_not_object_rejected),
        cmocka_unit_test(missing_null_rejected),
        cmocka_unit_test(null_string_rejected),
        cmocka_unit_test(null_negative_rejected),
        cmocka_unit_test(null_json_null_rejected),
        cmocka_unit_test(null_pair_rejected),
        cmocka_unit_test(huge_number_rejected),
        cmocka_unit_test(pair_not_array_rejected),
        cmocka_unit_test(pair_of_three_rejected),
        cmocka_unit_test(pair_of_one_rejected),
        cmocka_unit_test(pair_negative_rejected),
        cmocka_unit_test(pair_string_rejected),
        cmocka_unit_test(pair_key_malformed_rejected),
        cmocka_unit_test(pair_other_scale_factor_rejected),
        cmocka_unit_test(duplicate_key_rejected),
        cmocka_unit_test(bad_entry_after_good_ones_named),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
