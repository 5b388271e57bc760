#include "core/slowdown_table.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace accord::core {

SlowdownKey::SlowdownKey(std::string f, std::string t, std::vector<std::string> c)
    : family(std::move(f)), gpu_type(std::move(t)), co_runners(std::move(c))
{
    std::sort(co_runners.begin(), co_runners.end());
}

bool SlowdownKey::operator<(const SlowdownKey &other) const
{
    return std::tie(family, gpu_type, co_runners) < std::tie(other.family, other.gpu_type, other.co_runners);
}

void SlowdownTable::set(const SlowdownKey &key, double slowdown)
{
    if (slowdown > 0 && slowdown <= 1)
        slowdowns_[key] = slowdown;
}

std::optional<double> SlowdownTable::get(const SlowdownKey &key) const
{
    if (key.co_runners.empty())
        return 1.0;
    if (key.family.empty())
        return std::nullopt;
    auto it = slowdowns_.find(key);
    if (it == slowdowns_.end())
        return std::nullopt;
    return it->second;
}

}  // namespace accord::core
