// Unit tests for core/rewrite_record: the record a rewrite keeps with a
// job, read back exactly or refused with what is wrong, and when a pending
// job gets the request its user submitted back.
#include "cmocka_cpp.h"

#include <string>

#include "core/rewrite_record.h"

using namespace accord::core;

static GpuRequestForms per_node(const std::string &tres)
{
    GpuRequestForms f;
    f.per_node = tres;
    return f;
}

static void forms_are_read_back_as_written(void **)
{
    GpuRequestForms f{"gres:gpu:8", "gres:gpu:a100:2,gres:shard:1", "", "gres:gpu:1"};
    std::string text = encode_forms(f);
    assert_string_equal(text.c_str(), "gres:gpu:8;gres:gpu:a100:2,gres:shard:1;;gres:gpu:1");
    std::string error;
    auto back = decode_forms(text, error);
    assert_true(back.has_value());
    assert_true(*back == f);
    auto empty = decode_forms(";;;", error);
    assert_true(empty && *empty == GpuRequestForms{});
}

static void a_bad_record_is_refused_naming_what_is_wrong(void **)
{
    std::string error;
    assert_false(decode_forms("gres:gpu:2;;", error).has_value());
    assert_string_equal(error.c_str(), "fewer than 4 fields");
    assert_false(decode_forms(";;;;", error).has_value());
    assert_string_equal(error.c_str(), "more than 4 fields");
    assert_false(decode_forms(";gres:gpu:2 x;;", error).has_value());
    assert_string_equal(error.c_str(), "a character no GPU request has");
    assert_false(decode_forms(";gres:gpu:2=;;", error).has_value());
    std::string longest(kMaxTresFormLength, 'g');
    assert_true(decode_forms(";" + longest + ";;", error).has_value());
    assert_false(decode_forms(";" + longest + "g;;", error).has_value());
    assert_string_equal(error.c_str(), "a form longer than 1024 characters");
}

static void a_job_still_asking_for_the_choice_gets_its_request_back(void **)
{
    RewriteRecord r{per_node("gres:gpu:2"), per_node("gres:gpu:a100:4")};
    assert_true(back_to_submitted(r, per_node("gres:gpu:a100:4")));
    // Already back (restored, or never left), or changed by its user since.
    assert_false(back_to_submitted(r, per_node("gres:gpu:2")));
    assert_false(back_to_submitted(r, per_node("gres:gpu:v100:1")));
    GpuRequestForms moved;
    moved.per_job = "gres:gpu:a100:4";
    assert_false(back_to_submitted(r, moved));
    // A rewrite that changed nothing has nothing to give back.
    RewriteRecord same{per_node("gres:gpu:a100:4"), per_node("gres:gpu:a100:4")};
    assert_false(back_to_submitted(same, per_node("gres:gpu:a100:4")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms_are_read_back_as_written),
        cmocka_unit_test(a_bad_record_is_refused_naming_what_is_wrong),
        cmocka_unit_test(a_job_still_asking_for_the_choice_gets_its_request_back),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
