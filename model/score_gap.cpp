// Grouped jackknife of a difference of scores (see score_gap.h).
#include "model/score_gap.h"

#include <cmath>
#include <set>

namespace accord::model {

namespace {

// The difference on every sample not of `left_out`.
double gap_without(Metric metric, const std::vector<double> &a, const std::vector<double> &b,
                   const std::vector<double> &truth, const std::vector<size_t> &group, size_t left_out)
{
    std::vector<double> ka, kb, kt;
    for (size_t i = 0; i < truth.size(); i++)
        if (group[i] != left_out) {
            ka.push_back(a[i]);
            kb.push_back(b[i]);
            kt.push_back(truth[i]);
        }
    return metric(ka, kt) - metric(kb, kt);
}

}  // namespace

ScoreGap score_gap(Metric metric, const std::vector<double> &a, const std::vector<double> &b,
                   const std::vector<double> &truth, const std::vector<size_t> &group)
{
    double nan = std::nan("");
    double difference = metric(a, truth) - metric(b, truth);
    if (std::isnan(difference))
        return {nan, nan, nan};
    std::set<size_t> groups(group.begin(), group.end());
    if (groups.size() < 2)
        return {difference, nan, nan};
    std::vector<double> without;
    for (size_t g : groups)
        without.push_back(gap_without(metric, a, b, truth, group, g));
    double n = static_cast<double>(without.size()), mean = 0, squares = 0;
    for (double d : without)
        mean += d / n;
    for (double d : without)
        squares += (d - mean) * (d - mean);
    double error = std::sqrt((n - 1) / n * squares);
    return {difference, difference - 1.96 * error, difference + 1.96 * error};
}

}  // namespace accord::model
