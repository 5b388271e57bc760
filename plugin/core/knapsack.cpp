#include "core/knapsack.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
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
    size_t width() const { return static_cast<size_t>(std::max(0, high - low + 1)); }
    bool holds(int w) const { return w >= low && w <= high; }
};

std::vector<Band> bands(const std::vector<int> &weight, int least, int most)
{
    std::vector<Band> out(weight.size());
    int64_t before = 0, after = 0;
    for (int w : weight)
        after += w;
    for (size_t i = 0; i < weight.size(); i++) {
        before += weight[i];
        after -= weight[i];
        out[i].high = static_cast<int>(std::min<int64_t>(most, before));
        out[i].low = static_cast<int>(std::max<int64_t>(weight[i], least - after));
        out[i].first = i == 0 ? 0 : out[i - 1].first + out[i - 1].width();
    }
    return out;
}

// Two sums at a time (GCC's and Clang's vector extensions; plain SSE2).
using Pair = double __attribute__((vector_size(16)));
using PairMask = long long __attribute__((vector_size(16)));

// Item i taken or not at every sum of its band: best[w] becomes
// best[w - weight] + profit where that is larger, and row says where.
// Descending, so best[w - weight] is still the value before the item (two
// sums at a time read both before writing either). An infeasible sum stays
// so: -inf plus any profit is never larger.
void add_item(double *best, int weight, double profit, const Band &band, uint8_t *row)
{
    const Pair add = {profit, profit}, epsilon = {kEpsilon, kEpsilon};
    int w = band.high;
    for (; w - 1 >= band.low; w -= 2) {
        Pair now, from;
        std::memcpy(&now, best + w - 1, sizeof now);
        std::memcpy(&from, best + w - 1 - weight, sizeof from);
        Pair with = from + add;
        PairMask take = with > now + epsilon;
        PairMask next = (reinterpret_cast<PairMask>(with) & take) | (reinterpret_cast<PairMask>(now) & ~take);
        std::memcpy(best + w - 1, &next, sizeof next);
        row[w - 1 - band.low] = take[0] != 0;
        row[w - band.low] = take[1] != 0;
    }
    if (w == band.low) {
        double with = best[w - weight] + profit;
        bool take = with > best[w] + kEpsilon;
        row[0] = take;
        best[w] = take ? with : best[w];
    }
}

// The sum of weights in [least, most] with the largest value, the
// smallest of those within epsilon; -1 when none is feasible.
int best_sum(const std::vector<double> &best, int least, int most)
{
    int at = -1;
    for (int w = least; w <= most; w++)
        if (best[w] != kInfeasible && (at < 0 || best[w] > best[at] + kEpsilon))
            at = w;
    return at;
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
    std::vector<uint8_t> took(band.empty() ? 0 : band.back().first + band.back().width());  // per item, its band
    best[0] = 0;
    for (size_t i = 0; i < weight.size(); i++)
        add_item(best.data(), weight[i], profit[i], band[i], took.data() + band[i].first);
    int at = best_sum(best, least, most);
    if (at < 0)
        return std::nullopt;
    std::vector<bool> taken(weight.size(), false);
    for (size_t i = weight.size(); i-- > 0;)
        if (band[i].holds(at) && took[band[i].first + static_cast<size_t>(at - band[i].low)]) {
            taken[i] = true;
            at -= weight[i];
        }
    return taken;
}

}  // namespace accord::core
