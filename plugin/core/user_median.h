// The medians online learning takes of what users' jobs measured: a value
// shared by many users' jobs (a family's speed, its slowdown next to
// another) is the median over users of each user's median over their
// jobs, so a user who reports false values moves it only by being most of
// the users who measured it. Slurm-free and pure.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace accord::core {

// The middle value (the mean of the two middle ones); `values` not empty.
double median(std::vector<double> values);

// `by_user`: user -> their jobs' values, none empty.
double median_of_user_medians(const std::map<std::string, std::vector<double>> &by_user);

}  // namespace accord::core
