#include "core/config_search.h"

#include "core/knapsack.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <stdexcept>

namespace accord::core {

namespace {

constexpr double kEpsilon = 1e-9;
constexpr double kInfeasible = -std::numeric_limits<double>::infinity();
constexpr int kMaxPasses = 8;
constexpr size_t kMaxMovesPerJob = 4;
constexpr size_t kMaxChainJobs = 32;

// A job's options on one type, fewest GPUs first.
class Ladder {
public:
    Ladder(const SearchOption *rungs, size_t count) : rungs_(rungs), count_(count) {}
    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const SearchOption &operator[](size_t i) const { return rungs_[i]; }
    const SearchOption *begin() const { return rungs_; }
    const SearchOption *end() const { return rungs_ + count_; }

private:
    const SearchOption *rungs_;
    size_t count_;
};

// Every job's ladder on every type, in one array.
class Ladders {
public:
    Ladders(const std::vector<SearchJob> &jobs, int types) : types_(types), start_(1, 0)
    {
        size_t options = 0;
        for (const auto &job : jobs)
            options += job.options.size();
        rungs_.reserve(options);
        start_.reserve(jobs.size() * static_cast<size_t>(types) + 1);
        for (const auto &job : jobs)
            for (int k = 0; k < types; k++) {
                long first = static_cast<long>(rungs_.size());
                // Each rung goes after those of no more GPUs: sorted and
                // stable, without std::stable_sort's buffer for a few rungs.
                for (const auto &o : job.options)
                    if (o.type == k)
                        rungs_.insert(std::upper_bound(rungs_.begin() + first, rungs_.end(), o.gpus,
                                                       [](int gpus, const SearchOption &r) { return gpus < r.gpus; }),
                                      o);
                start_.push_back(rungs_.size());
            }
    }
    Ladder of(size_t j, int k) const
    {
        size_t at = j * static_cast<size_t>(types_) + static_cast<size_t>(k);
        return Ladder(rungs_.data() + start_[at], start_[at + 1] - start_[at]);
    }

private:
    int types_;
    std::vector<SearchOption> rungs_;
    std::vector<size_t> start_;  // per job and type: where its ladder starts in rungs_
};

class Search {
public:
    Search(const std::vector<SearchJob> &jobs, const std::vector<int> &capacity)
        : capacity_(capacity), ladders_(jobs, static_cast<int>(capacity.size())), type_(jobs.size()),
          level_(jobs.size(), 0), members_(capacity.size()), total_(capacity.size(), 0), used_(capacity.size(), 0),
          elastic_(capacity.size(), 0), split_side_(jobs.size(), -1)
    {
        for (size_t j = 0; j < jobs.size(); j++) {
            type_[j] = jobs[j].type;
            if (type_[j] < 0 || type_[j] >= types() || ladder(j, type_[j]).empty())
                throw std::invalid_argument("config search: a job has no option on the type it was admitted on");
            members_[type_[j]].push_back(j);
        }
        for (int k = 0; k < types(); k++) {
            set_type(k, members_[k]);
            if (total_[k] == kInfeasible)
                throw std::invalid_argument("config search: the admitted jobs do not fit type " + std::to_string(k));
        }
    }

    std::vector<int> run()
    {
        for (int pass = 0; pass < kMaxPasses; pass++)
            if (!move_jobs() && !split_pairs() && !move_chains())
                break;
        std::vector<int> out(type_.size());
        for (size_t j = 0; j < type_.size(); j++)
            out[j] = ladder(j, type_[j])[level_[j]].option;
        return out;
    }

private:
    int types() const { return static_cast<int>(capacity_.size()); }
    Ladder ladder(size_t j, int k) const { return ladders_.of(j, k); }

    // The water-filled value of `members` on type k (kInfeasible when their
    // fewest GPUs exceed it); their levels go to `levels` when given.
    double fill(int k, const std::vector<size_t> &members, std::vector<int> *levels) const
    {
        int used = 0;
        double total = 0;
        std::vector<int> &level = fill_level_;
        level.assign(members.size(), 0);
        for (size_t m : members) {
            used += ladder(m, k)[0].gpus;
            total += ladder(m, k)[0].value;
        }
        if (used > capacity_[k])
            return kInfeasible;
        for (;;) {
            double best = kEpsilon;
            size_t who = 0;
            int to = -1;
            for (size_t i = 0; i < members.size(); i++) {
                Ladder rungs = ladder(members[i], k);
                const SearchOption &now = rungs[level[i]];
                for (int l = level[i] + 1; l < static_cast<int>(rungs.size()); l++) {
                    int added = rungs[l].gpus - now.gpus;
                    if (used + added > capacity_[k])
                        break;
                    double per_gpu = (rungs[l].value - now.value) / std::max(added, 1);
                    if (per_gpu > best) {
                        best = per_gpu;
                        who = i;
                        to = l;
                    }
                }
            }
            if (to < 0)
                break;
            Ladder rungs = ladder(members[who], k);
            used += rungs[to].gpus - rungs[level[who]].gpus;
            total += rungs[to].value - rungs[level[who]].value;
            level[who] = to;
        }
        if (levels)
            for (size_t i = 0; i < members.size(); i++)
                (*levels)[members[i]] = level[i];
        return total;
    }

