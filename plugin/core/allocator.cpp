#include "core/allocator.h"

#include "core/config_search.h"
#include "core/predicted_fairness.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

namespace accord::core {

namespace {

constexpr double kEpsilon = 1e-9;
constexpr int kMaxImprovementPasses = 16;

struct Candidate {
    int option = -1;
    Shares shares;
    std::vector<size_t> victims;  // holders it displaces
};

class Allocation {
public:
    Allocation(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes, const AllocConfig &config,
               const PairRates *pairs)
        : jobs_(jobs), config_(config), pairs_(pairs), pool_(nodes), capacity_(nodes.size()), choice_(jobs.size()),
          reserved_(jobs.size(), false), rank_(jobs.size(), 0), weight_(jobs.size(), 1), slowest_(jobs.size(), 1), fastest_(jobs.size(), 0), type_(jobs.size()),
          holders_on_(nodes.size())
    {
        for (size_t n = 0; n < nodes.size(); n++)
            capacity_[n] = nodes[n].gpus;
        for (size_t j = 0; j < jobs.size(); j++) {
            double slowest = 0;
            for (size_t o = 0; o < jobs[j].options.size(); o++) {
                type_[j].push_back(pool_.type_id(jobs[j].options[o].gpu_type));
                double rate = type_[j][o] >= 0 ? jobs[j].options[o].rate : 0;
                if (rate > 0)
                    slowest = slowest == 0 ? rate : std::min(slowest, rate);
                fastest_[j] = std::max(fastest_[j], rate);
            }
            slowest_[j] = slowest > 0 ? slowest : 1;
        }
    }

    std::vector<AllocChoice> run()
    {
        keep_unmovable();
        order_ = priority_order();
        reserve_holders();
        admit();
        search_types();
        admit_waiting();
        improve();
        if (pairs_)
            pack_waiting();
        return choice_;
    }

private:
    bool movable(size_t j) const { return jobs_[j].movable || jobs_[j].current < 0; }
    bool admitted(size_t j) const { return choice_[j].option >= 0; }
    const JobOption &option(size_t j, int o) const { return jobs_[j].options[o]; }
    bool usable(size_t j, int o) const { return type_[j][o] >= 0 && option(j, o).rate > 0; }

    // Spread over nodes although one node could hold it.
    bool spread(size_t j, int o, const Shares &shares) const
    {
        return shares.size() > 1 && option(j, o).gpus <= pool_.largest_node(type_[j][o]);
    }

    // Spreading a job one node could hold is allowed when it is no slower
    // than the job's slowest one-node option: never a waste of GPUs.
    bool may_spread(size_t j, int o) const
    {
        return option(j, o).gpus > pool_.largest_node(type_[j][o]) || option(j, o).spread_rate >= slowest_[j];
    }

    // The job's worth on an option placed on `shares`: the log of its rate
    // there (proportional fairness: a job's unit of work cancels out, and
    // the same relative speedup counts the same for every job), its rate
    // raised by the migration threshold when nothing changes.
    double value(size_t j, int o, const Shares &shares) const
    {
        const JobOption &opt = option(j, o);
        double rate = spread(j, o, shares) ? opt.spread_rate : opt.rate;
        bool kept = o == jobs_[j].current && shares == jobs_[j].held;
        return weight_[j] * std::log(kept ? rate * (1 + config_.migrate_gain) : rate);
    }

    void take(size_t j, int o, const Shares &shares)
    {
        choice_[j] = AllocChoice{o, shares};
        pool_.take(shares);
    }

    void release(size_t j)
    {
        pool_.release(choice_[j].shares);
        choice_[j] = AllocChoice{};
    }

    // An unmovable pair keeps sharing its GPUs, counted once.
    void keep_unmovable()
    {
        for (size_t j = 0; j < jobs_.size(); j++) {
            if (movable(j))
                continue;
            long p = jobs_[j].partner;
            bool pair = p >= 0 && !movable(static_cast<size_t>(p));
            if (pair && p < static_cast<long>(j))
                choice_[j] = AllocChoice{jobs_[j].current, jobs_[j].held, p};
            else
                take(j, jobs_[j].current, jobs_[j].held);
            choice_[j].partner = pair ? p : -1;
        }
    }

