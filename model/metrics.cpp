// MAPE and Spearman rank correlation (see metrics.h).
#include "model/metrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace accord::model {

namespace {

std::vector<double> ranks(const std::vector<double> &values)
{
    std::vector<size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
    std::vector<double> rank(values.size());
    for (size_t i = 0; i < order.size();) {
        size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]])
            j++;
        for (size_t k = i; k <= j; k++)
            rank[order[k]] = (i + j) / 2.0 + 1;
        i = j + 1;
    }
    return rank;
}

double pearson(const std::vector<double> &a, const std::vector<double> &b)
{
    double n = static_cast<double>(a.size());
    double mean_a = std::accumulate(a.begin(), a.end(), 0.0) / n;
    double mean_b = std::accumulate(b.begin(), b.end(), 0.0) / n;
    double cov = 0, var_a = 0, var_b = 0;
    for (size_t i = 0; i < a.size(); i++) {
        cov += (a[i] - mean_a) * (b[i] - mean_b);
        var_a += (a[i] - mean_a) * (a[i] - mean_a);
        var_b += (b[i] - mean_b) * (b[i] - mean_b);
    }
    if (var_a == 0 || var_b == 0)
        return std::nan("");
    return cov / std::sqrt(var_a * var_b);
}

}  // namespace

double mape(const std::vector<double> &predicted, const std::vector<double> &truth)
{
    double sum = 0;
    for (size_t i = 0; i < truth.size(); i++)
        sum += std::fabs(predicted[i] - truth[i]) / truth[i];
    return truth.empty() ? std::nan("") : 100.0 * sum / truth.size();
}

double spearman(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() < 2 || a.size() != b.size())
        return std::nan("");
    return pearson(ranks(a), ranks(b));
}

}  // namespace accord::model
