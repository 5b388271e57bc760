// Unit tests for contrib/sim/csv_table: the header-named CSV reader behind the
// Sia and Alibaba readers (hand-made files; the real ones are read by the
// readers' own tests).
#include "cmocka_cpp.h"

#include <cmath>
#include <string>
#include <vector>

#include "reader_test.h"
#include "sim/csv_table.h"
#include "sim/input_error.h"

using accord::sim::CsvTable;
using accord::test::write_file;

static CsvTable read_ok(const std::string &name, const std::string &text, const std::vector<std::string> &required)
{
    std::string path = write_file(name, text);
    try {
        return CsvTable::read(path, required);
    } catch (const accord::sim::InputError &e) {
        fail_msg("reading %s failed: %s", path.c_str(), e.what());
    }
    return CsvTable::read(path, required);  // not reached
}

static void expect_error(const std::string &name, const std::string &text, const std::vector<std::string> &required,
                         const std::vector<std::string> &parts)
{
    auto read = [&](const std::string &path) { CsvTable::read(path, required); };
    accord::test::expect_input_error(read, name, text, parts);
}

// The InputError a field accessor raises, naming file, line and field.
template <typename Access>
static std::string field_error(const Access &access)
{
    try {
        access();
    } catch (const accord::sim::InputError &e) {
        return e.what();
    }
    fail_msg("the field was accepted, expected an InputError");
    return "";
}

// ---- good files ---------------------------------------------------------------------

static void columns_found_by_name_in_any_order(void **)
{
    CsvTable t = read_ok("order.csv", "b,a\n2,1\n4,3\n", {"a", "b"});
    assert_int_equal(t.rows(), 2);
    assert_string_equal(t.text(0, "a").c_str(), "1");
    assert_string_equal(t.text(1, "b").c_str(), "4");
    assert_int_equal(t.line(1), 3);
}

static void crlf_and_trailing_blank_lines_accepted(void **)
{
    CsvTable t = read_ok("crlf.csv", "a,b\r\n1,2\r\n\r\n\n", {"a"});
    assert_int_equal(t.rows(), 1);
    assert_string_equal(t.text(0, "b").c_str(), "2");
}

static void header_only_has_no_rows(void **)
{
    CsvTable t = read_ok("header_only.csv", "a,b\n", {"a"});
    assert_int_equal(t.rows(), 0);
}

static void numbers_parsed_and_bounded(void **)
{
    CsvTable t = read_ok("numbers.csv", "x,n\n1.5e2,20.0\n-1,7\n", {"x", "n"});
    assert_true(std::fabs(t.number(0, "x", 0) - 150) < 1e-12);
    assert_int_equal(t.whole(0, "n", 1, 100), 20);  // pandas' "20.0"
    assert_int_equal(t.whole(1, "n", 1, 100), 7);
    assert_contains(field_error([&] { t.number(1, "x", 0); }), "numbers.csv:3: field 1 (x): '-1' must be >= 0");
    assert_contains(field_error([&] { t.whole(1, "n", 8, 100); }), "numbers.csv:3: field 2 (n): '7' must be in [8, 100]");
}

static void bad_numbers_named(void **)
{
    CsvTable t = read_ok("bad_numbers.csv", "x,n\nabc,2.5\ninf,-3\n", {"x", "n"});
    assert_contains(field_error([&] { t.number(0, "x", 0); }), "bad_numbers.csv:2: field 1 (x): 'abc' is not a number");
    assert_contains(field_error([&] { t.whole(0, "n", 0, 9); }), ":2: field 2 (n): '2.5' is not a whole number");
    assert_contains(field_error([&] { t.number(1, "x", 0); }), ":3: field 1 (x): 'inf' is not a number");
    assert_contains(field_error([&] { t.whole(1, "n", 0, 9); }), ":3: field 2 (n): '-3' must be in [0, 9]");
}

// ---- bad files ----------------------------------------------------------------------

static void missing_file_named(void **)
{
    std::string path = accord::test::g_tmpdir + "/absent.csv";
    assert_contains(accord::test::input_error_of([](const std::string &p) { CsvTable::read(p, {}); }, path), path);
}

static void empty_file_rejected(void **) { expect_error("empty.csv", "", {}, {"empty file"}); }

static void missing_column_rejected(void **)
{
    expect_error("no_b.csv", "a,c\n1,2\n", {"a", "b"}, {"no_b.csv:1: missing column 'b'"});
}

static void column_named_twice_rejected(void **)
{
    expect_error("twice.csv", "a,a\n1,2\n", {"a"}, {"twice.csv:1: column 'a' named twice"});
}

static void field_count_mismatch_rejected(void **)
{
    expect_error("short.csv", "a,b\n1,2\n3\n", {"a"}, {"short.csv:3: expected 2 comma-separated fields", "found 1"});
    expect_error("long.csv", "a,b\n1,2,3\n", {"a"}, {"long.csv:2:", "found 3"});
}

static void blank_line_mid_file_rejected(void **)
{
    expect_error("blank.csv", "a\n1\n\n2\n", {"a"}, {"blank.csv:3: blank line"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(columns_found_by_name_in_any_order),
        cmocka_unit_test(crlf_and_trailing_blank_lines_accepted),
        cmocka_unit_test(header_only_has_no_rows),
        cmocka_unit_test(numbers_parsed_and_bounded),
        cmocka_unit_test(bad_numbers_named),
        cmocka_unit_test(missing_file_named),
        cmocka_unit_test(empty_file_rejected),
        cmocka_unit_test(missing_column_rejected),
        cmocka_unit_test(column_named_twice_rejected),
        cmocka_unit_test(field_count_mismatch_rejected),
        cmocka_unit_test(blank_line_mid_file_rejected),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