    // The later of two jobs sharing GPUs in the order is the pair's guest:
    // it holds nothing of its own (packing may seat it there again).
    bool guest(size_t j) const
    {
        long p = jobs_[j].partner;
        return p >= 0 && rank_[static_cast<size_t>(p)] < rank_[j];
    }

    // Holders keep their nodes until admission reaches them or a job
    // earlier in the order displaces them.
    void reserve_holders()
    {
        for (size_t j = 0; j < jobs_.size(); j++) {
            if (!movable(j) || jobs_[j].current < 0 || jobs_[j].held.empty() || !usable(j, jobs_[j].current) ||
                guest(j))
                continue;
            pool_.take(jobs_[j].held);
            reserved_[j] = true;
            for (const auto &s : jobs_[j].held)
                holders_on_[s.node].push_back(j);
        }
    }

    int queue_of(const AllocJob &job) const
    {
        if (job.attained_gpu_s < config_.first_queue_gpu_s)
            return 0;
        double passed = std::log(job.attained_gpu_s / config_.first_queue_gpu_s) / std::log(config_.queue_factor);
        return 1 + static_cast<int>(std::floor(passed));
    }

    std::vector<size_t> priority_order()
    {
        std::vector<size_t> order;
        std::vector<int> queue(jobs_.size());
        for (size_t j = 0; j < jobs_.size(); j++) {
            queue[j] = queue_of(jobs_[j]);
            if (movable(j))
                order.push_back(j);
        }
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            bool over_a = over_fairness_bound(jobs_[a].rho, config_.fairness_bound);
            bool over_b = over_fairness_bound(jobs_[b].rho, config_.fairness_bound);
            bool held_a = jobs_[a].current >= 0, held_b = jobs_[b].current >= 0;
            if (over_a != over_b)
                return over_a;
            return queue[a] != queue[b] ? queue[a] < queue[b] : held_a > held_b;
        });
        for (size_t r = 0; r < order.size(); r++) {
            rank_[order[r]] = r;
            weight_[order[r]] = std::pow(static_cast<double>(order.size() - r), config_.rank_weight);
        }
        return order;
    }

    // Where option o could go on free GPUs: back on its own nodes when it
    // is the option it holds, else one node, else spread when allowed.
    std::optional<Shares> free_placement(size_t j, int o) const
    {
        if (!usable(j, o))
            return std::nullopt;
        const AllocJob &job = jobs_[j];
        if (o == job.current && !job.held.empty() &&
            std::all_of(job.held.begin(), job.held.end(),
                        [&](const NodeShare &s) { return pool_.free_on(s.node) >= s.gpus; }))
            return job.held;
        int type = type_[j][o], gpus = option(j, o).gpus;
        if (gpus <= pool_.largest_node(type))
            if (auto node = pool_.best_fit(type, gpus))
                return Shares{NodeShare{*node, gpus}};
        if (!may_spread(j, o))
            return std::nullopt;
        Shares shares = pool_.spread(type, gpus);
        return shares.empty() ? std::nullopt : std::optional<Shares>(shares);
    }

    // GPUs the reserved holders on `node` would free, lowest priority first,
    // until the node has `gpus` free; empty when they cannot.
    std::optional<std::vector<size_t>> victims_on(size_t node, int gpus) const
    {
        std::vector<size_t> holders;
        for (size_t h : holders_on_[node])
            if (reserved_[h])
                holders.push_back(h);
        std::sort(holders.begin(), holders.end(), [&](size_t a, size_t b) { return rank_[a] > rank_[b]; });
        int free = pool_.free_on(node);
        std::vector<size_t> victims;
        for (size_t h = 0; h < holders.size() && free < gpus; h++) {
            victims.push_back(holders[h]);
            for (const auto &s : jobs_[holders[h]].held)
                free += s.node == node ? s.gpus : 0;
        }
        if (free < gpus)
            return std::nullopt;
        return victims;
    }

