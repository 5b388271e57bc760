// Unit tests for core/node_pool: where a request would go, by the rule the
// shells place by (one node, best fit; else spread, most free first).
#include "cmocka_cpp.h"

#include <vector>

#include "core/node_pool.h"

using accord::core::AllocNode;
using accord::core::NodeMask;
using accord::core::NodePool;
using accord::core::NodeShare;
using accord::core::Shares;

namespace {

// Three nodes of 8 GPUs of one type, with 3 GPUs of node 0 taken.
NodePool three_nodes()
{
    NodePool pool(std::vector<AllocNode>(3, AllocNode{"rtx", 8}));
    pool.take({{0, 3}});
    return pool;
}

}  // namespace

// One node when one has room: the one with the fewest free GPUs that
// suffice, ties by node order.
static void one_node_by_best_fit(void **)
{
    NodePool pool = three_nodes();
    int rtx = pool.type_id("rtx");
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 4)), 0);  // 5 free beats 8
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 6)), 1);  // the first of the two with 8
    assert_false(pool.best_fit(rtx, 9).has_value());
    assert_int_equal(pool.type_id("v100"), -1);
}

// Spread: the nodes with the most free GPUs first, the last piece on the
// best-fitting node left.
static void spread_takes_the_emptiest_nodes_first(void **)
{
    NodePool pool = three_nodes();
    int rtx = pool.type_id("rtx");
    assert_true((pool.spread(rtx, 11) == Shares{{0, 3}, {1, 8}}));
    assert_true((pool.spread(rtx, 14) == Shares{{1, 8}, {2, 6}}));
    assert_true((pool.spread(rtx, 21) == Shares{{0, 5}, {1, 8}, {2, 8}}));
    assert_true(pool.spread(rtx, 22).empty());
}

// When no single node can hold the rest, spreading continues over nodes
// with fewer free GPUs (8, 1 and 1 free make 10).
static void spread_continues_over_small_holes(void **)
{
    NodePool pool(std::vector<AllocNode>(3, AllocNode{"a100", 8}));
    pool.take({{1, 7}, {2, 7}});
    int a100 = pool.type_id("a100");
    assert_true((pool.spread(a100, 10) == Shares{{0, 8}, {1, 1}, {2, 1}}));
}

// Taking and releasing GPUs moves a node between free counts and keeps the
// type's total.
static void take_and_release_track_free_gpus(void **)
{
    NodePool pool = three_nodes();
    int rtx = pool.type_id("rtx");
    assert_int_equal(pool.free_gpus(rtx), 21);
    pool.take({{1, 8}, {2, 2}});
    assert_int_equal(pool.free_gpus(rtx), 11);
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 6)), 2);
    pool.release({{1, 8}});
    assert_int_equal(pool.free_on(1), 8);
    assert_true((pool.place(rtx, 8) == Shares{{1, 8}}));
    assert_true((pool.place(rtx, 12) == Shares{{0, 4}, {1, 8}}));  // 4 left: node 0 (5 free) fits best
}

// A job confined to some nodes (AllocNode::node numbers them) is placed
// on those only; nodes the shell did not number are open to every job.
static void placement_keeps_to_the_allowed_nodes(void **)
{
    NodePool pool({AllocNode{"rtx", 8, 5}, AllocNode{"rtx", 8, 6}, AllocNode{"rtx", 4, -1}});
    pool.take({{0, 3}});
    int rtx = pool.type_id("rtx");
    NodeMask only_6 = {false, false, false, false, false, false, true};
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 5)), 0);
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 5, &only_6)), 1);
    assert_int_equal(static_cast<int>(*pool.best_fit(rtx, 4, &only_6)), 2);
    assert_int_equal(pool.free_gpus(rtx), 17);
    assert_int_equal(pool.free_gpus(rtx, &only_6), 12);
    assert_true((pool.spread(rtx, 12, &only_6) == Shares{{1, 8}, {2, 4}}));
    assert_true(pool.spread(rtx, 13, &only_6).empty());
    NodeMask none;  // shorter than the numbers: allows none of them
    assert_false(pool.best_fit(rtx, 5, &none).has_value());
    assert_true(pool.allows(&none, 2));
    assert_true(pool.allows(nullptr, 0));
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_node_by_best_fit),
        cmocka_unit_test(spread_takes_the_emptiest_nodes_first),
        cmocka_unit_test(spread_continues_over_small_holes),
        cmocka_unit_test(take_and_release_track_free_gpus),
        cmocka_unit_test(placement_keeps_to_the_allowed_nodes),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
