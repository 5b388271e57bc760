// Interpolation over a family's measured batch sizes: the model's stacking
// estimate for a job type it has not seen (feature schema 3,
// neighbour_estimates.h). A job type's throughput ratios and slowdowns
// change smoothly with its batch size, so the measured batch sizes on
// either side say more than the nearest one alone.
#pragma once

#include <optional>
#include <vector>

namespace accord::model {

struct BatchPoint {
    double log2_batch = 0;
    double log_value = 0;
};

// The log value at `log2_batch`: the points' mean there when measured;
// else linear in log2(batch) between the nearest points below and above;
// beyond the points' range, the nearest point's value, or with `extend`
// the line through the two nearest (when there are two). Nothing without
// points. Points of one batch size count as their mean.
std::optional<double> interpolate_over_batch(const std::vector<BatchPoint> &points, double log2_batch, bool extend);

}  // namespace accord::model
