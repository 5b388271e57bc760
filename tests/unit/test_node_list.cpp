// Unit tests for core/node_list: a NodeList's copies share one list, equal
// lists compare equal however they were made, and NodeListPool gives equal
// lists one shared copy.
#include "cmocka_cpp.h"

#include <vector>

#include "core/node_list.h"

using accord::core::NodeList;
using accord::core::NodeListPool;

static void copies_share_one_list(void **)
{
    NodeList a{4, 5, 6};
    NodeList copy = a;
    assert_true(copy.shares_with(a));
    assert_ptr_equal(copy.storage(), a.storage());
    assert_true(copy == a);
    assert_int_equal(copy.size(), 3);
    assert_int_equal(copy[1], 5);
}

static void equal_lists_made_apart_are_equal_but_not_shared(void **)
{
    NodeList a{1, 2}, b(std::vector<int>{1, 2}), c{1, 3};
    assert_false(a.shares_with(b));
    assert_true(a == b);
    assert_false(a < b);
    assert_false(b < a);
    assert_true(a != c);
    assert_true(a < c);  // by content, as std::vector orders
}

static void empty_lists_are_equal_and_iterate_nothing(void **)
{
    NodeList none, made_empty(std::vector<int>{});
    assert_true(none.empty());
    assert_true(none == made_empty);
    assert_true(none.begin() == none.end());
    const std::vector<int> &as_vector = none;
    assert_int_equal(as_vector.size(), 0);
}

static void pool_shares_equal_lists_only(void **)
{
    NodeListPool pool;
    NodeList a = pool.list_of({0, 1, 2});
    NodeList b = pool.list_of({0, 1, 2});
    NodeList c = pool.list_of({0, 1});
    assert_true(a.shares_with(b));
    assert_false(a.shares_with(c));
    assert_true(c == NodeList({0, 1}));
    assert_true(pool.list_of({0, 1}).shares_with(c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(copies_share_one_list),
        cmocka_unit_test(equal_lists_made_apart_are_equal_but_not_shared),
        cmocka_unit_test(empty_lists_are_equal_and_iterate_nothing),
        cmocka_unit_test(pool_shares_equal_lists_only),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