    // Type k's members less job `out` and plus job `in` (either may be -1,
    // none), ascending; in a buffer every call reuses.
    const std::vector<size_t> &changed(int k, long out, long in) const
    {
        changed_.clear();
        bool placed = in < 0;
        for (size_t m : members_[k]) {
            if (static_cast<long>(m) == out)
                continue;
            if (!placed && m >= static_cast<size_t>(in)) {
                changed_.push_back(static_cast<size_t>(in));
                placed = true;
            }
            changed_.push_back(m);
        }
        if (!placed)
            changed_.push_back(static_cast<size_t>(in));
        return changed_;
    }

    void set_type(int k, std::vector<size_t> members)
    {
        members_[k] = std::move(members);
        total_[k] = fill(k, members_[k], &level_);
        used_[k] = 0;
        elastic_[k] = 0;
        for (size_t m : members_[k]) {
            used_[k] += ladder(m, k)[level_[m]].gpus;
            elastic_[k] += ladder(m, k).size() > 1;
        }
    }

    bool one_count(size_t j, int k) const { return ladder(j, k).size() == 1; }

    // Type k's value without job j (a member). When no member has a choice
    // of count there is nothing to water-fill: the sum less j's value.
    double value_without(int k, size_t j) const
    {
        if (elastic_[k] - !one_count(j, k) == 0)
            return total_[k] - ladder(j, k)[level_[j]].value;
        return fill(k, changed(k, static_cast<long>(j), -1), nullptr);
    }

    double value_with(int k, size_t j) const
    {
        if (elastic_[k] == 0 && one_count(j, k)) {
            const SearchOption &o = ladder(j, k)[0];
            return used_[k] + o.gpus <= capacity_[k] ? total_[k] + o.value : kInfeasible;
        }
        return fill(k, changed(k, -1, static_cast<long>(j)), nullptr);
    }

    struct Move {
        double gain = kEpsilon;
        size_t job = 0;
        int to = -1;
    };

    // The move of one job to another type that raises the two types'
    // values together most.
    Move best_move() const
    {
        Move best;
        for (size_t j = 0; j < type_.size(); j++) {
            int from = type_[j];
            double left = value_without(from, j);
            for (int k = 0; k < types(); k++) {
                if (k == from || ladder(j, k).empty())
                    continue;
                double gain = left + value_with(k, j) - total_[from] - total_[k];
                if (gain > best.gain)
                    best = Move{gain, j, k};
            }
        }
        return best;
    }

    // Steepest ascent: the best move first, so that a small gain does not
    // take the room a large one needs.
    bool move_jobs()
    {
        bool moved = false;
        for (size_t step = 0; step < kMaxMovesPerJob * type_.size(); step++) {
            Move m = best_move();
            if (m.to < 0)
                break;
            move(m.job, m.to);
            moved = true;
        }
        return moved;
    }

    // The value of job j at its current count on type k, if it has it.
    std::optional<double> at_count_on(size_t j, int k) const
    {
        int gpus = ladder(j, type_[j])[level_[j]].gpus;
        for (const auto &o : ladder(j, k))
            if (o.gpus == gpus)
                return o.value;
        return std::nullopt;
    }

    // Splits the jobs of types a and b between them optimally for their
    // current counts: a knapsack over b's GPUs (knapsack.h), each
    // job that could be on either worth its value on b less its value on a,
    // the GPUs left on b bounded so that the rest fit a. Exact for two
    // types; over more, repeated for every pair while a split gains.
    bool split_pair(int a, int b)
    {
        std::vector<size_t> items;
        std::vector<int> weight;
        std::vector<double> profit;
        size_t members = members_[a].size() + members_[b].size();
        items.reserve(members);
        weight.reserve(members);
        profit.reserve(members);
        int fixed_a = 0, fixed_b = 0, movable_gpus = 0;
        for (int k : {a, b})
            for (size_t j : members_[k]) {
                split_side_[j] = k;
                int gpus = ladder(j, k)[level_[j]].gpus;
                auto on_a = at_count_on(j, a), on_b = at_count_on(j, b);
                if (!on_a || !on_b) {
                    (k == a ? fixed_a : fixed_b) += gpus;
                    continue;
                }
                items.push_back(j);
                weight.push_back(gpus);
                profit.push_back(*on_b - *on_a);
                movable_gpus += gpus;
            }
        if (items.empty())
            return false;
        auto to_b = knapsack(weight, profit, movable_gpus - (capacity_[a] - fixed_a), capacity_[b] - fixed_b);
        if (!to_b)
            return false;
        for (size_t i = 0; i < items.size(); i++)
            split_side_[items[i]] = (*to_b)[i] ? b : a;
        return apply_split(a, b);
    }

