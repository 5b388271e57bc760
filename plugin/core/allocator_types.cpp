#include "core/allocator_types.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/config_search.h"

namespace accord::core {

namespace {

// Tiles the nodes of its type: a power of two no larger than a node, or
// whole nodes. Elastic jobs grow only in such steps, so that counts pack
// nodes without leaving holes.
bool tiles(const AllocState &s, size_t j, int o)
{
    int gpus = s.option(j, o).gpus, node = s.pool.largest_node(s.type(j, o));
    return gpus <= node ? (gpus & (gpus - 1)) == 0 : gpus % node == 0;
}

// What the search may choose for an admitted job, given the option it was
// admitted as (now released): that option, its fewest GPUs on any type,
// and counts that tile nodes; for a job confined to some nodes, only
// counts that its nodes' free GPUs of the type could hold.
SearchJob search_job(const AllocState &s, size_t j, int admitted_as)
{
    int fewest = s.option(j, admitted_as).gpus;
    for (int o = 0; o < s.options(j); o++)
        if (s.usable(j, o))
            fewest = std::min(fewest, s.option(j, o).gpus);
    const NodeMask *confined = s.confined_to(j);
    std::vector<int> room(confined ? s.pool.types() : 0, -1);  // per type: free GPUs on its nodes, when asked
    auto fits_its_nodes = [&](int o) {
        int &free = room[s.type(j, o)];
        if (free < 0)
            free = s.pool.free_gpus(s.type(j, o), confined);
        return s.option(j, o).gpus <= free;
    };
    SearchJob out;
    out.type = s.type(j, admitted_as);
    out.options.reserve(static_cast<size_t>(s.options(j)));
    for (int o = 0; o < s.options(j); o++) {
        if (!s.usable(j, o) || !(o == admitted_as || s.option(j, o).gpus == fewest || tiles(s, j, o)))
            continue;
        if (confined && o != admitted_as && !fits_its_nodes(o))
            continue;
        Shares where = o == s.job(j).current ? s.job(j).held : Shares{};
        out.options.push_back(SearchOption{o, s.type(j, o), s.option(j, o).gpus, s.value(j, o, where)});
    }
    return out;
}

// A job whose chosen option no longer fits takes a smaller count of the
// same type, else anything free.
void place_smaller(AllocState &s, size_t j, int o)
{
    int best = -1;
    for (int k = 0; k < s.options(j); k++)
        if (s.type(j, k) == s.type(j, o) && s.option(j, k).gpus < s.option(j, o).gpus && s.free_placement(j, k) &&
            (best < 0 || s.option(j, k).gpus > s.option(j, best).gpus))
            best = k;
    if (best >= 0)
        s.take(j, best, *s.free_placement(j, best));
    else
        s.place_on_free(j);
}

// A confined job, back on the nodes admission gave it, moves to the
// search's choice when its nodes have room for it, else to the best of the
// choice's type with fewer GPUs that fits when that is worth more than
// what it holds: it never loses what admission gave it.
void grow_confined(AllocState &s, size_t j, int chosen)
{
    AllocChoice held = s.release(j);
    if (auto shares = s.free_placement(j, chosen)) {
        s.take(j, chosen, std::move(*shares));
        return;
    }
    int best = held.option;
    Shares best_shares = held.shares;
    double best_value = s.value(j, held.option, held.shares);
    for (int o = 0; o < s.options(j); o++) {
        if (s.type(j, o) != s.type(j, chosen) || s.option(j, o).gpus >= s.option(j, chosen).gpus)
            continue;
        auto shares = s.free_placement(j, o);
        if (shares && s.value(j, o, *shares) > best_value + kAllocEpsilon) {
            best = o;
            best_shares = std::move(*shares);
            best_value = s.value(j, o, best_shares);
        }
    }
    s.take(j, best, std::move(best_shares));
}

// Jobs whose option the search kept keep the nodes admission gave them, as
// do confined jobs until they grow; the others are placed after the
// confined ones (which have fewer nodes to go to), largest first (as the
// shells place them).
void place_searched(AllocState &s, const std::vector<size_t> &admitted, std::vector<AllocChoice> admitted_as,
                    const std::vector<int> &chosen)
{
    std::vector<size_t> fresh;
    for (size_t i = 0; i < admitted.size(); i++) {
        size_t j = admitted[i];
        if (chosen[i] == admitted_as[i].option || s.confined_to(j))
            s.take(j, admitted_as[i].option, std::move(admitted_as[i].shares));
        if (chosen[i] != admitted_as[i].option)
            fresh.push_back(i);
    }
    std::stable_sort(fresh.begin(), fresh.end(), [&](size_t a, size_t b) {
        size_t ja = admitted[a], jb = admitted[b];
        bool ca = s.confined_to(ja) != nullptr, cb = s.confined_to(jb) != nullptr;
        int ga = s.option(ja, chosen[a]).gpus, gb = s.option(jb, chosen[b]).gpus;
        return ca != cb ? ca : ga != gb ? ga > gb : s.job(ja).id < s.job(jb).id;
    });
    for (size_t i : fresh) {
        size_t j = admitted[i];
        if (s.confined_to(j))
            grow_confined(s, j, chosen[i]);
        else if (auto shares = s.free_placement(j, chosen[i]))
            s.take(j, chosen[i], std::move(*shares));
        else
            place_smaller(s, j, chosen[i]);
    }
}

}  // namespace

void search_types(AllocState &s)
{
    std::vector<size_t> admitted;
    std::vector<AllocChoice> admitted_as;
    for (size_t j = 0; j < s.size(); j++)
        if (s.admitted(j) && s.movable(j)) {
            admitted.push_back(j);
            admitted_as.push_back(s.release(j));
        }
    std::vector<SearchJob> search;
    for (size_t i = 0; i < admitted.size(); i++)
        search.push_back(search_job(s, admitted[i], admitted_as[i].option));
    std::vector<int> capacity(s.pool.types());
    for (int k = 0; k < s.pool.types(); k++)
        capacity[k] = s.pool.free_gpus(k);
    place_searched(s, admitted, std::move(admitted_as), search_configs(search, capacity));
}

}  // namespace accord::core
