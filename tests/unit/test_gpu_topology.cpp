// Unit tests for core/gpu_topology (links, validation, the closest GPUs)
// and core/gpu_closeness (per node, in one cycle).
#include "cmocka_cpp.h"

#include <stdexcept>
#include <vector>

#include "core/gpu_closeness.h"
#include "core/gpu_topology.h"
#include "core/gpu_topology_text.h"
#include "snapshot_builder.h"

using accord::core::GpuCloseness;
using accord::core::gpus_text;
using accord::core::links_from_text;
using accord::core::links_text;
using namespace accord::test;

using Ids = std::vector<int>;
using Links = std::vector<std::vector<GpuLink>>;

static const GpuLink S = GpuLink::Same, P = GpuLink::PciSwitch, H = GpuLink::HostBridge, N = GpuLink::NumaNode,
                     M = GpuLink::Machine;

static void assert_ids(const Ids &got, const Ids &want)
{
    if (got != want) {
        std::string g, w;
        for (int i : got)
            g += std::to_string(i) + " ";
        for (int i : want)
            w += std::to_string(i) + " ";
        fail_msg("got [%s], want [%s]", g.c_str(), w.c_str());
    }
}

static void assert_rejected(Links links, const std::string &why)
{
    try {
        GpuTopology t(std::move(links));
        fail_msg("accepted a topology that should fail with \"%s\"", why.c_str());
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), why);
    }
}

// ---- validation ---------------------------------------------------------------

static void accepts_a_hierarchy(void **)
{
    GpuTopology t({{S, P, M}, {P, S, M}, {M, M, S}});
    assert_int_equal(t.gpus(), 3);
    assert_true(t.link(0, 1) == P);
    assert_true(t.link(2, 0) == M);
}

static void rejects_an_empty_topology(void **) { assert_rejected({}, "1 to 128 GPUs, not 0"); }

static void rejects_too_many_gpus(void **)
{
    Links links(129, std::vector<GpuLink>(129, M));
    assert_rejected(links, "not 129");
}

static void rejects_a_ragged_matrix(void **) { assert_rejected({{S, P}, {P}}, "row 1 has 1 links, not 2"); }

static void rejects_a_gpu_not_same_as_itself(void **)
{
    assert_rejected({{S, P}, {P, P}}, "GPU 1 is not the same as itself");
}

static void rejects_two_gpus_linked_as_one(void **)
{
    assert_rejected({{S, S}, {S, S}}, "GPUs 0 and 1 are linked as one GPU");
}

static void rejects_an_asymmetric_matrix(void **)
{
    assert_rejected({{S, P}, {H, S}}, "GPUs 1 and 0 differs by direction");
}

static void rejects_a_link_out_of_range(void **)
{
    assert_rejected({{S, static_cast<GpuLink>(9)}, {static_cast<GpuLink>(9), S}}, "unknown link between GPUs 0 and 1");
}

static void rejects_links_that_are_no_hierarchy(void **)
{
    // 0-1 and 1-2 share a switch, but 0-2 meet only at the machine.
    assert_rejected({{S, P, M}, {P, S, P}, {M, P, S}}, "not a hierarchy: GPUs 0 and 2");
}

// ---- span and closest ---------------------------------------------------------

static void span_is_the_farthest_link(void **)
{
    auto t = switch_topology({0, 0, 1, 1});
    assert_true(t->span({2}) == S);
    assert_true(t->span({0, 1}) == P);
    assert_true(t->span({0, 1, 3}) == H);
}

static void closest_prefers_a_switch_with_enough_free_gpus(void **)
{
    auto t = switch_topology({0, 0, 1, 1});
    assert_ids(t->closest({0, 2, 3}, 2), {2, 3});
}

static void closest_takes_the_tightest_group_that_suffices(void **)
{
    // Switches {0,1,2} and {3,4}: two GPUs from the smaller group keep the
    // larger one for a larger job.
    auto t = switch_topology({0, 0, 0, 1, 1});
    assert_ids(t->closest({0, 1, 2, 3, 4}, 2), {3, 4});
}

static void closest_single_gpu_is_the_most_isolated(void **)
{
    auto t = switch_topology({0, 0, 1, 1});
    assert_ids(t->closest({0, 1, 2}, 1), {2});
}

static void closest_spans_groups_taking_lone_gpus_first(void **)
{
    // Free: {0,1} on one switch, {2} alone, {4} alone: three GPUs must
    // cross switches; the lone ones go first and 0 completes them.
    auto t = switch_topology({0, 0, 1, 1, 2, 2});
    assert_ids(t->closest({0, 1, 2, 4}, 3), {0, 2, 4});
}

static void closest_of_too_few_is_empty(void **)
{
    auto t = switch_topology({0, 0, 1, 1});
    assert_true(t->closest({0, 1}, 3).empty());
    assert_true(t->closest({0, 1}, 0).empty());
}

