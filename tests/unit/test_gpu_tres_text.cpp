// Unit tests for plugin/slurm/gpu_tres_text: naming a GPU type in Slurm's
// TRES request strings, as the rewrite of a job's GPU request does, and
// writing them for SystemComment.
#include "cmocka_cpp.h"

#include <string>

#include "slurm/gpu_tres_text.h"

using accord::slurm::first_gpu_count;
using accord::slurm::gpu_items_text;
using accord::slurm::has_untyped_gpu;
using accord::slurm::with_gpu_count;
using accord::slurm::with_gpu_type;

static void untyped_count_gets_the_type(void **)
{
    assert_string_equal(with_gpu_type("gres:gpu:2", "a100").c_str(), "gres:gpu:a100:2");
}

static void bare_gpu_keeps_its_implicit_count(void **)
{
    assert_string_equal(with_gpu_type("gres:gpu", "t4").c_str(), "gres:gpu:t4");
}

static void typed_items_are_kept(void **)
{
    assert_string_equal(with_gpu_type("gres:gpu:v100:2", "a100").c_str(), "gres:gpu:v100:2");
    assert_string_equal(with_gpu_type("gres:gpu:v100", "a100").c_str(), "gres:gpu:v100");
}

static void count_replaces_the_count_of_every_gpu_item(void **)
{
    assert_string_equal(with_gpu_count("gres:gpu:2", 4).c_str(), "gres:gpu:4");
    assert_string_equal(with_gpu_count("gres:gpu", 3).c_str(), "gres:gpu:3");
    assert_string_equal(with_gpu_count("gres:gpu:a100:2", 1).c_str(), "gres:gpu:a100:1");
    assert_string_equal(with_gpu_count("gres:gpu:a100", 4).c_str(), "gres:gpu:a100:4");
}

static void count_keeps_other_gres(void **)
{
    assert_string_equal(with_gpu_count("gres:shard:1,gres:gpu:2,gres:gpuish:5", 4).c_str(),
                        "gres:shard:1,gres:gpu:4,gres:gpuish:5");
}

static void type_then_count_names_both(void **)
{
    assert_string_equal(with_gpu_count(with_gpu_type("gres:gpu:2", "a100"), 4).c_str(), "gres:gpu:a100:4");
}

static void other_gres_are_kept_in_place(void **)
{
    assert_string_equal(with_gpu_type("gres:shard:1,gres:gpu:4,gres:nic:1", "a100").c_str(),
                        "gres:shard:1,gres:gpu:a100:4,gres:nic:1");
}

static void names_starting_like_gpu_are_not_gpus(void **)
{
    assert_string_equal(with_gpu_type("gres:gpuext:2", "a100").c_str(), "gres:gpuext:2");
}

static void string_without_gpu_is_unchanged(void **)
{
    assert_string_equal(with_gpu_type("gres:shard:2", "a100").c_str(), "gres:shard:2");
    assert_string_equal(with_gpu_type("", "a100").c_str(), "");
}

static void count_with_suffix_is_a_count(void **)
{
    assert_string_equal(with_gpu_type("gres:gpu:1k", "a100").c_str(), "gres:gpu:a100:1k");
}

static void text_shows_gpu_items_with_their_unit(void **)
{
    assert_string_equal(gpu_items_text("gres:gpu:2", "/node").c_str(), "gpu:2/node");
    assert_string_equal(gpu_items_text("gres:shard:1,gres:gpu:a100:2", "/job").c_str(), "gpu:a100:2/job");
}

static void text_of_string_without_gpu_is_empty(void **)
{
    assert_string_equal(gpu_items_text("gres:shard:1", "/node").c_str(), "");
}

static void untyped_gpu_items_are_found(void **)
{
    assert_true(has_untyped_gpu("gres:gpu:2"));
    assert_true(has_untyped_gpu("gres:shard:1,gres:gpu"));
    assert_false(has_untyped_gpu("gres:gpu:a100:2"));
    assert_false(has_untyped_gpu("gres:gpuish:2,gres:shard:1"));
    assert_false(has_untyped_gpu(""));
}

static void first_gpu_count_is_read(void **)
{
    assert_int_equal(first_gpu_count("gres:gpu:4").value_or(-1), 4);
    assert_int_equal(first_gpu_count("gres:shard:2,gres:gpu:a100:8").value_or(-1), 8);
    assert_int_equal(first_gpu_count("gres:gpu").value_or(-1), 1);
    assert_int_equal(first_gpu_count("gres:gpu:a100").value_or(-1), 1);
    assert_false(first_gpu_count("gres:shard:2").has_value());
    assert_false(first_gpu_count("gres:gpu:a100:2k").has_value());
    assert_false(first_gpu_count("gres:gpu:a100:1:2").has_value());
    assert_false(first_gpu_count("gres:gpu:a100:9999999").has_value());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(count_replaces_the_count_of_every_gpu_item),
        cmocka_unit_test(count_keeps_other_gres),
        cmocka_unit_test(type_then_count_names_both),
        cmocka_unit_test(untyped_count_gets_the_type),
        cmocka_unit_test(bare_gpu_keeps_its_implicit_count),
        cmocka_unit_test(typed_items_are_kept),
        cmocka_unit_test(other_gres_are_kept_in_place),
        cmocka_unit_test(names_starting_like_gpu_are_not_gpus),
        cmocka_unit_test(string_without_gpu_is_unchanged),
        cmocka_unit_test(count_with_suffix_is_a_count),
        cmocka_unit_test(text_shows_gpu_items_with_their_unit),
        cmocka_unit_test(text_of_string_without_gpu_is_empty),
        cmocka_unit_test(untyped_gpu_items_are_found),
        cmocka_unit_test(first_gpu_count_is_read),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
