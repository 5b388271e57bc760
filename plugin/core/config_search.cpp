#include "core/config_search.h"

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

// A job's options on one type, fewest GPUs first.
using Ladder = std::vector<SearchOption>;

class Search {
public:
    Search(const std::vector<SearchJob> &jobs, const std::vector<int> &capacity)
        : capacity_(capacity), ladders_(jobs.size(), std::vector<Ladder>(capacity.size())), type_(jobs.size()),
          level_(jobs.size(), 0), members_(capacity.size()), total_(capacity.size(), 0), used_(capacity.size(), 0),
          elastic_(capacity.size(), 0)
    {
        for (size_t j = 0; j < jobs.size(); j++) {
            for (const auto &o : jobs[j].options)
                if (o.type >= 0 && o.type < types())
                    ladders_[j][o.type].push_back(o);
            for (auto &ladder : ladders_[j])
                std::stable_sort(ladder.begin(), ladder.end(),
                                 [](const SearchOption &a, const SearchOption &b) { return a.gpus < b.gpus; });
            type_[j] = jobs[j].type;
            if (type_[j] < 0 || type_[j] >= types() || ladders_[j][type_[j]].empty())
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
            if (!move_jobs() && !swap_jobs())
                break;
        std::vector<int> out(type_.size());
        for (size_t j = 0; j < type_.size(); j++)
            out[j] = ladders_[j][type_[j]][level_[j]].option;
        return out;
    }

private:
    int types() const { return static_cast<int>(capacity_.size()); }

    // The water-filled value of `members` on type k (kInfeasible when their
    // fewest GPUs exceed it); their levels go to `levels` when given.
    double fill(int k, const std::vector<size_t> &members, std::vector<int> *levels) const
    {
        int used = 0;
        double total = 0;
        std::vector<int> level(members.size(), 0);
        for (size_t m : members) {
            used += ladders_[m][k][0].gpus;
            total += ladders_[m][k][0].value;
        }
        if (used > capacity_[k])
            return kInfeasible;
        for (;;) {
            double best = kEpsilon;
            size_t who = 0;
            int to = -1;
            for (size_t i = 0; i < members.size(); i++) {
                const Ladder &ladder = ladders_[members[i]][k];
                const SearchOption &now = ladder[level[i]];
                for (int l = level[i] + 1; l < static_cast<int>(ladder.size()); l++) {
                    int added = ladder[l].gpus - now.gpus;
                    if (used + added > capacity_[k])
                        break;
                    double per_gpu = (ladder[l].value - now.value) / std::max(added, 1);
                    if (per_gpu > best) {
                        best = per_gpu;
                        who = i;
                        to = l;
                    }
                }
            }
            if (to < 0)
                break;
            const Ladder &ladder = ladders_[members[who]][k];
            used += ladder[to].gpus - ladder[level[who]].gpus;
            total += ladder[to].value - ladder[level[who]].value;
            level[who] = to;
        }
        if (levels)
            for (size_t i = 0; i < members.size(); i++)
                (*levels)[members[i]] = level[i];
        return total;
    }

    static std::vector<size_t> without(const std::vector<size_t> &members, size_t j)
    {
        std::vector<size_t> out;
        for (size_t m : members)
            if (m != j)
                out.push_back(m);
        return out;
    }

    static std::vector<size_t> with(std::vector<size_t> members, size_t j)
    {
        members.insert(std::lower_bound(members.begin(), members.end(), j), j);
        return members;
    }

    void set_type(int k, std::vector<size_t> members)
    {
        members_[k] = std::move(members);
        total_[k] = fill(k, members_[k], &level_);
        used_[k] = 0;
        elastic_[k] = 0;
        for (size_t m : members_[k]) {
            used_[k] += ladders_[m][k][level_[m]].gpus;
            elastic_[k] += ladders_[m][k].size() > 1;
        }
    }

    bool one_count(size_t j, int k) const { return ladders_[j][k].size() == 1; }

    // Type k's value without job j (a member). When no member has a choice
    // of count there is nothing to water-fill: the sum less j's value.
    double value_without(int k, size_t j) const
    {
        if (elastic_[k] - !one_count(j, k) == 0)
            return total_[k] - ladders_[j][k][level_[j]].value;
        return fill(k, without(members_[k], j), nullptr);
    }

    double value_with(int k, size_t j) const
    {
        if (elastic_[k] == 0 && one_count(j, k)) {
            const SearchOption &o = ladders_[j][k][0];
            return used_[k] + o.gpus <= capacity_[k] ? total_[k] + o.value : kInfeasible;
        }
        return fill(k, with(members_[k], j), nullptr);
    }

    // Every job in turn moves to the type where the two types' values
    // together rise most, if any.
    bool move_jobs()
    {
        bool moved = false;
        for (size_t j = 0; j < type_.size(); j++) {
            int from = type_[j];
            double left = value_without(from, j);
            double best = kEpsilon;
            int to = -1;
            for (int k = 0; k < types(); k++) {
                if (k == from || ladders_[j][k].empty())
                    continue;
                double gain = left + value_with(k, j) - total_[from] - total_[k];
                if (gain > best) {
                    best = gain;
                    to = k;
                }
            }
            if (to < 0)
                continue;
            set_type(from, without(members_[from], j));
            set_type(to, with(members_[to], j));
            type_[j] = to;
            moved = true;
        }
        return moved;
    }

    // What job j gains by holding its current count on type k instead.
    std::optional<double> gain_on(size_t j, int k) const
    {
        int gpus = ladders_[j][type_[j]][level_[j]].gpus;
        for (const auto &o : ladders_[j][k])
            if (o.gpus == gpus)
                return o.value - ladders_[j][type_[j]][level_[j]].value;
        return std::nullopt;
    }

    // Jobs on type a at `gpus` GPUs that could hold as many on type b, best
    // gain first.
    std::vector<std::pair<double, size_t>> candidates(int a, int b, int gpus) const
    {
        std::vector<std::pair<double, size_t>> out;
        for (size_t j : members_[a])
            if (ladders_[j][a][level_[j]].gpus == gpus)
                if (auto gain = gain_on(j, b))
                    out.emplace_back(*gain, j);
        std::stable_sort(out.begin(), out.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        return out;
    }

    // Pairs the jobs of type a that gain most on type b with those of b
    // that gain most on a, at equal counts; a pair trades types when the two
    // types' water-filled values together rise.
    bool swap_jobs()
    {
        bool swapped = false;
        for (int a = 0; a < types(); a++) {
            for (int b = a + 1; b < types(); b++) {
                std::vector<int> counts;
                for (size_t j : members_[a])
                    counts.push_back(ladders_[j][a][level_[j]].gpus);
                std::sort(counts.begin(), counts.end());
                counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
                for (int gpus : counts)
                    swapped |= swap_at(a, b, gpus);
            }
        }
        return swapped;
    }

    bool swap_at(int a, int b, int gpus)
    {
        auto up = candidates(a, b, gpus), down = candidates(b, a, gpus);
        bool swapped = false;
        for (size_t i = 0; i < std::min(up.size(), down.size()); i++) {
            if (up[i].first + down[i].first <= kEpsilon)
                break;
            size_t x = up[i].second, y = down[i].second;
            bool refill = elastic_[a] || elastic_[b] || !one_count(x, b) || !one_count(y, a);
            auto in_a = with(without(members_[a], x), y), in_b = with(without(members_[b], y), x);
            if (refill && fill(a, in_a, nullptr) + fill(b, in_b, nullptr) <= total_[a] + total_[b] + kEpsilon)
                continue;
            set_type(a, std::move(in_a));
            set_type(b, std::move(in_b));
            type_[x] = b;
            type_[y] = a;
            swapped = true;
        }
        return swapped;
    }

    std::vector<int> capacity_;
    std::vector<std::vector<Ladder>> ladders_;  // [job][type]
    std::vector<int> type_;                     // per job
    std::vector<int> level_;                    // per job: rung of its ladder on its type
    std::vector<std::vector<size_t>> members_;  // per type, ascending
    std::vector<double> total_;                 // per type: water-filled value
    std::vector<int> used_;                     // per type: GPUs at the members' levels
    std::vector<int> elastic_;                  // per type: members with a choice of count
};

}  // namespace

std::vector<int> search_configs(const std::vector<SearchJob> &jobs, const std::vector<int> &capacity)
{
    return Search(jobs, capacity).run();
}

}  // namespace accord::core
