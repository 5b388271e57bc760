#include "core/knapsack.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace accord::core {

namespace {

constexpr double kEpsilon = 1e-9;
constexpr double kInfeasible = -std::numeric_limits<double>::infinity();

// The sums of weights item i can change: those the items up to it reach
// (at most `most`) and from which the items after it can still reach
// `least`. Outside this band the table holds what it held before item i,
// or a sum no answer passes through, so the band is all that is computed.
struct Band {
    int low = 0;
    int high = -1;
    size_t first = 0;  // where the item's row starts in the table of choices
};

std::vector<Band> bands(const std::vector<int> &weight, int least, int most)
{
    std::vector<Band> out(weight.size());
    int64_t before = 0, after = 0;
    for (int w : weight)
        after += w;
    size_t cells = 0;
    for (size_t i = 0; i < weight.size(); i++) {
        before += weight[i];
        after -= weight[i];
        out[i].high = static_cast<int>(std::min<int64_t>(most, before));
        out[i].low = static_cast<int>(std::max<int64_t>(weight[i], least - after));
        out[i].first = cells;
        cells += static_cast<size_t>(std::max(0, out[i].high - out[i].low + 1));
    }
    return out;
}

}  // namespace

std::optional<std::vector<bool>> knapsack(const std::vector<int> &weight, const std::vector<double> &profit,
                                          int least, int most)
{
    if (most < 0 || least > most)
        return std::nullopt;
    least = std::max(least, 0);
    std::vector<Band> band = bands(weight, least, most);
    std::vector<double> best(static_cast<size_t>(most) + 1, kInfeasible);  // by sum of weights
    size_t cells = band.empty() ? 0 : band.back().first + static_cast<size_t>(std::max(0, band.back().high - band.back().low + 1));
    std::vector<uint8_t> took(cells);  // per item, over its band: whether it is taken there
    best[0] = 0;
    for (size_t i = 0; i < weight.size(); i++) {
        uint8_t *row = took.data() + band[i].first;
        int low = band[i].low;
        // Descending, so best[w - weight] is still the value before item i.
        // An infeasible sum stays so: -inf plus any profit is never larger.
        for (int w = band[i].high; w >= low; w--) {
            double with = best[w - weight[i]] + profit[i];
            bool take = with > best[w] + kEpsilon;
            row[w - low] = take;
            best[w] = take ? with : best[w];
        }
    }
    int at = -1;
    for (int w = least; w <= most; w++)
        if (best[w] != kInfeasible && (at < 0 || best[w] > best[at] + kEpsilon))
            at = w;
    if (at < 0)
        return std::nullopt;
    std::vector<bool> taken(weight.size(), false);
    for (size_t i = weight.size(); i-- > 0;)
        if (at >= band[i].low && at <= band[i].high && took[band[i].first + (at - band[i].low)]) {
            taken[i] = true;
            at -= weight[i];
        }
    return taken;
}

}  // namespace accord::core