    int gpus_held(const std::vector<size_t> &holders) const
    {
        int total = 0;
        for (size_t h : holders)
            total += jobs_[h].options[jobs_[h].current].gpus;
        return total;
    }

    // One node for option o made free by displacing reserved holders later
    // in the order: the node where that displaces the fewest GPUs.
    std::optional<Candidate> displacing_placement(size_t j, int o) const
    {
        if (!usable(j, o))
            return std::nullopt;
        int type = type_[j][o], gpus = option(j, o).gpus;
        if (gpus > pool_.largest_node(type))
            return displacing_spread(j, o);
        std::optional<Candidate> best;
        int best_cost = 0;
        for (size_t n : pool_.nodes_of(type)) {
            if (capacity_[n] < gpus)
                continue;
            auto victims = victims_on(n, gpus);
            if (!victims)
                continue;
            int cost = gpus_held(*victims);
            if (!best || cost < best_cost) {
                best = Candidate{o, Shares{NodeShare{n, gpus}}, *victims};
                best_cost = cost;
            }
        }
        return best;
    }

    // A count no node holds, spread over GPUs freed by displacing reserved
    // holders of the type, lowest priority first.
    std::optional<Candidate> displacing_spread(size_t j, int o) const
    {
        int type = type_[j][o], gpus = option(j, o).gpus;
        std::vector<size_t> holders;
        for (size_t n : pool_.nodes_of(type))
            for (size_t h : holders_on_[n])
                if (reserved_[h] && std::find(holders.begin(), holders.end(), h) == holders.end())
                    holders.push_back(h);
        std::sort(holders.begin(), holders.end(), [&](size_t a, size_t b) { return rank_[a] > rank_[b]; });
        int free = pool_.free_gpus(type);
        std::vector<size_t> victims;
        for (size_t k = 0; k < holders.size() && free < gpus; k++) {
            victims.push_back(holders[k]);
            free += jobs_[holders[k]].options[jobs_[holders[k]].current].gpus;
        }
        if (free < gpus)
            return std::nullopt;
        return Candidate{o, {}, victims};
    }

    // Fewest GPUs first (every job that can run does; growth comes later),
    // then the better normalised rate, a displacing placement counting its
    // rate lowered by the migration threshold.
    bool better(size_t j, const Candidate &a, const Candidate &b) const
    {
        int ga = option(j, a.option).gpus, gb = option(j, b.option).gpus;
        if (ga != gb)
            return ga < gb;
        auto worth = [&](const Candidate &c) {
            double v = value(j, c.option, c.shares);
            return c.victims.empty() ? v : v / (1 + config_.migrate_gain);
        };
        return worth(a) > worth(b) + kEpsilon;
    }

    void displace(const std::vector<size_t> &victims)
    {
        for (size_t h : victims) {
            if (!reserved_[h])
                continue;
            reserved_[h] = false;
            pool_.release(jobs_[h].held);
        }
    }

