#include "core/allocator_packing.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "core/allocator_order.h"

namespace accord::core {

namespace {

// Hosts alike: the same GPU type, count, kind and rate alone. A waiting job
// does exactly as well with any of them (the same pair rates over the same
// rates), so of a group only the first free host by job index is tried, and
// the host the job already shares with (it needs less to stay). An admitted
// job costs a host w x (log of its rate alone over its rate in the pair,
// plus log(1 + migrate_gain) when it keeps its option), which grows with
// w as a pair slows its host: only the lightest host that keeps and the
// lightest that does not are tried.
struct HostGroup {
    std::set<size_t> by_index;
    std::set<std::pair<double, size_t>> kept, fresh;  // by weight, then index
};

// A host for a job: the pair's worth by the pass's measure (pack_waiting:
// over what the pair needs; pack_admitted: the gain in the objective), the
// best one the largest, ties to the lowest job index (the first one found
// when every admitted job was tried in index order).
struct Seat {
    double worth = 0;
    size_t host = 0;
    int option = -1;
    bool beats(const Seat &o) const { return worth > o.worth || (worth == o.worth && host < o.host); }
};

class Packing {
public:
    Packing(AllocState &s, const PairRates &pairs) : s_(s), pairs_(pairs), group_of_(s.size(), kNone)
    {
        group_hosts();
    }

    void pack_admitted()
    {
        for (size_t j : by_rank(s_)) {
            const AllocChoice &c = s_.choice[j];
            if (!s_.movable(j) || !s_.admitted(j) || c.partner >= 0 || c.shares.size() != 1 || s_.confined_to(j))
                continue;
            Seat best = best_seat(j, Pass::admitted);
            if (best.option < 0)
                continue;
            leave_group(j);
            s_.release(j);
            seat(j, best);
        }
    }

    void pack_waiting()
    {
        size_t hosts = 0;
        for (size_t h = 0; h < s_.size(); h++)
            hosts += s_.admitted(h) && s_.movable(h) && s_.choice[h].shares.size() == 1;
        for (size_t w : by_rank(s_)) {
            if (hosts == 0)
                break;
            if (!s_.movable(w) || s_.admitted(w) || s_.confined_to(w))
                continue;
            Seat best = best_seat(w, Pass::waiting);
            if (best.option >= 0) {
                seat(w, best);
                hosts--;
            }
        }
    }

private:
    static constexpr size_t kNone = static_cast<size_t>(-1);
    enum class Pass { admitted, waiting };

    // Admitted jobs running alone on one node, by group.
    void group_hosts()
    {
        std::map<std::tuple<int, int, uint32_t, double>, size_t> groups;
        for (size_t h = 0; h < s_.size(); h++) {
            const AllocChoice &c = s_.choice[h];
            if (!s_.admitted(h) || !s_.movable(h) || c.partner >= 0 || c.shares.size() != 1)
                continue;
            const JobOption &o = s_.option(h, c.option);
            auto key = std::make_tuple(s_.type(h, c.option), o.gpus, s_.job(h).kind, o.rate);
            auto [it, added] = groups.emplace(key, groups_.size());
            if (added) {
                slots_[{s_.type(h, c.option), o.gpus}].push_back(groups_.size());
                groups_.emplace_back();
            }
            group_of_[h] = it->second;
            HostGroup &g = groups_[group_of_[h]];
            g.by_index.insert(h);
            (keeps(h) ? g.kept : g.fresh).emplace(s_.weight[h], h);
        }
    }

    void leave_group(size_t h)
    {
        if (group_of_[h] == kNone)
            return;
        HostGroup &g = groups_[group_of_[h]];
        g.by_index.erase(h);
        (keeps(h) ? g.kept : g.fresh).erase({s_.weight[h], h});
        group_of_[h] = kNone;
    }

    bool keeps(size_t h) const
    {
        return s_.choice[h].option == s_.job(h).current && s_.choice[h].shares == s_.job(h).held;
    }

    // Job j shares the GPUs of the seat's host.
    void seat(size_t j, const Seat &best)
    {
        s_.choice[j] = AllocChoice{best.option, s_.choice[best.host].shares, static_cast<long>(best.host)};
        s_.choice[best.host].partner = static_cast<long>(j);
        leave_group(best.host);
    }

