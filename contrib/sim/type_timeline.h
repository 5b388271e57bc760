// What one GPU type of the pooled model has free from a moment on: a step
// function of free GPUs, given the jobs running on it (held from now to
// their end) and other stretches of held GPUs (the lower bound's sure
// holds, the past of a partial schedule).
// The search asks when a job could run at the earliest and how soon a
// given amount of GPU-seconds could be done on what is free.
#pragma once

#include <cstddef>
#include <vector>

namespace accord::sim {

// A started job that holds GPUs until end_s.
struct Run {
    int job = 0;
    int type = 0;
    int gpus = 0;
    double end_s = 0;
};

// GPUs held over [from_s, to_s).
struct Hold {
    double from_s = 0;
    double to_s = 0;
    int gpus = 0;
};

class TypeTimeline {
public:
    // `runs` may hold jobs of every type and must all end after `now`;
    // `later` must all end after `now`.
    TypeTimeline(int type, int gpus, double now, const std::vector<Run> &runs,
                 const std::vector<Hold> &later = {});

    // The first time at or after `from` (>= now) from which `gpus` GPUs
    // stay free for `duration`; infinity when never.
    double earliest_fit(int gpus, double from, double duration) const;

    // The earliest time by which `area` GPU-seconds can have been done from
    // now on the free GPUs, as a fluid (every free GPU busy, any split).
    double fluid_finish(double area) const;

    // Makes `into` this timeline with `gpus` more GPUs held over [from, to)
    // (from >= now), reusing its storage.
    void holding(double from, double to, int gpus, TypeTimeline &into) const;

    // Appends what determines the timeline (its steps) to `key`.
    void describe(std::vector<double> &key) const;

private:
    struct Step {
        double from_s;  // the step lasts until the next one's from_s
        int free;
    };

    size_t step_at(double t) const;
    double end_of(size_t i) const;
    void push(double from, int free);
    size_t split_at(double t);

    std::vector<Step> steps_;  // steps_[0] begins now
};

}  // namespace accord::sim
