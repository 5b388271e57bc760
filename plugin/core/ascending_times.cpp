#include "core/ascending_times.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace accord::core {

AscendingTimes::AscendingTimes(std::vector<int64_t> times) : heap_(std::move(times))
{
    std::make_heap(heap_.begin(), heap_.end(), std::greater<>());
}

std::optional<int64_t> AscendingTimes::next()
{
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>());
        int64_t t = heap_.back();
        heap_.pop_back();
        if (last_ != t) {
            last_ = t;
            return t;
        }
    }
    return std::nullopt;
}

}  // namespace accord::core
