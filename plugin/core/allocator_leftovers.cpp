#include "core/allocator_leftovers.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "core/allocator_order.h"

namespace accord::core {

namespace {

constexpr int kMaxImprovementPasses = 16;

struct Move {
    double key = 0;
    size_t job = 0;
    int option = -1;
};

// The best move of an admitted job to free GPUs, if any raises its worth:
// the largest gain per added GPU.
std::optional<Move> best_move(AllocState &s, size_t j)
{
    const AllocChoice &held = s.choice[j];
    double now = s.value(j, held.option, held.shares);
    if (now >= std::log(s.fastest(j)) - kAllocEpsilon)
        return std::nullopt;
    s.pool.release(held.shares);
    std::optional<Move> best;
    for (int o = 0; o < s.options(j); o++) {
        if (o == held.option)
            continue;
        auto shares = s.free_placement(j, o);
        if (!shares)
            continue;
        double gain = s.value(j, o, *shares) - now;
        int added = s.option(j, o).gpus - s.option(j, held.option).gpus;
        double key = added > 0 ? gain / added : gain;
        if (gain > kAllocEpsilon && (!best || key > best->key + kAllocEpsilon))
            best = Move{key, j, o};
    }
    s.pool.take(held.shares);
    return best;
}

// Moves to free GPUs, best gain per added GPU first; each is checked again
// when its turn comes, as earlier moves take GPUs.
bool move_to_free(AllocState &s)
{
    std::vector<Move> moves;
    for (size_t j = 0; j < s.size(); j++)
        if (s.admitted(j) && s.movable(j))
            if (auto m = best_move(s, j))
                moves.push_back(*m);
    std::stable_sort(moves.begin(), moves.end(), [](const Move &a, const Move &b) { return a.key > b.key; });
    bool moved = false;
    for (const auto &m : moves) {
        auto again = best_move(s, m.job);
        if (!again)
            continue;
        int held = s.choice[m.job].option;
        s.release(m.job);
        s.take(m.job, again->option, *s.free_placement(m.job, again->option));
        moved |= s.choice[m.job].option != held;
    }
    return moved;
}

// A job's place for swapping: its type, count and whether it is spread.
struct Slot {
    int type;
    int gpus;
    bool spread;
    bool operator<(const Slot &o) const { return std::tie(type, gpus, spread) < std::tie(o.type, o.gpus, o.spread); }
};

Slot slot_of(const AllocState &s, size_t j)
{
    const AllocChoice &c = s.choice[j];
    return Slot{s.type(j, c.option), s.option(j, c.option).gpus, s.spread(j, c.option, c.shares)};
}

// Jobs in slot `from` that could take the nodes of a job in slot `to`, with
// what they gain by it, best gain first.
std::vector<std::pair<double, size_t>> swap_candidates(const AllocState &s, const std::vector<size_t> &in_from,
                                                       const Slot &to, const Shares &sample)
{
    std::vector<std::pair<double, size_t>> out;
    for (size_t j : in_from) {
        int o = s.option_with(j, to.type, to.gpus);
        if (o < 0 || (to.spread && !s.may_spread(j, o)))
            continue;
        out.emplace_back(s.value(j, o, sample) - s.value(j, s.choice[j].option, s.choice[j].shares), j);
    }
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    return out;
}

void exchange(AllocState &s, size_t x, size_t y)
{
    AllocChoice cx = s.choice[x], cy = s.choice[y];
    int ox = s.option_with(x, s.type(y, cy.option), s.option(y, cy.option).gpus);
    int oy = s.option_with(y, s.type(x, cx.option), s.option(x, cx.option).gpus);
    s.choice[x] = AllocChoice{ox, cy.shares};
    s.choice[y] = AllocChoice{oy, cx.shares};
}

// Pairs the jobs of slot a that gain most on slot b with the jobs of slot
// b that gain most on slot a; the two exchange nodes.
bool swap_slots(AllocState &s)
{
    std::map<Slot, std::vector<size_t>> by_slot;
    for (size_t j = 0; j < s.size(); j++)
        if (s.admitted(j) && s.movable(j) && !s.confined_to(j))
            by_slot[slot_of(s, j)].push_back(j);
    bool swapped = false;
    for (auto a = by_slot.begin(); a != by_slot.end(); ++a) {
        for (auto b = std::next(a); b != by_slot.end(); ++b) {
            if (a->first.gpus != b->first.gpus || a->first.spread != b->first.spread || a->first.type == b->first.type)
                continue;
            auto up = swap_candidates(s, a->second, b->first, s.choice[b->second.front()].shares);
            auto down = swap_candidates(s, b->second, a->first, s.choice[a->second.front()].shares);
            for (size_t k = 0; k < std::min(up.size(), down.size()); k++) {
                if (up[k].first + down[k].first <= kAllocEpsilon)
                    break;
                exchange(s, up[k].second, down[k].second);
                swapped = true;
            }
        }
    }
    return swapped;
}

}  // namespace

void admit_waiting(AllocState &s)
{
    for (size_t j : by_rank(s))
        if (s.movable(j) && !s.admitted(j))
            s.place_on_free(j);
}

void improve(AllocState &s)
{
    for (int pass = 0; pass < kMaxImprovementPasses; pass++)
        if (!move_to_free(s) && !swap_slots(s))
            break;
}

}  // namespace accord::core
