// The distinct times of a list, in ascending order, one at a time. The
// earliest-start search walks the release times of a job's nodes (hundreds)
// and mostly stops at one of the first few, so they are kept as a heap and
// put in order only as far as it asks, rather than sorted whole.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace accord::core {

class AscendingTimes {
public:
    explicit AscendingTimes(std::vector<int64_t> times);
    // The least time not yet returned, skipping repeats of the last; empty
    // after the last.
    std::optional<int64_t> next();

private:
    std::vector<int64_t> heap_;  // the least on top
    std::optional<int64_t> last_;
};

}  // namespace accord::core
