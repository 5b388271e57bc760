#include "core/allocator_admission.h"

#include <algorithm>
#include <optional>

#include "core/allocator_order.h"

namespace accord::core {

void keep_unmovable(AllocState &s)
{
    for (size_t j = 0; j < s.size(); j++) {
        if (s.movable(j))
            continue;
        const AllocJob &job = s.job(j);
        long p = job.partner;
        bool pair = p >= 0 && !s.movable(static_cast<size_t>(p));
        if (pair && p < static_cast<long>(j))
            s.choice[j] = AllocChoice{job.current, job.held, p};
        else
            s.take(j, job.current, job.held);
        s.choice[j].partner = pair ? p : -1;
    }
}

namespace {

// Admission's own state: the holders not yet reached, on their nodes and
// by type.
class Admission {
public:
    explicit Admission(AllocState &s)
        : s_(s), reserved_(s.size(), false), on_node_start_(s.pool.nodes() + 1, 0), of_type_(s.pool.types()),
          first_reserved_(s.pool.types(), 0)
    {
    }

    void run(const std::vector<size_t> &order)
    {
        reserve_holders();
        for (size_t j : order) {
            if (reserved_[j]) {
                reserved_[j] = false;
                s_.choice[j] = AllocChoice{s_.job(j).current, s_.job(j).held};
            } else if (!s_.admitted(j) && !s_.place_on_free(j)) {
                place_displacing(j);
            }
        }
    }

private:
    // Holders keep their nodes until admission reaches them or a job
    // earlier in the order displaces them.
    void reserve_holders()
    {
        std::vector<size_t> holders;
        for (size_t j = 0; j < s_.size(); j++) {
            const AllocJob &job = s_.job(j);
            if (!s_.movable(j) || job.current < 0 || job.held.empty() || !s_.usable(j, job.current) || guest(s_, j))
                continue;
            s_.pool.take(job.held);
            reserved_[j] = true;
            holders.push_back(j);
        }
        list_by_type(holders);
        list_by_node(holders);
    }

    // Every type's holders (once each, however many of its nodes they
    // hold), lowest priority first.
    void list_by_type(const std::vector<size_t> &holders)
    {
        for (size_t j : holders) {
            const Shares &held = s_.job(j).held;
            for (auto share = held.begin(); share != held.end(); ++share) {
                int type = s_.pool.type_of(share->node);
                auto on_type = [&](const NodeShare &s) { return s_.pool.type_of(s.node) == type; };
                if (std::none_of(held.begin(), share, on_type))
                    of_type_[type].push_back(j);
            }
        }
        for (auto &of_type : of_type_)
            std::sort(of_type.begin(), of_type.end(), [&](size_t a, size_t b) { return s_.rank[a] > s_.rank[b]; });
    }

    // Every node's holders, in job order, in one array.
    void list_by_node(const std::vector<size_t> &holders)
    {
        for (size_t j : holders)
            for (const auto &share : s_.job(j).held)
                on_node_start_[share.node + 1]++;
        for (size_t n = 0; n + 1 < on_node_start_.size(); n++)
            on_node_start_[n + 1] += on_node_start_[n];
        on_node_.resize(on_node_start_.back());
        std::vector<size_t> next(on_node_start_.begin(), on_node_start_.end() - 1);
        for (size_t j : holders)
            for (const auto &share : s_.job(j).held)
                on_node_[next[share.node]++] = j;
    }

    int held_gpus(size_t h) const { return s_.option(h, s_.job(h).current).gpus; }

    // The type's reserved holders, lowest priority first, from the first
    // still reserved (holders once reached or displaced stay so).
    std::pair<const size_t *, const size_t *> reserved_of(int type)
    {
        const auto &holders = of_type_[type];
        size_t &first = first_reserved_[type];
        while (first < holders.size() && !reserved_[holders[first]])
            first++;
        return {holders.data() + first, holders.data() + holders.size()};
    }

