#include "core/allocator_packing.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "core/allocator_order.h"

namespace accord::core {

namespace {

// Hosts alike: the same GPU type, count, kind and rate alone. A waiting job
// does exactly as well with any of them (the same pair rates over the same
// rates), so of a group only the first free host by job index is tried, and
// the host the job already shares with (it needs less to stay).
using HostGroup = std::vector<size_t>;  // its free hosts, ascending

// A host for a waiting job: the pair's worth over what it needs, the best
// one the largest, ties to the lowest job index (the first one found when
// every admitted job was tried in index order).
struct Seat {
    double worth = 0;
    size_t host = 0;
    int option = -1;
    bool beats(const Seat &o) const { return worth > o.worth || (worth == o.worth && host < o.host); }
};

class Packing {
public:
    Packing(AllocState &s, const PairRates &pairs) : s_(s), pairs_(pairs), group_of_(s.size(), kNone) {}

    void run()
    {
        size_t hosts = 0;
        for (size_t h = 0; h < s_.size(); h++)
            hosts += s_.admitted(h) && s_.movable(h) && s_.choice[h].shares.size() == 1;
        group_hosts();
        for (size_t w : by_rank(s_)) {
            if (hosts == 0)
                break;
            if (!s_.movable(w) || s_.admitted(w))
                continue;
            if (seat(w))
                hosts--;
        }
    }

private:
    static constexpr size_t kNone = static_cast<size_t>(-1);

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
            groups_[it->second].push_back(h);
            group_of_[h] = it->second;
        }
    }

    // Seats waiting job w with the best host, if one is worth it.
    bool seat(size_t w)
    {
        Seat best = best_seat(w);
        if (best.option < 0)
            return false;
        s_.choice[w] = AllocChoice{best.option, s_.choice[best.host].shares, static_cast<long>(best.host)};
        s_.choice[best.host].partner = static_cast<long>(w);
        HostGroup &hosts = groups_[group_of_[best.host]];
        hosts.erase(std::find(hosts.begin(), hosts.end(), best.host));
        group_of_[best.host] = kNone;
        return true;
    }

    // The first free host of every group on one of w's types and counts,
    // and w's partner if it is free.
    Seat best_seat(size_t w)
    {
        Seat best;
        for (int o = 0; o < s_.options(w); o++) {
            if (s_.option_with(w, s_.type(w, o), s_.option(w, o).gpus) != o)
                continue;  // not usable, or not the first on its type and count
            auto slot = slots_.find({s_.type(w, o), s_.option(w, o).gpus});
            if (slot != slots_.end())
                for (size_t g : slot->second)
                    if (!groups_[g].empty())
                        consider(w, o, groups_[g].front(), best);
        }
        long partner = s_.job(w).partner;
        if (partner >= 0 && group_of_[partner] != kNone) {
            const AllocChoice &c = s_.choice[partner];
            int ow = s_.option_with(w, s_.type(partner, c.option), s_.option(partner, c.option).gpus);
            if (ow >= 0)
                consider(w, ow, static_cast<size_t>(partner), best);
        }
        return best;
    }

    // Host h for waiting job w on its option ow (on h's type and count),
    // when the pair does at least what it needs.
    void consider(size_t w, int ow, size_t h, Seat &best)
    {
        const AllocChoice &c = s_.choice[h];
        bool same = s_.job(w).partner == static_cast<long>(h) && s_.job(w).current == ow &&
                    c.option == s_.job(h).current && c.shares == s_.job(h).held;
        double needed = same ? 1 : 1 + s_.config().migrate_gain;
        double worth = pair_worth(w, ow, h);
        Seat seat{worth / needed, h, ow};
        if (worth >= needed && seat.beats(best))
            best = seat;
    }

    // How much waiting job w and host h together do sharing h's GPUs, each
    // rate over what it does alone there; 0 when never measured.
    double pair_worth(size_t w, int ow, size_t h)
    {
        int oh = s_.choice[h].option;
        const JobOption &host = s_.option(h, oh);
        auto key = std::make_tuple(s_.job(h).kind, s_.job(w).kind, s_.type(h, oh), host.gpus);
        auto it = rates_.find(key);
        if (it == rates_.end())
            it = rates_.emplace(key, pairs_.rates(s_.job(h).kind, s_.job(w).kind, host.gpu_type, host.gpus)).first;
        const auto &rates = it->second;
        if (!rates || rates->first <= 0 || rates->second <= 0)
            return 0;
        return rates->first / host.rate + rates->second / s_.option(w, ow).rate;
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

void pack_waiting(AllocState &s, const PairRates &pairs)
{
    Packing(s, pairs).run();
}

}  // namespace accord::core
