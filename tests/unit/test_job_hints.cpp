// Unit tests for core/job_hints: reading a job's hints from its SPANK
// job-control environment. Every rule: which entries are hints, that each
// value is checked again, how GPU types and a count range are judged against
// the job's request, the cluster's types and its limits, and that whatever
// is left out or cut is said in hint_note (short, however big the input).
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "core/job_hints.h"
#include "snapshot_builder.h"

using accord::core::apply_hints;
using accord::core::GpuLimit;
using namespace accord::test;

using Entries = std::vector<std::string>;

// Two a100 nodes with 8 GPUs, one v100 node with 4, one CPU node.
static SnapshotBuilder cluster()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_node("a100-2", 64, 512000, {{"a100", 8}});
    b.add_node("v100-1", 32, 256000, {{"v100", 4}});
    b.add_node("cpu-1", 32, 256000);
    return b;
}

// A pending job on `b`'s nodes asking for `gpus` (per node, one node),
// with `entries` applied under `limit`.
static PendingJob hinted(const Entries &entries, GpuRequest gpus = {"", 2}, const GpuLimit &limit = {})
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 1, gpus);
    apply_hints(entries, limit, b.get().nodes, job);
    return job;
}

static void assert_no_note(const PendingJob &job)
{
    if (!job.hint_note.empty())
        fail_msg("unexpected note: %s", job.hint_note.c_str());
}

// ---- which entries are hints ------------------------------------------------------

static void no_entries_change_nothing(void **)
{
    PendingJob job = hinted({});
    assert_true(job.family.empty());
    assert_true(job.accepted_types.empty());
    assert_int_equal(job.gpu_count_max, 0);
    assert_no_note(job);
}

static void entries_without_accord_prefix_are_skipped(void **)
{
    PendingJob job = hinted({"_SLURM_SPANK_OPTION_accord_accord_model=x y", "FOO=1", "SPANK_ACCORD_MODEL=bert"});
    assert_true(job.family.empty());
    assert_no_note(job);
}

static void valid_model_sets_family(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL=resnet50"});
    assert_string_equal(job.family.c_str(), "resnet50");
    assert_no_note(job);
}

static void invalid_model_is_ignored_and_named(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL=res net"});
    assert_true(job.family.empty());
    assert_contains(job.hint_note, "ignored ACCORD_MODEL: 'res net' has the character ' '; accepted: ");
}

static void entry_without_value_is_ignored(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL"});
    assert_true(job.family.empty());
    assert_contains(job.hint_note, "ignored ACCORD_MODEL: '' is empty");
}

static void hint_given_twice_is_ignored(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL=bert", "ACCORD_MODEL=resnet50"});
    assert_true(job.family.empty());
    assert_contains(job.hint_note, "ignored ACCORD_MODEL: given twice");
}

static void unknown_accord_variables_are_noted_once(void **)
{
    Entries entries = {"ACCORD_MODEL=bert"};
    for (int i = 0; i < 500; i++)
        entries.push_back("ACCORD_X" + std::to_string(1000 + i) + "=1");
    PendingJob job = hinted(entries);
    assert_string_equal(job.family.c_str(), "bert");
    assert_string_equal(job.hint_note.c_str(), "ignored 500 unknown ACCORD_ variable(s), first ACCORD_X1000");
}

static void oversized_value_gives_a_short_note(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=" + std::string(100000, 'a')});
    assert_true(job.accepted_types.empty());
    assert_contains(job.hint_note, "ignored ACCORD_GPU_TYPES: ");
    assert_true(job.hint_note.size() < 300);
}

// ---- GPU types ------------------------------------------------------------------

static void types_accepted_for_typeless_request(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=v100,a100"});
    assert_true((job.accepted_types == std::vector<std::string>{"v100", "a100"}));
    assert_no_note(job);
}

static void invalid_types_are_ignored_and_named(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=a100,,v100"});
    assert_true(job.accepted_types.empty());
    assert_contains(job.hint_note, "ignored ACCORD_GPU_TYPES: 'a100,,v100' has a type name that is empty");
}

