// Prediction error measures of the evaluation.
#pragma once

#include <vector>

namespace accord::model {

// Mean absolute percentage error of `predicted` against `truth` (> 0), in %.
double mape(const std::vector<double> &predicted, const std::vector<double> &truth);

// Spearman rank correlation, ties given their average rank; NaN when either
// side is constant or there are fewer than two values.
double spearman(const std::vector<double> &a, const std::vector<double> &b);

}  // namespace accord::model
