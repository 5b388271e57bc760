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

// What the search may choose for an admitted job: its admitted option,
// its fewest GPUs on any type, and counts that tile nodes.
SearchJob search_job(const AllocState &s, size_t j)
{
    int admitted_as = s.choice[j].option;
    int fewest = s.option(j, admitted_as).gpus;
    for (int o = 0; o < s.options(j); o++)
        if (s.usable(j, o))
            fewest = std::min(fewest, s.option(j, o).gpus);
    SearchJob out;
    out.type = s.type(j, admitted_as);
    out.options.reserve(static_cast<size_t>(s.options(j)));
    for (int o = 0; o < s.options(j); o++) {
        if (!s.usable(j, o) || !(o == admitted_as || s.option(j, o).gpus == fewest || tiles(s, j, o)))
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

// Jobs whose option the search kept keep the nodes admission gave them;
// the others are placed largest first (as the shells place them).
void place_searched(AllocState &s, const std::vector<size_t> &admitted, std::vector<AllocChoice> admitted_as,
                    const std::vector<int> &chosen)
{
    std::vector<std::pair<size_t, int>> fresh;
    for (size_t i = 0; i < admitted.size(); i++) {
        size_t j = admitted[i];
        if (chosen[i] == admitted_as[i].option)
            s.take(j, chosen[i], std::move(admitted_as[i].shares));
        else
            fresh.emplace_back(j, chosen[i]);
    }
    std::stable_sort(fresh.begin(), fresh.end(), [&](const auto &a, const auto &b) {
        int ga = s.option(a.first, a.second).gpus, gb = s.option(b.first, b.second).gpus;
        return ga != gb ? ga > gb : s.job(a.first).id < s.job(b.first).id;
    });
    for (const auto &[j, o] : fresh) {
        if (auto shares = s.free_placement(j, o))
            s.take(j, o, std::move(*shares));
        else
            place_smaller(s, j, o);
    }
}

}  // namespace

void search_types(AllocState &s)
{
    std::vector<size_t> admitted;
    std::vector<SearchJob> search;
    for (size_t j = 0; j < s.size(); j++)
        if (s.admitted(j) && s.movable(j) && !s.confined_to(j)) {
            search.push_back(search_job(s, j));
            admitted.push_back(j);
        }
    std::vector<AllocChoice> admitted_as;
    for (size_t j : admitted)
        admitted_as.push_back(s.release(j));
    std::vector<int> capacity(s.pool.types());
    for (int k = 0; k < s.pool.types(); k++)
        capacity[k] = s.pool.free_gpus(k);
    place_searched(s, admitted, std::move(admitted_as), search_configs(search, capacity));
}

}  // namespace accord::core