    // Of every group on one of j's types and counts, the free hosts other
    // than j worth trying (see HostGroup), and j's partner if it is free.
    Seat best_seat(size_t j, Pass pass)
    {
        Seat best;
        for (int o = 0; o < s_.options(j); o++) {
            if (s_.option_with(j, s_.type(j, o), s_.option(j, o).gpus) != o)
                continue;  // not usable, or not the first on its type and count
            auto slot = slots_.find({s_.type(j, o), s_.option(j, o).gpus});
            if (slot == slots_.end())
                continue;
            for (size_t g : slot->second) {
                const HostGroup &hosts = groups_[g];
                if (pass == Pass::waiting) {
                    if (!hosts.by_index.empty())
                        consider(j, o, *hosts.by_index.begin(), pass, best);
                    continue;
                }
                for (const auto *lightest : {&hosts.kept, &hosts.fresh}) {
                    auto h = lightest->begin();
                    if (h != lightest->end() && h->second == j)
                        ++h;
                    if (h != lightest->end())
                        consider(j, o, h->second, pass, best);
                }
            }
        }
        long partner = s_.job(j).partner;
        if (partner >= 0 && group_of_[partner] != kNone) {
            const AllocChoice &c = s_.choice[partner];
            int oj = s_.option_with(j, s_.type(partner, c.option), s_.option(partner, c.option).gpus);
            if (oj >= 0)
                consider(j, oj, static_cast<size_t>(partner), pass, best);
        }
        return best;
    }

    // Host h for job j on its option oj (on h's type and count), when the
    // pair is worth it by the pass's measure.
    void consider(size_t j, int oj, size_t h, Pass pass, Seat &best)
    {
        const auto *rates = pair_rates(j, h);
        if (!rates)
            return;
        const AllocChoice &c = s_.choice[h];
        bool same = s_.job(j).partner == static_cast<long>(h) && s_.job(j).current == oj &&
                    c.option == s_.job(h).current && c.shares == s_.job(h).held;
        double kept = same ? 1 + s_.config().migrate_gain : 1;
        Seat seat{0, h, oj};
        if (pass == Pass::waiting) {
            double needed = same ? 1 : 1 + s_.config().migrate_gain;
            double worth = rates->first / s_.option(h, c.option).rate + rates->second / s_.option(j, oj).rate;
            if (worth < needed)
                return;
            seat.worth = worth / needed;
        } else {
            double paired = s_.weight[h] * std::log(rates->first * kept) + s_.weight[j] * std::log(rates->second * kept);
            seat.worth = paired - s_.value(h, c.option, c.shares) - s_.value(j, s_.choice[j].option, s_.choice[j].shares);
            if (seat.worth <= kAllocEpsilon)
                return;
        }
        if (seat.beats(best))
            best = seat;
    }

    // The rates of host h and job j sharing h's GPUs; null when never
    // measured.
    const std::pair<double, double> *pair_rates(size_t j, size_t h)
    {
        int oh = s_.choice[h].option;
        const JobOption &host = s_.option(h, oh);
        auto key = std::make_tuple(s_.job(h).kind, s_.job(j).kind, s_.type(h, oh), host.gpus);
        auto it = rates_.find(key);
        if (it == rates_.end())
            it = rates_.emplace(key, pairs_.rates(s_.job(h).kind, s_.job(j).kind, host.gpu_type, host.gpus)).first;
        const auto &rates = it->second;
        if (!rates || rates->first <= 0 || rates->second <= 0)
            return nullptr;
        return &*rates;
    }

    AllocState &s_;
    const PairRates &pairs_;
    std::vector<HostGroup> groups_;
    std::map<std::pair<int, int>, std::vector<size_t>> slots_;  // by type and count: the groups there
    std::vector<size_t> group_of_;  // per job: the group it is a free host in, or kNone
    // Asked once per round: by host kind, guest kind, type and count.
    std::map<std::tuple<uint32_t, uint32_t, int, int>, std::optional<std::pair<double, double>>> rates_;
};

}  // namespace

void pack_admitted(AllocState &s, const PairRates &pairs)
{
    Packing(s, pairs).pack_admitted();
}

void pack_waiting(AllocState &s, const PairRates &pairs)
{
    Packing(s, pairs).pack_waiting();
}

}  // namespace accord::core