static void text_names_node_gpus_and_link(void **)
{
    assert_string_equal(gpus_text("a100-2", {2, 3}, P).c_str(), "a100-2 GPUs 2,3: same PCIe switch");
    assert_string_equal(gpus_text("n", {0, 5}, M).c_str(), "n GPUs 0,5: across packages");
    assert_string_equal(gpus_text("n", {0, 1}, N).c_str(), "n GPUs 0,1: same NUMA node");
}

// ---- text form ------------------------------------------------------------------

static void text_form_round_trips(void **)
{
    auto t = switch_topology({0, 0, 1, 1});
    assert_string_equal(links_text(*t).c_str(), "4 0122/1022/2201/2210");
    GpuTopology back = links_from_text("4 0122/1022/2201/2210");
    assert_int_equal(back.gpus(), 4);
    assert_true(back.link(0, 1) == P);
    assert_true(back.link(3, 0) == H);
    assert_int_equal(links_from_text("1 0").gpus(), 1);
}

static void assert_text_rejected(const char *text, const std::string &why)
{
    try {
        links_from_text(text);
        fail_msg("accepted \"%s\"", text);
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), why);
    }
}

static void text_form_rejects_malformed_lines(void **)
{
    assert_text_rejected("", "expected a GPU count");
    assert_text_rejected("x 01/10", "expected a GPU count");
    assert_text_rejected("2", "expected a GPU count");
    assert_text_rejected("02 01/10", "no leading zeros");
    assert_text_rejected("2 01/1", "row 1 has 1 links, not 2");
    assert_text_rejected("2 01", "row 1 has 0 links, not 2");
    assert_text_rejected("2 01/10/01", "more than 2 rows");
    assert_text_rejected("2 01/10/", "a '/' ends the rows");
    assert_text_rejected("2 09/90", "not 0-5");
    assert_text_rejected("2 02/10", "differs by direction");
    assert_text_rejected("0 ", "1 to 128 GPUs, not 0");
}

// ---- GpuCloseness ---------------------------------------------------------------

static void closeness_of_free_gpus_by_type(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 1000, {{"a100", 4}});
    b.set_gpus(n, "a100", 4, {1, 2}, switch_topology({0, 0, 1, 1}));
    GpuCloseness c(b.get().nodes);
    assert_true(c.any());
    assert_true(c.closest(n, "a100", 1) == S);
    assert_true(c.closest(n, "a100", 2) == H);  // free 0 and 3
    assert_true(c.closest(n, "a100", 3) == M);  // only two free
    assert_true(c.closest(n, "t4", 2) == M);
}

static void closeness_unknown_without_topology(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 1000, {{"a100", 4}});
    b.set_gpus(n, "a100", 4, {}, nullptr);
    GpuCloseness c(b.get().nodes);
    assert_false(c.any());
    assert_true(c.closest(n, "a100", 2) == M);
    assert_true(c.closest(n, "a100", 1) == S);
}

static void closeness_ignores_topology_of_another_gpu_count(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 1000, {{"a100", 4}});
    b.set_gpus(n, "a100", 4, {}, switch_topology({0, 0}));
    GpuCloseness c(b.get().nodes);
    assert_false(c.any());
    assert_true(c.closest(n, "a100", 2) == M);
}

static void closeness_take_removes_the_closest(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 1000, {{"a100", 6}});
    b.set_gpus(n, "a100", 6, {2, 5}, switch_topology({0, 0, 1, 1, 2, 2}));
    GpuCloseness c(b.get().nodes);
    assert_true(c.closest(n, "a100", 2) == P);  // 0 and 1
    c.take(n, "a100", 2);
    assert_true(c.closest(n, "a100", 2) == H);  // 3 and 4 are left
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepts_a_hierarchy),
        cmocka_unit_test(rejects_an_empty_topology),
        cmocka_unit_test(rejects_too_many_gpus),
        cmocka_unit_test(rejects_a_ragged_matrix),
        cmocka_unit_test(rejects_a_gpu_not_same_as_itself),
        cmocka_unit_test(rejects_two_gpus_linked_as_one),
        cmocka_unit_test(rejects_an_asymmetric_matrix),
        cmocka_unit_test(rejects_a_link_out_of_range),
        cmocka_unit_test(rejects_links_that_are_no_hierarchy),
        cmocka_unit_test(span_is_the_farthest_link),
        cmocka_unit_test(closest_prefers_a_switch_with_enough_free_gpus),
        cmocka_unit_test(closest_takes_the_tightest_group_that_suffices),
        cmocka_unit_test(closest_single_gpu_is_the_most_isolated),
        cmocka_unit_test(closest_spans_groups_taking_lone_gpus_first),
        cmocka_unit_test(closest_of_too_few_is_empty),
        cmocka_unit_test(text_names_node_gpus_and_link),
        cmocka_unit_test(text_form_round_trips),
        cmocka_unit_test(text_form_rejects_malformed_lines),
        cmocka_unit_test(closeness_of_free_gpus_by_type),
        cmocka_unit_test(closeness_unknown_without_topology),
        cmocka_unit_test(closeness_ignores_topology_of_another_gpu_count),
        cmocka_unit_test(closeness_take_removes_the_closest),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
