#include "sim/optimum_search.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>

#include "sim/optimum_bound.h"
#include "sim/optimum_greedy.h"
#include "sim/state_memo.h"

namespace accord::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();
// A child whose bound is within this share of the best found cannot hold a
// better schedule worth the search (it absorbs rounding in the bound).
constexpr double kTolerance = 1e-9;
// Each pass of the search raises its ceiling by this share of the last:
// small enough that the last pass does not overshoot the optimum by much
// (the nodes below a ceiling grow steeply with it), large enough that the
// passes before it are few.
constexpr double kCeilingStep = 0.0025;

struct Child {
    PartialSchedule s;
    double bound = kNever;
    bool event_start = false;  // just advanced to a new event: memo state
};

class Search {
public:
    Search(const PooledInstance &instance, const std::vector<Start> &incumbent, const OptimumLimits &limits)
        : instance_(instance), limits_(limits), order_(decision_order(instance)), memo_(limits.memo_states),
          cache_(limits.bound_cache),
          best_(incumbent), best_ends_(sum_of_ends(instance, incumbent)),
          started_(std::chrono::steady_clock::now())
    {
    }

    SearchOutcome run();

private:
    double explore(const Child &node);
    std::vector<Child> children(const PartialSchedule &s);
    double level() const { return std::min(ceiling_, best_ends_ * (1 - kTolerance)); }
    bool settle(Child &child) const;
    bool out_of_budget();

    const PooledInstance &instance_;
    const OptimumLimits &limits_;
    std::vector<int> order_;
    StateMemo memo_;
    FewJobsCache cache_;
    std::vector<Start> best_;
    double best_ends_;
    size_t nodes_ = 0;
    bool stopped_ = false;
    double ceiling_ = kNever;  // this pass drops children whose bound reaches it
    std::chrono::steady_clock::time_point started_;
};

bool Search::out_of_budget()
{
    if (nodes_ >= limits_.max_nodes)
        return true;
    if (nodes_ % 1024 != 0)
        return false;
    std::chrono::duration<double> spent = std::chrono::steady_clock::now() - started_;
    return spent.count() >= limits_.max_seconds;
}

// Defers the undecided jobs the start rule lets start nowhere, and moves on
// to the next event while nothing is left to decide. False when some job
// can never start, or when the schedule is beaten by moving a started job
// into GPUs that stayed free (no optimal schedule goes through it).
bool Search::settle(Child &child) const
{
    PartialSchedule &s = child.s;
    while (s.unstarted) {
        for (int job : order_) {
            if (!has(s.undecided, job))
                continue;
            bool any = false;
            for (size_t c = 0; c < instance_.jobs[job].configs.size() && !any; c++)
                any = may_start(instance_, s, job, static_cast<int>(c));
            if (!any)
                s.undecided &= ~(1u << job);
        }
        if (s.undecided)
            return true;
        double since = s.now;
        if (!advance(instance_, s) || beaten_since(instance_, s, since))
            return false;
        child.event_start = true;
    }
    return true;
}

std::vector<Child> Search::children(const PartialSchedule &s)
{
    int job = *std::find_if(order_.begin(), order_.end(), [&](int j) { return has(s.undecided, j); });
    std::vector<Child> result;
    for (size_t c = 0; c <= instance_.jobs[job].configs.size(); c++) {
        Child child{s};
        bool defer = c == instance_.jobs[job].configs.size();
        if (defer)
            child.s.undecided &= ~(1u << job);
        else if (may_start(instance_, s, job, static_cast<int>(c)))
            start(instance_, child.s, job, static_cast<int>(c));
        else
            continue;
        if (settle(child))
            child.bound = lower_bound(instance_, child.s, level(), cache_);
        result.push_back(std::move(child));
    }
    std::stable_sort(result.begin(), result.end(),
                     [](const Child &a, const Child &b) { return a.bound < b.bound; });
    return result;
}

// The least bound on any schedule below `node` that is not already
// accounted for elsewhere (so the caller can report a bound if stopped).
double Search::explore(const Child &node)
{
    if (stopped_ || (stopped_ = out_of_budget()))
        return std::min(node.bound, level());
    nodes_++;
    const PartialSchedule &s = node.s;
    if (node.event_start && memo_.beaten(s))
        return kNever;  // a fully searched state covers it
    if (!s.unstarted) {
        if (s.ends_s < best_ends_) {
            best_ends_ = s.ends_s;
            best_ = s.starts;
        }
        return s.ends_s;
    }
    double least = kNever;
    for (const Child &child : children(s)) {
        double prune = level();
        if (child.bound >= prune)
            least = std::min(least, std::min(child.bound, prune));
        else
            least = std::min(least, explore(child));
    }
    if (node.event_start && !stopped_)
        memo_.remember(s);
    return least;
}

SearchOutcome Search::run()
{
    Child root{first_event(instance_)};
    root.event_start = true;
    double proven = kNever;  // no schedule has a smaller sum of ends
    if (settle(root)) {
        root.bound = lower_bound(instance_, root.s, best_ends_, cache_);
        proven = std::min(root.bound, best_ends_);
    }
    ceiling_ = proven;
    while (!stopped_ && ceiling_ < best_ends_ * (1 - kTolerance)) {
        ceiling_ = std::min(best_ends_, std::max(ceiling_ * (1 + kCeilingStep), proven));
        memo_ = StateMemo(limits_.memo_states);
        double least = explore(root);
        proven = std::max(proven, std::min(least, best_ends_));
    }
    SearchOutcome out;
    out.best = best_;
    out.best_ends_s = best_ends_;
    out.bound_ends_s = stopped_ ? std::min(proven, best_ends_) : best_ends_;
    out.proven_optimal = !stopped_;
    out.nodes = nodes_;
    return out;
}

}  // namespace

std::vector<int> decision_order(const PooledInstance &instance)
{
    std::vector<int> order(instance.jobs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return instance.jobs[a].configs.front().duration_s < instance.jobs[b].configs.front().duration_s;
    });
    return order;
}

SearchOutcome branch_and_bound(const PooledInstance &instance, const std::vector<Start> &incumbent,
                               const OptimumLimits &limits)
{
    return Search(instance, incumbent, limits).run();
}

}  // namespace accord::sim
