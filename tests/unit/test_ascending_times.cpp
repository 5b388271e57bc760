// Unit tests for core/ascending_times: the distinct times of a list in
// ascending order, whatever order and repeats the list has.
#include "cmocka_cpp.h"

#include <cstdint>
#include <vector>

#include "core/ascending_times.h"

using namespace accord::core;

static std::vector<int64_t> all_of(AscendingTimes times)
{
    std::vector<int64_t> out;
    while (auto t = times.next())
        out.push_back(*t);
    return out;
}

static void times_come_ascending_and_once_each(void **)
{
    std::vector<int64_t> got = all_of(AscendingTimes({50, 10, 30, 10, 50, 20, 50, -5}));
    std::vector<int64_t> want{-5, 10, 20, 30, 50};
    assert_true(got == want);
}

static void no_times_give_nothing(void **)
{
    AscendingTimes times({});
    assert_false(times.next().has_value());
    assert_false(times.next().has_value());
}

static void a_search_may_stop_early(void **)
{
    AscendingTimes times({400, 100, 300, 200});
    assert_int_equal(*times.next(), 100);
    assert_int_equal(*times.next(), 200);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(times_come_ascending_and_once_each),
        cmocka_unit_test(no_times_give_nothing),
        cmocka_unit_test(a_search_may_stop_early),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
