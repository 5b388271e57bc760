// Unit tests for core/config_search: water-filled counts and the type
// search on pooled GPUs.
#include "cmocka_cpp.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/config_search.h"

using accord::core::search_configs;
using accord::core::SearchJob;
using accord::core::SearchOption;

namespace {

// An elastic job on `type`: counts 1, 2, 4, ... up to `most`, value log of
// the count times `speed` (linear speedup), option numbers from `first`.
void ladder(SearchJob &job, int type, int most, double speed, int first)
{
    for (int g = 1, o = first; g <= most; g *= 2, o++)
        job.options.push_back(SearchOption{o, type, g, std::log(speed * g)});
}

}  // namespace

// Equal jobs on one type share it equally: log values make every halving
// of a share cost the same.
static void counts_are_water_filled(void **)
{
    std::vector<SearchJob> jobs(2);
    for (auto &j : jobs) {
        ladder(j, 0, 8, 1, 0);
        j.type = 0;
    }
    auto chosen = search_configs(jobs, {8});
    assert_int_equal(chosen[0], 2);  // 4 GPUs
    assert_int_equal(chosen[1], 2);
}

// A job that likes type 1 slightly less moves there, so that a job that
// gains a lot on type 0 can grow into it: a gain neither sees alone.
static void a_move_frees_a_type_for_others(void **)
{
    std::vector<SearchJob> jobs(2);
    ladder(jobs[0], 0, 8, 1.0, 0);   // options 0..3 on type 0
    ladder(jobs[0], 1, 8, 0.9, 4);   // options 4..7 on type 1
    ladder(jobs[1], 0, 8, 5.0, 0);   // only type 0
    jobs[0].type = 0;
    jobs[1].type = 0;
    auto chosen = search_configs(jobs, {8, 8});
    assert_int_equal(chosen[0], 7);  // 8 GPUs of type 1
    assert_int_equal(chosen[1], 3);  // 8 GPUs of type 0
}

// Two rigid jobs on full types trade when each gains on the other's type.
static void rigid_jobs_trade_types(void **)
{
    std::vector<SearchJob> jobs(2);
    jobs[0].options = {{0, 0, 2, std::log(2.0)}, {1, 1, 2, std::log(1.5)}};
    jobs[1].options = {{0, 0, 2, std::log(4.0)}, {1, 1, 2, std::log(1.0)}};
    jobs[0].type = 0;
    jobs[1].type = 1;
    auto chosen = search_configs(jobs, {2, 2});
    assert_int_equal(chosen[0], 1);
    assert_int_equal(chosen[1], 0);
}

// A job whose admitted type has no option of its own is refused.
static void admitted_type_must_be_an_option(void **)
{
    std::vector<SearchJob> jobs(1);
    jobs[0].options = {{0, 1, 1, 0}};
    jobs[0].type = 0;
    bool threw = false;
    try {
        search_configs(jobs, {1, 1});
    } catch (const std::invalid_argument &) {
        threw = true;
    }
    assert_true(threw);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_are_water_filled),
        cmocka_unit_test(a_move_frees_a_type_for_others),
        cmocka_unit_test(rigid_jobs_trade_types),
        cmocka_unit_test(admitted_type_must_be_an_option),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
