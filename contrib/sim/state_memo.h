// Memoised states of the exact optimum's search. At the start of an event
// a partial schedule is summed up by: the time, the set of unstarted jobs,
// the sum of the ends of the started jobs, and when the running jobs free
// their GPUs. Of two with the same unstarted set, state A beats state B
// when A is no later, its sum is no larger, and from B's time on its
// running jobs hold no more GPUs of any type at any moment: every
// completion of B, started from A instead (A idles until B's time), fits
// and has no larger sum.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sim/partial_schedule.h"

namespace accord::sim {

class StateMemo {
public:
    explicit StateMemo(size_t capacity) : capacity_(capacity) {}

    // Whether a remembered state beats (or equals) `s`.
    bool beaten(const PartialSchedule &s) const;
    // Remembers `s` while there is room.
    void remember(const PartialSchedule &s);

private:
    struct Entry {
        double now;
        double ends_s;
        std::vector<Run> runs;
    };

    size_t capacity_;
    size_t size_ = 0;
    std::unordered_map<uint32_t, std::vector<Entry>> by_unstarted_;
};

}  // namespace accord::sim
