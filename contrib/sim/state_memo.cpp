#include "sim/state_memo.h"


namespace accord::sim {

namespace {

int held_after(const std::vector<Run> &runs, int type, double t)
{
    int held = 0;
    for (const auto &r : runs)
        if (r.type == type && r.end_s > t)
            held += r.gpus;
    return held;
}

// Whether `a` holds no more GPUs of any type than `b` at every time from
// now on. Holdings only change at the ends, so those are the times to check.
bool holds_no_more(const std::vector<Run> &a, const std::vector<Run> &b, double now)
{
    auto check = [&](const Run &at, double t) {
        return held_after(a, at.type, t) <= held_after(b, at.type, t);
    };
    for (const auto &r : a)
        if (!check(r, now))
            return false;
    for (const auto &r : b)
        if (!check(r, r.end_s))
            return false;
    return true;
}

}  // namespace

bool StateMemo::beaten(const PartialSchedule &s) const
{
    auto it = by_unstarted_.find(s.unstarted);
    if (it == by_unstarted_.end())
        return false;
    for (const auto &e : it->second)
        if (e.now <= s.now && e.ends_s <= s.ends_s && holds_no_more(e.runs, s.runs, s.now))
            return true;
    return false;
}

void StateMemo::remember(const PartialSchedule &s)
{
    if (size_ >= capacity_)
        return;
    by_unstarted_[s.unstarted].push_back(Entry{s.now, s.ends_s, s.runs});
    size_++;
}

}  // namespace accord::sim
