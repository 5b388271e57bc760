#include "core/gittins_index.h"

#include <algorithm>

namespace accord::core {

void FinishedService::add(uint32_t kind, double service)
{
    Kind &k = kinds_[kind];
    k.sorted.insert(std::upper_bound(k.sorted.begin(), k.sorted.end(), service), service);
    k.arrival_order.push_back(service);
    if (k.arrival_order.size() > window_) {
        k.sorted.erase(std::lower_bound(k.sorted.begin(), k.sorted.end(), k.arrival_order.front()));
        k.arrival_order.pop_front();
    }
}

size_t FinishedService::count(uint32_t kind) const
{
    auto it = kinds_.find(kind);
    return it == kinds_.end() ? 0 : it->second.sorted.size();
}

// Over the m samples above `attained`, s_1 <= ... <= s_m: with
// d = s_k - attained, k of m finish within d, and the service expected to
// be spent is (sum_{i<=k} (s_i - attained) + (m - k) d) / m.
double FinishedService::index(uint32_t kind, double attained) const
{
    auto it = kinds_.find(kind);
    if (it == kinds_.end())
        return 0;
    const std::vector<double> &s = it->second.sorted;
    auto first = std::upper_bound(s.begin(), s.end(), attained);
    double m = static_cast<double>(s.end() - first), k = 0, spent_by_done = 0, best = 0;
    for (auto i = first; i != s.end(); ++i) {
        k += 1;
        double d = *i - attained;
        spent_by_done += d;
        best = std::max(best, k / (spent_by_done + (m - k) * d));
    }
    return best;
}

}  // namespace accord::core
