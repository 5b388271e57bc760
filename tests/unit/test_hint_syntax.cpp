// Unit tests for spank/hint_syntax: what --accord-model, --accord-gpu-types
// and --accord-gpus accept, and that every refusal quotes the value (cut
// and made printable) and says what is accepted.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "spank/hint_syntax.h"

using namespace accord::hints;

// Fails unless `checked` is refused with an error holding `why` and the
// hint's `syntax`.
template <typename T>
static void assert_refused(const Checked<T> &checked, const std::string &why, const char *syntax)
{
    assert_false(checked.value.has_value());
    assert_contains(checked.error, why);
    assert_contains(checked.error, std::string("accepted: ") + syntax);
}

static void assert_types(const std::string &text, const std::vector<std::string> &want)
{
    auto checked = check_gpu_types(text);
    if (!checked.value)
        fail_msg("'%s' refused: %s", text.c_str(), checked.error.c_str());
    assert_true(*checked.value == want);
    assert_true(checked.error.empty());
}

static void assert_range(const std::string &text, int min, int max)
{
    auto checked = check_gpus(text);
    if (!checked.value)
        fail_msg("'%s' refused: %s", text.c_str(), checked.error.c_str());
    assert_int_equal(checked.value->min, min);
    assert_int_equal(checked.value->max, max);
}

// ---- model family -------------------------------------------------------------

static void model_accepts_every_allowed_character(void **)
{
    auto checked = check_model("ResNet-50_v1.5+bn");
    assert_true(checked.value.has_value());
    assert_string_equal(checked.value->c_str(), "ResNet-50_v1.5+bn");
}

static void model_of_64_characters_accepted_65_refused(void **)
{
    assert_true(check_model(std::string(64, 'a')).value.has_value());
    assert_refused(check_model(std::string(65, 'a')), "longer than 64 characters", kModelSyntax);
}

static void model_empty_refused(void **)
{
    assert_refused(check_model(""), "'' is empty", kModelSyntax);
}

static void model_with_space_refused_naming_the_character(void **)
{
    assert_refused(check_model("resnet 50"), "'resnet 50' has the character ' '", kModelSyntax);
}

static void model_with_separators_refused(void **)
{
    for (const char *text : {"a:b", "a,b", "a/b", "a=b", "a;b"})
        assert_refused(check_model(text), "has the character", kModelSyntax);
}

static void model_with_non_ascii_refused_shown_as_question_mark(void **)
{
    assert_refused(check_model("r\xc3\xa9snet"), "has the character '?'", kModelSyntax);
    assert_refused(check_model(std::string("a\nb")), "'a?b'", kModelSyntax);
}

// ---- GPU types ------------------------------------------------------------------

static void one_type_accepted(void **)
{
    assert_types("a100", {"a100"});
}

static void types_keep_their_order(void **)
{
    assert_types("v100,a100,nvidia_a100_3g.20gb,A100-SXM4", {"v100", "a100", "nvidia_a100_3g.20gb", "A100-SXM4"});
}

static void empty_type_names_refused(void **)
{
    for (const char *text : {"", ",", ",a100", "a100,", "a100,,v100"})
        assert_refused(check_gpu_types(text), "has a type name that is empty", kGpuTypesSyntax);
}

static void type_with_plus_or_colon_refused(void **)
{
    assert_refused(check_gpu_types("a100,v+100"), "has the character '+'", kGpuTypesSyntax);
    assert_refused(check_gpu_types("gpu:a100"), "has the character ':'", kGpuTypesSyntax);
    assert_refused(check_gpu_types("a100 v100"), "has the character ' '", kGpuTypesSyntax);
}

static void type_named_twice_refused(void **)
{
    assert_refused(check_gpu_types("a100,v100,a100"), "names a100 twice", kGpuTypesSyntax);
}

static void sixteen_types_accepted_seventeen_refused(void **)
{
    std::string text;
    std::vector<std::string> want;
    for (int i = 0; i < 16; i++) {
        want.push_back("t" + std::to_string(i));
        text += (i ? "," : "") + want.back();
    }
    assert_types(text, want);
    assert_refused(check_gpu_types(text + ",t16"), "names more than 16 types", kGpuTypesSyntax);
}

