// Unit tests for core/typed_nodes: a node list's nodes with GPUs of a type.
#include "cmocka_cpp.h"

#include <vector>

#include "core/typed_nodes.h"
#include "snapshot_builder.h"

using accord::core::TypedNodes;
using namespace accord::test;

static SnapshotBuilder mixed_nodes()
{
    SnapshotBuilder b;
    b.add_node("a0", 64, 512000, {{"a100", 8}});
    b.add_node("t0", 64, 512000, {{"t4", 4}});
    b.add_node("cpu", 64, 512000);
    b.add_node("mix", 64, 512000, {{"a100", 2}, {"t4", 2}});
    return b;
}

static void keeps_the_lists_order_and_only_nodes_of_the_type(void **)
{
    SnapshotBuilder b = mixed_nodes();
    TypedNodes typed(b.get().nodes);
    std::vector<int> list = {3, 2, 1, 0};
    assert_true(typed.of(0, list, "a100") == std::vector<int>({3, 0}));
    assert_true(typed.of(0, list, "t4") == std::vector<int>({3, 1}));
    assert_true(typed.of(0, list, "v100").empty());
}

// The number names the list: a second list under a new number gets its own.
static void each_numbered_list_has_its_own_nodes(void **)
{
    SnapshotBuilder b = mixed_nodes();
    TypedNodes typed(b.get().nodes);
    assert_true(typed.of(0, {0, 1}, "a100") == std::vector<int>({0}));
    assert_true(typed.of(1, {1, 3}, "a100") == std::vector<int>({3}));
    assert_true(typed.of(0, {0, 1}, "a100") == std::vector<int>({0}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keeps_the_lists_order_and_only_nodes_of_the_type),
        cmocka_unit_test(each_numbered_list_has_its_own_nodes),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
