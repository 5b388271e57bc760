// The Gittins index of a job from the service of finished jobs of its kind.
// With job lengths drawn from a known distribution, serving the highest
// index first minimises mean completion time (Gittins; Tiresias' Gittins
// variant); here the distribution of a kind (job type) is what the finished
// jobs of that kind held, so a recurring job type's remaining service is
// learned from its predecessors. A job whose kind has no finished job that
// held more than it has is presumed long: index 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace accord::core {

class FinishedService {
public:
    // Keeps the last `window` finished jobs of each kind (>= 1): the index
    // costs that much per job, and a site's job types change.
    explicit FinishedService(size_t window = 1000) : window_(window) {}
    // A job of `kind` finished having held `service` GPU-seconds in all.
    void add(uint32_t kind, double service);
    bool empty() const { return kinds_.empty(); }
    // The samples kept of `kind`.
    size_t count(uint32_t kind) const;
    // For a job of `kind` that has held `attained` GPU-seconds: the max
    // over d of P(S <= attained + d | S > attained) /
    // E[min(S - attained, d) | S > attained], per GPU-second, S the service
    // of the finished jobs of its kind; 0 when none held more than attained.
    double index(uint32_t kind, double attained) const;

private:
    struct Kind {
        std::deque<double> arrival_order;  // to drop the oldest
        std::vector<double> sorted;
    };
    size_t window_;
    std::map<uint32_t, Kind> kinds_;
};

}  // namespace accord::core
