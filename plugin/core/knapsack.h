// The exact 0/1 knapsack the allocator's type search splits the jobs of two
// GPU types by (config_search.h): which items to take so that their weights
// sum to at least `least` and at most `most`, with the largest sum of
// profits. Dynamic programming over the sums of weights, items in order.
#pragma once

#include <optional>
#include <vector>

namespace accord::core {

// Whether each item is taken, or nothing when no subset's weight lies in
// [least, most]. A profit counts as larger only when it is by more than
// 1e-9, so of subsets that tie, the programme keeps the one it found first
// (fewer of the later items), at the smallest weight. Weights are >= 0.
std::optional<std::vector<bool>> knapsack(const std::vector<int> &weight, const std::vector<double> &profit,
                                          int least, int most);

}  // namespace accord::core
