// Interpolation over batch sizes (see batch_interpolation.h).
#include "model/batch_interpolation.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace accord::model {

namespace {

constexpr double kSame = 1e-9;  // log2 batch sizes this close are one batch size

double on_line(const std::pair<const double, double> &a, const std::pair<const double, double> &b, double x)
{
    return a.second + (x - a.first) / (b.first - a.first) * (b.second - a.second);
}

}  // namespace

std::optional<double> interpolate_over_batch(const std::vector<BatchPoint> &points, double log2_batch, bool extend)
{
    // Mean log value per batch size, in batch order.
    std::map<double, std::pair<double, int>> sums;
    for (const BatchPoint &p : points) {
        auto &sum = sums[std::round(p.log2_batch / kSame) * kSame];
        sum.first += p.log_value;
        sum.second++;
    }
    if (sums.empty())
        return std::nullopt;
    std::map<double, double> line;
    for (const auto &[x, sum] : sums)
        line[x] = sum.first / sum.second;
    double x = std::round(log2_batch / kSame) * kSame;
    auto above = line.lower_bound(x);
    if (above != line.end() && above->first == x)
        return above->second;
    if (above != line.begin() && above != line.end())
        return on_line(*std::prev(above), *above, x);
    bool below_all = above == line.begin();
    auto nearest = below_all ? line.begin() : std::prev(line.end());
    if (!extend || line.size() < 2)
        return nearest->second;
    auto next = below_all ? std::next(nearest) : std::prev(nearest);
    return on_line(*next, *nearest, x);
}

}  // namespace accord::model
