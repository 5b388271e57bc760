#include "sim/type_timeline.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace accord::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

}  // namespace

TypeTimeline::TypeTimeline(int type, int gpus, double now, const std::vector<Run> &runs,
                           const std::vector<Hold> &later)
{
    std::vector<std::pair<double, int>> changes;  // (time, change in free GPUs)
    int free = gpus;
    for (const auto &r : runs)
        if (r.type == type) {
            free -= r.gpus;
            changes.emplace_back(r.end_s, r.gpus);
        }
    for (const auto &h : later) {
        if (h.from_s <= now)
            free -= h.gpus;
        else
            changes.emplace_back(h.from_s, -h.gpus);
        changes.emplace_back(h.to_s, h.gpus);
    }
    std::sort(changes.begin(), changes.end());
    push(now, free);
    for (const auto &[t, change] : changes)
        push(t, steps_.back().free + change);
}

// Appends a step, or changes the last one when it begins at the same time.
void TypeTimeline::push(double from, int free)
{
    if (steps_.empty() || from > steps_.back().from_s)
        steps_.push_back(Step{from, free});
    else
        steps_.back().free = free;
}

double TypeTimeline::end_of(size_t i) const { return i + 1 < steps_.size() ? steps_[i + 1].from_s : kNever; }

size_t TypeTimeline::step_at(double t) const
{
    size_t i = 0;
    while (i + 1 < steps_.size() && steps_[i + 1].from_s <= t)
        i++;
    return i;
}

// The index of the step that begins at `t` (>= now), splitting one if needed.
size_t TypeTimeline::split_at(double t)
{
    size_t i = step_at(t);
    if (steps_[i].from_s == t)
        return i;
    steps_.insert(steps_.begin() + i + 1, Step{t, steps_[i].free});
    return i + 1;
}

void TypeTimeline::holding(double from, double to, int gpus, TypeTimeline &into) const
{
    into.steps_.assign(steps_.begin(), steps_.end());
    size_t first = into.split_at(from);
    size_t last = to == kNever ? into.steps_.size() : into.split_at(to);
    for (size_t i = first; i < last; i++)
        into.steps_[i].free -= gpus;
}

void TypeTimeline::describe(std::vector<double> &key) const
{
    for (const auto &step : steps_) {
        key.push_back(step.from_s);
        key.push_back(step.free);
    }
}

double TypeTimeline::earliest_fit(int gpus, double from, double duration) const
{
    if (from == kNever)
        return kNever;
    double start = from;
    for (size_t i = step_at(from); i < steps_.size(); i++) {
        if (steps_[i].free < gpus) {
            start = end_of(i);
            continue;
        }
        if (end_of(i) >= start + duration)
            return start;
    }
    return kNever;
}

double TypeTimeline::fluid_finish(double area) const
{
    for (size_t i = 0; i < steps_.size(); i++) {
        int free = steps_[i].free;
        if (free <= 0)
            continue;
        double begin = steps_[i].from_s, end = end_of(i);
        if (end == kNever || free * (end - begin) >= area)
            return begin + area / free;
        area -= free * (end - begin);
    }
    return kNever;
}

}  // namespace accord::sim