    // The reserved holders on `node` that would free it, lowest priority
    // first, until the node has `gpus` free, into `victims`; false when
    // they cannot.
    bool victims_on(size_t node, int gpus, std::vector<size_t> &victims)
    {
        holders_.clear();
        for (size_t k = on_node_start_[node]; k < on_node_start_[node + 1]; k++)
            if (reserved_[on_node_[k]])
                holders_.push_back(on_node_[k]);
        std::sort(holders_.begin(), holders_.end(), [&](size_t a, size_t b) { return s_.rank[a] > s_.rank[b]; });
        int free = s_.pool.free_on(node);
        victims.clear();
        for (size_t h = 0; h < holders_.size() && free < gpus; h++) {
            victims.push_back(holders_[h]);
            for (const auto &share : s_.job(holders_[h]).held)
                free += share.node == node ? share.gpus : 0;
        }
        return free >= gpus;
    }

    // One node for option o made free by displacing reserved holders later
    // in the order: the node where that displaces the fewest GPUs. Only
    // tried once no node has the GPUs free, so a type without reserved
    // holders has none to offer.
    std::optional<Candidate> displacing_placement(size_t j, int o)
    {
        if (!s_.usable(j, o))
            return std::nullopt;
        int type = s_.type(j, o), gpus = s_.option(j, o).gpus;
        if (gpus > s_.pool.largest_node(type))
            return displacing_spread(j, o);
        auto [first, last] = reserved_of(type);
        if (first == last && gpus > 0)
            return std::nullopt;
        std::optional<Candidate> best;
        int best_cost = 0;
        for (size_t n : s_.pool.nodes_of(type)) {
            if (s_.pool.capacity_of(n) < gpus || !s_.pool.allows(s_.confined_to(j), n) ||
                !victims_on(n, gpus, victims_))
                continue;
            int cost = 0;
            for (size_t h : victims_)
                cost += held_gpus(h);
            if (!best || cost < best_cost) {
                best = Candidate{o, Shares{NodeShare{n, gpus}}, victims_};
                best_cost = cost;
            }
        }
        return best;
    }

    // What holder h holds on nodes `allowed` allows.
    int held_gpus_on(size_t h, const NodeMask *allowed) const
    {
        if (!allowed)
            return held_gpus(h);
        int gpus = 0;
        for (const auto &share : s_.job(h).held)
            gpus += s_.pool.allows(allowed, share.node) ? share.gpus : 0;
        return gpus;
    }

    // A count no node holds, spread over GPUs freed by displacing reserved
    // holders of the type, lowest priority first (on nodes j may use).
    std::optional<Candidate> displacing_spread(size_t j, int o)
    {
        int type = s_.type(j, o), gpus = s_.option(j, o).gpus;
        const NodeMask *allowed = s_.confined_to(j);
        auto [first, last] = reserved_of(type);
        // Counted before the victims are listed: most options find too few.
        int free = s_.pool.free_gpus(type, allowed);
        const size_t *end = first;
        for (; end != last && free < gpus; end++)
            if (reserved_[*end])
                free += held_gpus_on(*end, allowed);
        if (free < gpus)
            return std::nullopt;
        std::vector<size_t> victims;
        for (const size_t *h = first; h != end; h++)
            if (reserved_[*h] && held_gpus_on(*h, allowed) > 0)
                victims.push_back(*h);
        return Candidate{o, {}, std::move(victims)};
    }

    // The first option, in the job's order, that displacing makes room for.
    void place_displacing(size_t j)
    {
        std::optional<Candidate> best;
        for (int o = 0; !best && o < s_.options(j); o++)
            best = displacing_placement(j, o);
        if (!best)
            return;
        for (size_t h : best->victims)
            if (reserved_[h]) {
                reserved_[h] = false;
                s_.pool.release(s_.job(h).held);
            }
        if (best->shares.empty())
            best->shares =
                s_.pool.spread(s_.type(j, best->option), s_.option(j, best->option).gpus, s_.confined_to(j));
        s_.take(j, best->option, std::move(best->shares));
    }

    AllocState &s_;
    std::vector<char> reserved_;                   // holder still on its nodes, not yet reached
    std::vector<size_t> on_node_;                  // holders reserved on each node, node after node
    std::vector<size_t> on_node_start_;            // per node: where its holders start in on_node_
    std::vector<std::vector<size_t>> of_type_;     // per type: holders reserved on it, lowest priority first
    std::vector<size_t> first_reserved_;           // per type: where its first still reserved holder is
    std::vector<size_t> holders_, victims_;        // scratch of victims_on() and its caller
};

}  // namespace

void admit(AllocState &s, const std::vector<size_t> &order)
{
    Admission(s).run(order);
}

}  // namespace accord::core
