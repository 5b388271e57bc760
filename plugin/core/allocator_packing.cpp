#include "core/allocator_packing.h"

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "core/allocator_order.h"

namespace accord::core {

namespace {

class Packing {
public:
    Packing(AllocState &s, const PairRates &pairs) : s_(s), pairs_(pairs) {}

    void run()
    {
        size_t hosts = 0;
        for (size_t h = 0; h < s_.size(); h++)
            hosts += s_.admitted(h) && s_.movable(h) && s_.choice[h].shares.size() == 1;
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
    // Seats waiting job w with the best host, if one is worth it.
    bool seat(size_t w)
    {
        double best = 0;
        size_t host = 0;
        int as = -1;
        for (size_t h = 0; h < s_.size(); h++) {
            const AllocChoice &c = s_.choice[h];
            if (!s_.admitted(h) || !s_.movable(h) || c.partner >= 0 || c.shares.size() != 1)
                continue;
            int ow = s_.option_with(w, s_.type(h, c.option), s_.option(h, c.option).gpus);
            if (ow < 0)
                continue;
            bool same = s_.job(w).partner == static_cast<long>(h) && s_.job(w).current == ow &&
                        c.option == s_.job(h).current && c.shares == s_.job(h).held;
            double needed = same ? 1 : 1 + s_.config().migrate_gain;
            double worth = pair_worth(w, ow, h);
            if (worth >= needed && worth / needed > best) {
                best = worth / needed;
                host = h;
                as = ow;
            }
        }
        if (as < 0)
            return false;
        s_.choice[w] = AllocChoice{as, s_.choice[host].shares, static_cast<long>(host)};
        s_.choice[host].partner = static_cast<long>(w);
        return true;
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
    // Asked once per round: by host kind, guest kind, type and count.
    std::map<std::tuple<uint32_t, uint32_t, int, int>, std::optional<std::pair<double, double>>> rates_;
};

}  // namespace

void pack_waiting(AllocState &s, const PairRates &pairs)
{
    Packing(s, pairs).run();
}

}  // namespace accord::core
