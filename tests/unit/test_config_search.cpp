// Unit tests for core/config_search: water-filled counts and the type
// search on pooled GPUs.
#include "cmocka_cpp.h"

#include <algorithm>
#include <cmath>
#include <random>
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


// One 4-GPU job trades places with two 2-GPU jobs: a split of two types'
// jobs that no single move or equal-count swap finds.
static void a_large_job_trades_for_two_small_ones(void **)
{
    auto rigid = [](int gpus, double on0, double on1, int type) {
        SearchJob j;
        j.options = {{0, 0, gpus, on0}, {1, 1, gpus, on1}};
        j.type = type;
        return j;
    };
    std::vector<SearchJob> jobs = {rigid(2, 2.10, 4.77, 0), rigid(2, 1.12, 3.23, 0), rigid(2, 3.13, 2.91, 0),
                                   rigid(2, 2.42, 0.79, 0), rigid(4, 1.48, 2.65, 1)};
    auto chosen = search_configs(jobs, {8, 4});
    assert_true((chosen == std::vector<int>{1, 1, 0, 0, 0}));
}

// Two moves that only gain together: job 1 leaves type 2 for type 1 (a
// small loss) so that job 0 can take type 2 (a large gain).
static void a_chain_of_two_moves(void **)
{
    std::vector<SearchJob> jobs(3);
    jobs[0].options = {{0, 0, 1, 0.58}, {1, 1, 1, 0.06}, {2, 2, 1, 1.64}};
    jobs[1].options = {{0, 0, 4, 1.29}, {1, 1, 4, 2.70}, {2, 2, 4, 2.97}};
    jobs[2].options = {{0, 0, 4, 1.83}, {1, 1, 4, 1.20}, {2, 2, 4, 1.62}};
    jobs[0].type = 0;
    jobs[1].type = 2;
    jobs[2].type = 0;
    auto chosen = search_configs(jobs, {12, 12, 4});
    assert_true((chosen == std::vector<int>{2, 1, 0}));
}

// The best choice by enumeration of every option of every job.
static double optimum(const std::vector<SearchJob> &jobs, std::vector<int> &used, const std::vector<int> &capacity,
                      size_t j = 0)
{
    if (j == jobs.size())
        return 0;
    double best = -1e18;
    for (const auto &o : jobs[j].options) {
        if (used[o.type] + o.gpus > capacity[o.type])
            continue;
        used[o.type] += o.gpus;
        best = std::max(best, o.value + optimum(jobs, used, capacity, j + 1));
        used[o.type] -= o.gpus;
    }
    return best;
}

// On small random instances (2-6 jobs, 2-3 types, rigid or elastic with
// concave speedups) the search is within 3% of the optimum (in the
// geometric mean of the jobs' rates) on at least 98% of them.
static void close_to_the_optimum_on_small_instances(void **)
{
    std::mt19937_64 rng(7);
    int close = 0, instances = 0;
    for (int i = 0; i < 400; i++) {
        int types = 2 + static_cast<int>(rng() % 2), count = 2 + static_cast<int>(rng() % 5);
        bool elastic = i % 2;
        std::vector<int> capacity(types);
        for (auto &c : capacity)
            c = 4 * (1 + static_cast<int>(rng() % 3));
        std::vector<SearchJob> jobs(count);
        std::vector<int> used(types, 0);
        for (auto &job : jobs) {
            int rigid = 1 << (rng() % 3);
            for (int k = 0; k < types; k++) {
                double speed = 1 + static_cast<double>(rng() % 1000) / 250, p = 0.5 + static_cast<double>(rng() % 100) / 200;
                for (int g = 1; g <= capacity[k]; g *= 2)
                    if (elastic || g == rigid)
                        job.options.push_back({k * 10 + g, k, g, std::log(speed * std::pow(g, p))});
            }
            for (int k = 0; k < types && job.type < 0; k++)
                if (used[k] + job.options.front().gpus <= capacity[k])
                    for (const auto &o : job.options)
                        if (o.type == k && o.gpus == job.options.front().gpus) {
                            job.type = k;
                            used[k] += o.gpus;
                            break;
                        }
        }
        if (std::any_of(jobs.begin(), jobs.end(), [](const SearchJob &j) { return j.type < 0; }))
            continue;
        auto chosen = search_configs(jobs, capacity);
        double found = 0;
        for (size_t j = 0; j < jobs.size(); j++)
            for (const auto &o : jobs[j].options)
                found += o.option == chosen[j] ? o.value : 0;
        std::vector<int> none(types, 0);
        instances++;
        close += std::exp((optimum(jobs, none, capacity) - found) / count) <= 1.03;
    }
    assert_true(instances > 300);
    assert_true(close >= instances * 98 / 100);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_are_water_filled),
        cmocka_unit_test(a_move_frees_a_type_for_others),
        cmocka_unit_test(rigid_jobs_trade_types),
        cmocka_unit_test(admitted_type_must_be_an_option),
        cmocka_unit_test(a_large_job_trades_for_two_small_ones),
        cmocka_unit_test(a_chain_of_two_moves),
        cmocka_unit_test(close_to_the_optimum_on_small_instances),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