static void types_ignored_for_job_without_gpus(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=v100"}, {});
    assert_true(job.accepted_types.empty());
    assert_contains(job.hint_note, "ignored ACCORD_GPU_TYPES: the job asks for no GPUs");
}

static void types_holding_the_named_type_are_kept(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=v100,a100"}, {"a100", 2});
    assert_true((job.accepted_types == std::vector<std::string>{"v100", "a100"}));
    assert_no_note(job);
}

static void types_leaving_out_the_named_type_are_ignored(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=v100"}, {"a100", 2});
    assert_true(job.accepted_types.empty());
    assert_string_equal(job.gpus.type.c_str(), "a100");
    assert_contains(job.hint_note, "ignored ACCORD_GPU_TYPES: the job's request names gpu:a100, which wins");
}

static void types_no_allowed_node_has_are_kept_and_noted(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=h100,v100,b200"});
    assert_true((job.accepted_types == std::vector<std::string>{"h100", "v100", "b200"}));
    assert_string_equal(job.hint_note.c_str(), "no allowed node has GPU type h100,b200");
}

static void types_only_other_partitions_have_are_noted(void **)
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 1, {"", 2});
    job.allowed_nodes = {b.node("v100-1")};
    apply_hints({"ACCORD_GPU_TYPES=a100,v100"}, {}, b.get().nodes, job);
    assert_string_equal(job.hint_note.c_str(), "no allowed node has GPU type a100");
}

// ---- GPU count range ------------------------------------------------------------

static void range_holding_the_request_is_recorded(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=1-4"});
    assert_int_equal(job.gpu_count_min, 1);
    assert_int_equal(job.gpu_count_max, 4);
    assert_int_equal(job.gpus.per_node, 2);  // the request itself is left alone
    assert_no_note(job);
}

static void invalid_range_is_ignored_and_named(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=0-5000"});
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: '0-5000' asks for fewer than 1 GPU; accepted: ");
}

static void range_ignored_for_job_without_gpus(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=1-4"}, {});
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: the job asks for no GPUs");
}

// Slurm gives each type its own count: there is no one count to choose.
static void range_ignored_for_request_of_several_types(void **)
{
    GpuRequest gpus{"a100", 2};
    gpus.more_types = {GpuPart{"v100", 1, 0}};
    PendingJob job = hinted({"ACCORD_GPUS=1-4"}, gpus);
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: the job's request names several GPU types");
}

static void range_leaving_out_the_request_is_ignored(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=4-8"});
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: 4-8 leaves out the 2 GPUs the job asks for");
}

static void request_over_several_nodes_counts_in_all(void **)
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 2, {"a100", 4});
    job.min_nodes = job.max_nodes = 2;
    apply_hints({"ACCORD_GPUS=8-16"}, {}, b.get().nodes, job);
    assert_int_equal(job.gpu_count_min, 8);
    assert_int_equal(job.gpu_count_max, 16);
    assert_no_note(job);
}

static void range_is_cut_to_the_limit(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=2-8"}, {"", 2}, {4, "QOS normal MaxTRESPerJob"});
    assert_int_equal(job.gpu_count_min, 2);
    assert_int_equal(job.gpu_count_max, 4);
    assert_contains(job.hint_note, "ACCORD_GPUS 2-8 cut to 2-4 by QOS normal MaxTRESPerJob");
}

static void range_above_the_limit_is_ignored(void **)
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 1, {"", 6});
    apply_hints({"ACCORD_GPUS=6-8"}, {4, "account gpu4 GrpTRES"}, b.get().nodes, job);
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: 6-8 is above the 4 GPUs of account gpu4 GrpTRES");
}

static void range_is_cut_to_what_one_type_on_max_nodes_holds(void **)
{
    // One node at most: 8 a100 GPUs is the most any single node has.
    PendingJob job = hinted({"ACCORD_GPUS=2-64"});
    assert_int_equal(job.gpu_count_max, 8);
    assert_contains(job.hint_note, "cut to 2-8 by its allowed nodes");
}

static void node_bound_adds_up_to_max_nodes(void **)
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 1, {"", 0});
    job.gpus.per_job = 2;
    job.max_nodes = 3;
    apply_hints({"ACCORD_GPUS=2-64"}, {}, b.get().nodes, job);
    assert_int_equal(job.gpu_count_max, 16);  // both a100 nodes; types are not mixed
}

