#include "core/user_median.h"

#include <algorithm>

namespace accord::core {

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double median_of_user_medians(const std::map<std::string, std::vector<double>> &by_user)
{
    std::vector<double> user_medians;
    for (const auto &[user, values] : by_user)
        user_medians.push_back(median(values));
    return median(std::move(user_medians));
}

}  // namespace accord::core
