// Unit tests for core/node_set_gpus and core/gpus_by_node_set: a node
// list's GPUs by type, each node's count largest first (zero counts kept,
// nodes outside the list left out), and one summary per distinct list.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "core/gpus_by_node_set.h"
#include "core/node_set_gpus.h"

using namespace accord::core;

static Node gpu_node(const std::string &type, int count)
{
    Node n;
    n.capacity.gpus[type] = count;
    return n;
}

static std::vector<Node> cluster()
{
    // 0: v100 x2, 1: v100 x8, 2: k80 x4, 3: no GPUs, 4: v100 x0
    std::vector<Node> nodes{gpu_node("v100", 2), gpu_node("v100", 8), gpu_node("k80", 4), Node{},
                            gpu_node("v100", 0)};
    return nodes;
}

static void counts_by_type_largest_first(void **)
{
    std::vector<Node> nodes = cluster();
    NodeSetGpus on({0, 2, 1, 3, 4}, nodes);
    assert_int_equal(on.counts().size(), 2);
    assert_true(on.counts_of("v100") == (std::vector<int>{8, 2, 0}));
    assert_true(on.counts_of("k80") == (std::vector<int>{4}));
    assert_true(on.counts_of("a100").empty());
    assert_string_equal(on.counts().begin()->first.c_str(), "k80");  // in name order
}

static void totals_and_nodes_with_enough(void **)
{
    std::vector<Node> nodes = cluster();
    NodeSetGpus on({0, 2, 1, 3, 4}, nodes);
    assert_int_equal(on.total_of("v100"), 10);
    assert_int_equal(on.total_of("k80"), 4);
    assert_int_equal(on.total_of("a100"), 0);
    assert_int_equal(on.nodes_with("v100", 2), 2);
    assert_int_equal(on.nodes_with("v100", 3), 1);
    assert_int_equal(on.nodes_with("v100", 9), 0);
    assert_int_equal(on.nodes_with("v100", 0), 3);  // the node with none too
    assert_int_equal(on.nodes_with("a100", 1), 0);
}

static void only_listed_nodes_count(void **)
{
    std::vector<Node> nodes = cluster();
    NodeSetGpus on({0, 0, 3}, nodes);
    assert_true(on.counts_of("v100") == (std::vector<int>{2, 2}));  // listed twice, counted twice
    assert_true(on.counts_of("k80").empty());
}

static void one_summary_per_distinct_list(void **)
{
    std::vector<Node> nodes = cluster();
    GpusByNodeSet by_set(nodes);
    std::vector<int> a{0, 1}, b{2}, a_again{0, 1};
    assert_int_equal(by_set.number_of(a), 0);
    assert_int_equal(by_set.number_of(b), 1);
    assert_int_equal(by_set.number_of(a_again), 0);
    assert_true(by_set.gpus(0).counts_of("v100") == (std::vector<int>{8, 2}));
    assert_true(by_set.gpus_of(b).counts_of("k80") == (std::vector<int>{4}));
    assert_ptr_equal(&by_set.gpus_of(a_again), &by_set.gpus(0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_by_type_largest_first),
        cmocka_unit_test(totals_and_nodes_with_enough),
        cmocka_unit_test(only_listed_nodes_count),
        cmocka_unit_test(one_summary_per_distinct_list),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