static void type_of_65_characters_refused(void **)
{
    assert_types(std::string(64, 'a'), {std::string(64, 'a')});
    assert_refused(check_gpu_types("a100," + std::string(65, 'b')), "longer than 64 characters", kGpuTypesSyntax);
}

static void oversized_types_refused_as_too_long(void **)
{
    assert_refused(check_gpu_types(std::string(100000, 'a')), "is too long", kGpuTypesSyntax);
}

// ---- GPU count range ------------------------------------------------------------

static void single_count_is_a_range_of_one(void **)
{
    assert_range("4", 4, 4);
}

static void min_max_range_accepted(void **)
{
    assert_range("2-8", 2, 8);
    assert_range("3-3", 3, 3);
}

static void bounds_one_and_1024_accepted(void **)
{
    assert_range("1-1024", 1, 1024);
    assert_range("1024", 1024, 1024);
}

static void zero_refused(void **)
{
    assert_refused(check_gpus("0"), "fewer than 1 GPU", kGpusSyntax);
    assert_refused(check_gpus("0-4"), "fewer than 1 GPU", kGpusSyntax);
}

static void min_above_max_refused(void **)
{
    assert_refused(check_gpus("8-2"), "'8-2' has MIN above MAX", kGpusSyntax);
}

static void above_1024_refused(void **)
{
    for (const char *text : {"1025", "1-1025", "99999", "1-99999999999999999999"})
        assert_refused(check_gpus(text), "more than 1024 GPUs", kGpusSyntax);
}

static void malformed_ranges_refused(void **)
{
    for (const char *text : {"", "-", "2-", "-3", "a", "2-3-4", " 4", "4 ", "+4", "2..4", "02", "1-08", "4x"})
        assert_refused(check_gpus(text), "is not N or MIN-MAX", kGpusSyntax);
}

// ---- shown ------------------------------------------------------------------------

static void shown_keeps_short_printable_text(void **)
{
    assert_string_equal(shown("resnet50").c_str(), "resnet50");
}

static void shown_cuts_at_32_characters(void **)
{
    assert_string_equal(shown(std::string(40, 'x')).c_str(), (std::string(32, 'x') + "...").c_str());
}

static void shown_replaces_unprintable_characters(void **)
{
    assert_string_equal(shown(std::string("a\tb\x7f\xff", 5)).c_str(), "a?b??");
}

static void refusal_quotes_oversized_value_cut(void **)
{
    auto checked = check_model(std::string(5000, 'z'));
    assert_contains(checked.error, "'" + std::string(32, 'z') + "...'");
    assert_true(checked.error.size() < 200);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(model_accepts_every_allowed_character),
        cmocka_unit_test(model_of_64_characters_accepted_65_refused),
        cmocka_unit_test(model_empty_refused),
        cmocka_unit_test(model_with_space_refused_naming_the_character),
        cmocka_unit_test(model_with_separators_refused),
        cmocka_unit_test(model_with_non_ascii_refused_shown_as_question_mark),
        cmocka_unit_test(one_type_accepted),
        cmocka_unit_test(types_keep_their_order),
        cmocka_unit_test(empty_type_names_refused),
        cmocka_unit_test(type_with_plus_or_colon_refused),
        cmocka_unit_test(type_named_twice_refused),
        cmocka_unit_test(sixteen_types_accepted_seventeen_refused),
        cmocka_unit_test(type_of_65_characters_refused),
        cmocka_unit_test(oversized_types_refused_as_too_long),
        cmocka_unit_test(single_count_is_a_range_of_one),
        cmocka_unit_test(min_max_range_accepted),
        cmocka_unit_test(bounds_one_and_1024_accepted),
        cmocka_unit_test(zero_refused),
        cmocka_unit_test(min_above_max_refused),
        cmocka_unit_test(above_1024_refused),
        cmocka_unit_test(malformed_ranges_refused),
        cmocka_unit_test(shown_keeps_short_printable_text),
        cmocka_unit_test(shown_cuts_at_32_characters),
        cmocka_unit_test(shown_replaces_unprintable_characters),
        cmocka_unit_test(refusal_quotes_oversized_value_cut),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
