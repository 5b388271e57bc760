// Unit tests for core/knapsack: the best subset within the weight bounds,
// its tie-breaks, and that computing only each item's band of sums gives
// what the whole table gives.
#include "cmocka_cpp.h"

#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "core/knapsack.h"

using accord::core::knapsack;

namespace {

using Taken = std::optional<std::vector<bool>>;

// The programme over every sum for every item, as the type search first
// did it: the reference the banded table must match choice for choice.
Taken whole_table(const std::vector<int> &weight, const std::vector<double> &profit, int least, int most)
{
    const double none = -std::numeric_limits<double>::infinity();
    if (most < 0 || least > most)
        return std::nullopt;
    least = std::max(least, 0);
    std::vector<double> best(most + 1, none);
    std::vector<std::vector<bool>> took(weight.size(), std::vector<bool>(most + 1, false));
    best[0] = 0;
    for (size_t i = 0; i < weight.size(); i++)
        for (int w = most; w >= weight[i]; w--)
            if (best[w - weight[i]] != none && best[w - weight[i]] + profit[i] > best[w] + 1e-9) {
                best[w] = best[w - weight[i]] + profit[i];
                took[i][w] = true;
            }
    int at = -1;
    for (int w = least; w <= most; w++)
        if (best[w] != none && (at < 0 || best[w] > best[at] + 1e-9))
            at = w;
    if (at < 0)
        return std::nullopt;
    std::vector<bool> taken(weight.size(), false);
    for (size_t i = weight.size(); i-- > 0;)
        if (took[i][at]) {
            taken[i] = true;
            at -= weight[i];
        }
    return taken;
}

}  // namespace

static void takes_the_most_profitable_subset_that_fits(void **)
{
    Taken t = knapsack({4, 2, 2, 1}, {5, 3, 3, 0.5}, 0, 5);
    assert_true(t.has_value());
    assert_true(*t == std::vector<bool>({false, true, true, true}));  // 6.5 beats 5.5 (4 + 1)
}

// The lower bound is what the other type cannot hold: items go over even
// at a loss.
static void takes_losses_to_reach_the_least_weight(void **)
{
    Taken t = knapsack({1, 1, 1}, {-1, -3, -2}, 2, 3);
    assert_true(t.has_value());
    assert_true(*t == std::vector<bool>({true, false, true}));
}

static void nothing_when_no_subset_weighs_within_the_bounds(void **)
{
    assert_false(knapsack({2, 2}, {1, 1}, 3, 3).has_value());
    assert_false(knapsack({1}, {1}, 2, 1).has_value());
    assert_false(knapsack({1}, {1}, 0, -1).has_value());
}

// Equal profits: the earlier item is kept; an item worth nothing is left
// out (the smallest weight wins a tie).
static void ties_keep_the_first_item_and_the_smallest_weight(void **)
{
    Taken t = knapsack({1, 1}, {1, 1}, 0, 1);
    assert_true(t.has_value());
    assert_true(*t == std::vector<bool>({true, false}));
    t = knapsack({1, 1}, {1, 0}, 0, 2);
    assert_true(*t == std::vector<bool>({true, false}));
}

static void the_band_chooses_what_the_whole_table_chooses(void **)
{
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> count(0, 14), gpus(0, 8), bound(-4, 40);
    std::uniform_real_distribution<double> value(-2, 2);
    for (int instance = 0; instance < 2000; instance++) {
        std::vector<int> weight(count(rng));
        std::vector<double> profit(weight.size());
        for (size_t i = 0; i < weight.size(); i++) {
            weight[i] = gpus(rng);
            profit[i] = instance % 3 ? value(rng) : static_cast<double>(gpus(rng) % 3);  // ties too
        }
        int least = bound(rng), most = bound(rng);
        assert_true(knapsack(weight, profit, least, most) == whole_table(weight, profit, least, most));
    }
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(takes_the_most_profitable_subset_that_fits),
        cmocka_unit_test(takes_losses_to_reach_the_least_weight),
        cmocka_unit_test(nothing_when_no_subset_weighs_within_the_bounds),
        cmocka_unit_test(ties_keep_the_first_item_and_the_smallest_weight),
        cmocka_unit_test(the_band_chooses_what_the_whole_table_chooses),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