    // Moves the members of types a and b to their sides in split_side_
    // when that raises the two types' water-filled values together.
    bool apply_split(int a, int b)
    {
        std::vector<size_t> in_a, in_b;
        in_a.reserve(members_[a].size() + members_[b].size());
        in_b.reserve(members_[a].size() + members_[b].size());
        for (int k : {a, b})
            for (size_t j : members_[k])
                (split_side_[j] == a ? in_a : in_b).push_back(j);
        std::sort(in_a.begin(), in_a.end());
        std::sort(in_b.begin(), in_b.end());
        if (in_a == members_[a] && in_b == members_[b])
            return false;
        double after = fill(a, in_a, nullptr) + fill(b, in_b, nullptr);
        if (!(after > total_[a] + total_[b] + kEpsilon))
            return false;
        for (size_t j : in_a)
            type_[j] = a;
        for (size_t j : in_b)
            type_[j] = b;
        set_type(a, std::move(in_a));
        set_type(b, std::move(in_b));
        return true;
    }

    // The value of type k's members with job `out` removed and job `in`
    // added (either may be none).
    double value_of(int k, long out, long in) const { return fill(k, changed(k, out, in), nullptr); }

    void move(size_t j, int to)
    {
        int from = type_[j];
        set_type(from, changed(from, static_cast<long>(j), -1));
        set_type(to, changed(to, -1, static_cast<long>(j)));
        type_[j] = to;
    }

    struct Chain {
        double gain = kEpsilon;
        size_t x = 0, y = 0;
        int k = -1, m = -1;
    };

    // The best chain of job x to its type k and job y from k on to m.
    void chains_from(size_t x, Chain &best) const
    {
        int a = type_[x];
        for (int k = 0; k < types(); k++) {
            if (k == a || ladder(x, k).empty())
                continue;
            for (size_t y : members_[k])
                for (int m = 0; m < types(); m++) {
                    if (m == k || ladder(y, m).empty())
                        continue;
                    double before = total_[a] + total_[k] + (m == a ? 0 : total_[m]);
                    double after = value_of(k, static_cast<long>(y), static_cast<long>(x));
                    after += m == a ? value_of(a, static_cast<long>(x), static_cast<long>(y))
                                    : value_of(a, static_cast<long>(x), -1) + value_of(m, -1, static_cast<long>(y));
                    if (after - before > best.gain)
                        best = Chain{after - before, x, y, k, m};
                }
        }
    }

    // Two moves that only gain together: job x takes type k, and a job y of
    // k makes room by moving on to a third type (or x's). Tried on small
    // sets only (it costs jobs^2 x types^2 fills).
    bool move_chains()
    {
        if (type_.size() > kMaxChainJobs)
            return false;
        Chain best;
        for (size_t x = 0; x < type_.size(); x++)
            chains_from(x, best);
        if (best.k < 0)
            return false;
        move(best.x, best.k);
        move(best.y, best.m);
        return true;
    }

    bool split_pairs()
    {
        bool changed = false;
        for (int a = 0; a < types(); a++)
            for (int b = a + 1; b < types(); b++)
                changed |= split_pair(a, b);
        return changed;
    }

    std::vector<int> capacity_;
    Ladders ladders_;
    std::vector<int> type_;                     // per job
    std::vector<int> level_;                    // per job: rung of its ladder on its type
    std::vector<std::vector<size_t>> members_;  // per type, ascending
    std::vector<double> total_;                 // per type: water-filled value
    std::vector<int> used_;                     // per type: GPUs at the members' levels
    std::vector<int> elastic_;                  // per type: members with a choice of count
    mutable std::vector<size_t> changed_;       // scratch of changed()
    mutable std::vector<int> fill_level_;       // scratch of fill()
    std::vector<int> split_side_;               // per job: its type in the split being tried
};

}  // namespace

std::vector<int> search_configs(const std::vector<SearchJob> &jobs, const std::vector<int> &capacity)
{
    return Search(jobs, capacity).run();
}

}  // namespace accord::core