static void node_bound_counts_only_accepted_types(void **)
{
    PendingJob job = hinted({"ACCORD_GPU_TYPES=v100", "ACCORD_GPUS=2-64"});
    assert_int_equal(job.gpu_count_max, 4);
}

static void node_bound_counts_only_allowed_nodes(void **)
{
    SnapshotBuilder b = cluster();
    PendingJob job = b.add_pending(10, 1, {"", 2});
    job.allowed_nodes = {b.node("v100-1")};
    apply_hints({"ACCORD_GPUS=2-64"}, {}, b.get().nodes, job);
    assert_int_equal(job.gpu_count_max, 4);
}

static void tighter_of_limit_and_nodes_is_named(void **)
{
    PendingJob job = hinted({"ACCORD_GPUS=2-64"}, {"", 2}, {6, "QOS normal GrpTRES"});
    assert_int_equal(job.gpu_count_max, 6);
    assert_contains(job.hint_note, "by QOS normal GrpTRES");
}

static void all_three_hints_apply_together(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL=bert", "ACCORD_GPU_TYPES=a100", "ACCORD_GPUS=2"});
    assert_string_equal(job.family.c_str(), "bert");
    assert_true((job.accepted_types == std::vector<std::string>{"a100"}));
    assert_int_equal(job.gpu_count_min, 2);
    assert_int_equal(job.gpu_count_max, 2);
    assert_no_note(job);
}

static void one_bad_hint_leaves_the_others(void **)
{
    PendingJob job = hinted({"ACCORD_MODEL=bert", "ACCORD_GPUS=banana", "ACCORD_GPU_TYPES=v100"});
    assert_string_equal(job.family.c_str(), "bert");
    assert_true((job.accepted_types == std::vector<std::string>{"v100"}));
    assert_int_equal(job.gpu_count_max, 0);
    assert_contains(job.hint_note, "ignored ACCORD_GPUS: 'banana' is not N or MIN-MAX");
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_entries_change_nothing),
        cmocka_unit_test(entries_without_accord_prefix_are_skipped),
        cmocka_unit_test(valid_model_sets_family),
        cmocka_unit_test(invalid_model_is_ignored_and_named),
        cmocka_unit_test(entry_without_value_is_ignored),
        cmocka_unit_test(hint_given_twice_is_ignored),
        cmocka_unit_test(unknown_accord_variables_are_noted_once),
        cmocka_unit_test(oversized_value_gives_a_short_note),
        cmocka_unit_test(types_accepted_for_typeless_request),
        cmocka_unit_test(invalid_types_are_ignored_and_named),
        cmocka_unit_test(types_ignored_for_job_without_gpus),
        cmocka_unit_test(types_holding_the_named_type_are_kept),
        cmocka_unit_test(types_leaving_out_the_named_type_are_ignored),
        cmocka_unit_test(types_no_allowed_node_has_are_kept_and_noted),
        cmocka_unit_test(types_only_other_partitions_have_are_noted),
        cmocka_unit_test(range_holding_the_request_is_recorded),
        cmocka_unit_test(invalid_range_is_ignored_and_named),
        cmocka_unit_test(range_ignored_for_job_without_gpus),
        cmocka_unit_test(range_ignored_for_request_of_several_types),
        cmocka_unit_test(range_leaving_out_the_request_is_ignored),
        cmocka_unit_test(request_over_several_nodes_counts_in_all),
        cmocka_unit_test(range_is_cut_to_the_limit),
        cmocka_unit_test(range_above_the_limit_is_ignored),
        cmocka_unit_test(range_is_cut_to_what_one_type_on_max_nodes_holds),
        cmocka_unit_test(node_bound_adds_up_to_max_nodes),
        cmocka_unit_test(node_bound_counts_only_accepted_types),
        cmocka_unit_test(node_bound_counts_only_allowed_nodes),
        cmocka_unit_test(tighter_of_limit_and_nodes_is_named),
        cmocka_unit_test(all_three_hints_apply_together),
        cmocka_unit_test(one_bad_hint_leaves_the_others),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