    void place_fresh(size_t j, bool may_displace)
    {
        std::optional<Candidate> best;
        for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++) {
            std::optional<Candidate> c;
            if (auto shares = free_placement(j, o))
                c = Candidate{o, *shares, {}};
            if (c && (!best || better(j, *c, *best)))
                best = c;
        }
        for (int o = 0; !best && may_displace && o < static_cast<int>(jobs_[j].options.size()); o++) {
            std::optional<Candidate> c = displacing_placement(j, o);
            if (c && (!best || better(j, *c, *best)))
                best = c;
        }
        if (!best)
            return;
        displace(best->victims);
        if (best->shares.empty())
            best->shares = pool_.spread(type_[j][best->option], option(j, best->option).gpus);
        take(j, best->option, best->shares);
    }

    void admit()
    {
        for (size_t j : order_) {
            if (reserved_[j]) {
                reserved_[j] = false;
                choice_[j] = AllocChoice{jobs_[j].current, jobs_[j].held};
            } else if (!admitted(j)) {
                place_fresh(j, true);
            }
        }
    }

    void admit_waiting()
    {
        std::vector<size_t> order(jobs_.size());
        for (size_t j = 0; j < jobs_.size(); j++)
            order[j] = j;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank_[a] < rank_[b]; });
        for (size_t j : order)
            if (movable(j) && !admitted(j))
                place_fresh(j, false);
    }

    struct Move {
        double key = 0;
        size_t job = 0;
        int option = -1;
    };

    // The best move of an admitted job to free GPUs, if any raises its worth.
    std::optional<Move> best_move(size_t j)
    {
        AllocChoice held = choice_[j];
        double now = value(j, held.option, held.shares);
        if (now >= std::log(fastest_[j]) - kEpsilon)
            return std::nullopt;
        pool_.release(held.shares);
        std::optional<Move> best;
        for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++) {
            if (o == held.option)
                continue;
            auto shares = free_placement(j, o);
            if (!shares)
                continue;
            double gain = value(j, o, *shares) - now;
            int added = option(j, o).gpus - option(j, held.option).gpus;
            double key = added > 0 ? gain / added : gain;
            if (gain > kEpsilon && (!best || key > best->key + kEpsilon))
                best = Move{key, j, o};
        }
        pool_.take(held.shares);
        return best;
    }

    // Moves to free GPUs, best gain per added GPU first; each is checked
    // again when its turn comes, as earlier moves take GPUs.
    bool move_to_free()
    {
        std::vector<Move> moves;
        for (size_t j = 0; j < jobs_.size(); j++)
            if (admitted(j) && movable(j))
                if (auto m = best_move(j))
                    moves.push_back(*m);
        std::stable_sort(moves.begin(), moves.end(), [](const Move &a, const Move &b) { return a.key > b.key; });
        bool moved = false;
        for (const auto &m : moves) {
            auto again = best_move(m.job);
            if (!again)
                continue;
            AllocChoice held = choice_[m.job];
            release(m.job);
            take(m.job, again->option, *free_placement(m.job, again->option));
            moved |= choice_[m.job].option != held.option;
        }
        return moved;
    }

    int option_with(size_t j, int type, int gpus) const
    {
        for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++)
            if (type_[j][o] == type && option(j, o).gpus == gpus && option(j, o).rate > 0)
                return o;
        return -1;
    }

    // A job's place for swapping: its type, count and whether it is spread.
    struct Slot {
        int type;
        int gpus;
        bool spread;
        bool operator<(const Slot &o) const
        {
            return std::tie(type, gpus, spread) < std::tie(o.type, o.gpus, o.spread);
        }
    };

    Slot slot_of(size_t j) const
    {
        const AllocChoice &c = choice_[j];
        return Slot{type_[j][c.option], option(j, c.option).gpus, spread(j, c.option, c.shares)};
    }

    // Jobs in slot `from` that could take the nodes of a job in slot `to`,
    // with what they gain by it, best gain first.
    std::vector<std::pair<double, size_t>> swap_candidates(const std::vector<size_t> &in_from, const Slot &to,
                                                           const Shares &sample) const
    {
        std::vector<std::pair<double, size_t>> out;
        for (size_t j : in_from) {
            int o = option_with(j, to.type, to.gpus);
            if (o < 0 || (to.spread && !may_spread(j, o)))
                continue;
            out.emplace_back(value(j, o, sample) - value(j, choice_[j].option, choice_[j].shares), j);
        }
        std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        return out;
    }

    // Pairs the jobs of slot a that gain most on slot b with the jobs of
    // slot b that gain most on slot a; the two exchange nodes.
    bool swap_slots()
    {
        std::map<Slot, std::vector<size_t>> by_slot;
        for (size_t j = 0; j < jobs_.size(); j++)
            if (admitted(j) && movable(j))
                by_slot[slot_of(j)].push_back(j);
        bool swapped = false;
        for (auto a = by_slot.begin(); a != by_slot.end(); ++a) {
            for (auto b = std::next(a); b != by_slot.end(); ++b) {
                if (a->first.gpus != b->first.gpus || a->first.spread != b->first.spread ||
                    a->first.type == b->first.type)
                    continue;
                auto up = swap_candidates(a->second, b->first, choice_[b->second.front()].shares);
                auto down = swap_candidates(b->second, a->first, choice_[a->second.front()].shares);
                for (size_t k = 0; k < std::min(up.size(), down.size()); k++) {
                    if (up[k].first + down[k].first <= kEpsilon)
                        break;
                    exchange(up[k].second, down[k].second);
                    swapped = true;
                }
            }
        }
        return swapped;
    }

    void exchange(size_t x, size_t y)
    {
        AllocChoice cx = choice_[x], cy = choice_[y];
        int ox = option_with(x, type_[y][cy.option], option(y, cy.option).gpus);
        int oy = option_with(y, type_[x][cx.option], option(x, cx.option).gpus);
        choice_[x] = AllocChoice{ox, cy.shares};
        choice_[y] = AllocChoice{oy, cx.shares};
    }

    // Tiles the nodes of its type: a power of two no larger than a node, or
    // whole nodes. Elastic jobs grow only in such steps, so that counts pack
    // nodes without leaving holes.
    bool tiles(size_t j, int o) const
    {
        int gpus = option(j, o).gpus, node = pool_.largest_node(type_[j][o]);
        return gpus <= node ? (gpus & (gpus - 1)) == 0 : gpus % node == 0;
    }

    // The admitted jobs' types and counts, chosen on pooled GPUs
    // (config_search.h) and then placed on nodes.
    void search_types()
    {
        std::vector<size_t> admitted_jobs;
        std::vector<SearchJob> search;
        for (size_t j = 0; j < jobs_.size(); j++) {
            if (!admitted(j) || !movable(j))
                continue;
            int fewest = option(j, choice_[j].option).gpus;
            for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++)
                if (usable(j, o))
                    fewest = std::min(fewest, option(j, o).gpus);
            SearchJob s;
            s.type = type_[j][choice_[j].option];
            for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++) {
                if (!usable(j, o) || !(o == choice_[j].option || option(j, o).gpus == fewest || tiles(j, o)))
                    continue;
                Shares where = o == jobs_[j].current ? jobs_[j].held : Shares{};
                s.options.push_back(SearchOption{o, type_[j][o], option(j, o).gpus, value(j, o, where)});
            }
            search.push_back(std::move(s));
            admitted_jobs.push_back(j);
        }
        std::vector<AllocChoice> admitted_as;
        for (size_t j : admitted_jobs) {
            admitted_as.push_back(choice_[j]);
            release(j);
        }
        std::vector<int> capacity(pool_.types());
        for (int k = 0; k < pool_.types(); k++)
            capacity[k] = pool_.free_gpus(k);
        std::vector<int> chosen = search_configs(search, capacity);
        place_searched(admitted_jobs, admitted_as, chosen);
    }

    // Jobs whose option the search kept keep the nodes admission gave them;
    // the others are placed largest first (as the shells place them), and
    // one that no longer fits takes a smaller count of the same type, else
    // anything free.
    void place_searched(const std::vector<size_t> &admitted_jobs, const std::vector<AllocChoice> &admitted_as,
                        const std::vector<int> &chosen)
    {
        std::vector<std::pair<size_t, int>> fresh;
        for (size_t i = 0; i < admitted_jobs.size(); i++) {
            size_t j = admitted_jobs[i];
            if (chosen[i] == admitted_as[i].option)
                take(j, chosen[i], admitted_as[i].shares);
            else
                fresh.emplace_back(j, chosen[i]);
        }
        std::stable_sort(fresh.begin(), fresh.end(), [&](const auto &a, const auto &b) {
            int ga = option(a.first, a.second).gpus, gb = option(b.first, b.second).gpus;
            return ga != gb ? ga > gb : jobs_[a.first].id < jobs_[b.first].id;
        });
        for (const auto &[j, o] : fresh) {
            if (auto shares = free_placement(j, o)) {
                take(j, o, *shares);
                continue;
            }
            int best = -1;
            for (int s = 0; s < static_cast<int>(jobs_[j].options.size()); s++)
                if (type_[j][s] == type_[j][o] && option(j, s).gpus < option(j, o).gpus && free_placement(j, s) &&
                    (best < 0 || option(j, s).gpus > option(j, best).gpus))
                    best = s;
            if (best >= 0)
                take(j, best, *free_placement(j, best));
            else
                place_fresh(j, false);
        }
    }

    // How much a waiting job w and host h together do sharing h's GPUs,
    // each rate over what it does alone there; 0 when never measured.
    double pair_worth(size_t w, int ow, size_t h) const
    {
        const JobOption &oh = option(h, choice_[h].option);
        auto key = std::make_tuple(jobs_[h].kind, jobs_[w].kind, type_[h][choice_[h].option], oh.gpus);
        auto it = pair_rates_.find(key);
        if (it == pair_rates_.end())
            it = pair_rates_.emplace(key, pairs_->rates(jobs_[h].kind, jobs_[w].kind, oh.gpu_type, oh.gpus)).first;
        const auto &rates = it->second;
        if (!rates || rates->first <= 0 || rates->second <= 0)
            return 0;
        return rates->first / oh.rate + rates->second / option(w, ow).rate;
    }

    // Waiting jobs, earliest in the order first, share the GPUs of an
    // admitted job of the same count running alone on one node, the pair
    // that does most; only when the pair does at least as much as the host
    // alone (Gandiva's rule), raised by the migration threshold unless they
    // already share: a new pair restarts both.
    void pack_waiting()
    {
        std::vector<size_t> order(jobs_.size());
        for (size_t j = 0; j < jobs_.size(); j++)
            order[j] = j;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank_[a] < rank_[b]; });
        size_t hosts = 0;
        for (size_t h = 0; h < jobs_.size(); h++)
            hosts += admitted(h) && movable(h) && choice_[h].shares.size() == 1;
        for (size_t w : order) {
            if (hosts == 0)
                break;
            if (!movable(w) || admitted(w))
                continue;
            double best = 0;
            size_t host = 0;
            int as = -1;
            for (size_t h = 0; h < jobs_.size(); h++) {
                if (!admitted(h) || !movable(h) || choice_[h].partner >= 0 || choice_[h].shares.size() != 1)
                    continue;
                int ow = option_with(w, type_[h][choice_[h].option], option(h, choice_[h].option).gpus);
                if (ow < 0)
                    continue;
                bool same = jobs_[w].partner == static_cast<long>(h) && jobs_[w].current == ow &&
                             choice_[h].option == jobs_[h].current && choice_[h].shares == jobs_[h].held;
                double needed = same ? 1 : 1 + config_.migrate_gain;
                double worth = pair_worth(w, ow, h);
                if (worth >= needed && worth / needed > best) {
                    best = worth / needed;
                    host = h;
                    as = ow;
                }
            }
            if (as < 0)
                continue;
            choice_[w] = AllocChoice{as, choice_[host].shares, static_cast<long>(host)};
            choice_[host].partner = static_cast<long>(w);
            hosts--;
        }
    }

    void improve()
    {
        for (int pass = 0; pass < kMaxImprovementPasses; pass++)
            if (!move_to_free() && !swap_slots())
                break;
    }

    const std::vector<AllocJob> &jobs_;
    const AllocConfig &config_;
    const PairRates *pairs_;
    mutable std::map<std::tuple<uint32_t, uint32_t, int, int>, std::optional<std::pair<double, double>>>
        pair_rates_;  // asked once per round
    NodePool pool_;
    std::vector<int> capacity_;              // per node
    std::vector<AllocChoice> choice_;
    std::vector<bool> reserved_;             // holder still on its nodes, not yet reached
    std::vector<size_t> order_;              // movable jobs, first in the order first
    std::vector<size_t> rank_;               // place in the priority order
    std::vector<double> weight_;
    std::vector<double> slowest_;            // per job: its slowest one-node rate
    std::vector<double> fastest_;            // per job: its fastest rate
    std::vector<std::vector<int>> type_;     // per job and option: the pool's type id
    std::vector<std::vector<size_t>> holders_on_;  // per node: holders reserved there
};

}  // namespace

std::vector<AllocChoice> allocate(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes,
                                  const AllocConfig &config, const PairRates *pairs)
{
    return Allocation(jobs, nodes, config, pairs).run();
}

}  // namespace accord::core
