#include "core/model_uncertainty.h"

#include <algorithm>
#include <cmath>

namespace accord::core {

ModelUncertainty::ModelUncertainty(const Spreads &spreads)
{
    for (const auto &[family, types] : spreads)
        for (const auto &[type, spread] : types)
            if (std::isfinite(spread) && spread >= 0) {
                spreads_[family][type] = spread;
                largest_ = std::max(largest_, spread);
            }
}

double ModelUncertainty::share(const std::string &family, const std::string &type) const
{
    auto types = spreads_.find(family);
    if (types == spreads_.end())
        return 1;
    auto spread = types->second.find(type);
    if (spread == types->second.end())
        return 1;
    // All spreads 0: the members agree everywhere, nothing to explore for.
    return largest_ > 0 ? spread->second / largest_ : 0;
}

}  // namespace accord::core
