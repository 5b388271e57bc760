#include "core/preempt_cadence.h"

namespace accord::core {

bool PreemptCadence::due(int64_t now, int64_t interval_s) const
{
    return !last_ || now < *last_ || now - *last_ >= interval_s;
}

bool PreemptCadence::take(int64_t now, int64_t interval_s)
{
    if (!due(now, interval_s))
        return false;
    last_ = now;
    return true;
}

std::optional<int64_t> PreemptCadence::next_due(int64_t interval_s) const
{
    if (!last_)
        return std::nullopt;
    return *last_ + interval_s;
}

}  // namespace accord::core
