// Unit tests for core/node_set_ids: equal node lists get equal numbers,
// numbered in the order first seen, whatever was asked in between.
#include "cmocka_cpp.h"

#include <vector>

#include "core/node_set_ids.h"

using accord::core::NodeList;
using accord::core::NodeSetIds;

static void equal_lists_get_equal_numbers(void **)
{
    NodeSetIds ids;
    std::vector<int> a{0, 1, 2}, b{0, 2}, a_again{0, 1, 2};
    assert_int_equal(ids.id_of(a), 0);
    assert_int_equal(ids.id_of(a_again), 0);
    assert_int_equal(ids.id_of(b), 1);
    assert_int_equal(ids.id_of(b), 1);
    assert_int_equal(ids.id_of(a_again), 0);
}

static void list_differing_from_the_last_gets_its_own_number(void **)
{
    NodeSetIds ids;
    assert_int_equal(ids.id_of({3, 4}), 0);
    assert_int_equal(ids.id_of({3, 5}), 1);
    assert_int_equal(ids.id_of({3}), 2);
    assert_int_equal(ids.id_of({}), 3);
    assert_int_equal(ids.id_of({3, 4}), 0);
}

static void copies_of_one_list_and_equal_lists_share_a_number(void **)
{
    NodeSetIds ids;
    NodeList a{0, 1, 2};
    NodeList copy = a;
    NodeList equal{0, 1, 2};
    NodeList other{7};
    assert_int_equal(ids.id_of(a), 0);
    assert_int_equal(ids.id_of(other), 1);
    assert_int_equal(ids.id_of(copy), 0);
    assert_int_equal(ids.id_of(equal), 0);
    assert_int_equal(ids.id_of(other), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(equal_lists_get_equal_numbers),
        cmocka_unit_test(list_differing_from_the_last_gets_its_own_number),
        cmocka_unit_test(copies_of_one_list_and_equal_lists_share_a_number),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
