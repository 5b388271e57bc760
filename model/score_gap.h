// How sure a difference of scores is. Two estimates scored on the same
// held-out samples differ in MAPE or Spearman by some amount; whether that
// amount is more than which job types happened to be held out is told by
// a jackknife over whole groups (job types): the samples of a type share
// its errors, so leaving samples out one by one would overstate the
// certainty. (A bootstrap would draw groups twice, and the duplicated
// samples' ties bias a rank correlation.)
#pragma once

#include <cstddef>
#include <vector>

namespace accord::model {

// mape() or spearman() (metrics.h): (estimate, truth) -> score.
using Metric = double (*)(const std::vector<double> &, const std::vector<double> &);

struct ScoreGap {
    double difference = 0;     // metric(a, truth) - metric(b, truth)
    double low = 0, high = 0;  // difference -+ 1.96 jackknife standard errors
};

// `group[i]` names sample i's group (any ids). The standard error is the
// delete-one-group jackknife's: sqrt((G - 1) / G x sum over groups of
// (difference without the group - their mean)^2). NaN throughout when
// either score is undefined on the samples; NaN bounds with fewer than
// two groups.
ScoreGap score_gap(Metric metric, const std::vector<double> &a, const std::vector<double> &b,
                   const std::vector<double> &truth, const std::vector<size_t> &group);

}  // namespace accord::model
