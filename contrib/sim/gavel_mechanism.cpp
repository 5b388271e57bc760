#include "sim/gavel_mechanism.h"

#include <algorithm>
#include <set>

namespace accord::sim {

namespace {

struct Ranked {
    const Candidate *c;
    double priority, deficit, x;
};

double at(const std::map<EntryKey, std::vector<double>> &m, const EntryKey &key, size_t pool,
          double absent)
{
    auto it = m.find(key);
    return it == m.end() ? absent : it->second[pool];
}

std::vector<Ranked> rank_for_pool(const std::vector<Candidate> &candidates, size_t pool,
                                  const RoundHistory &history)
{
    std::vector<Ranked> out;
    for (const Candidate &c : candidates) {
        if (!c.runnable[pool])
            continue;
        double x = c.x ? (*c.x)[pool] : 0.0;
        double rounds = at(history.rounds, c.key, pool, RoundHistory::kSeed);
        double priority = x > 0 ? x / rounds : 0.0;
        out.push_back({&c, priority, at(history.deficit, c.key, pool, 0.0), x});
    }
    std::sort(out.begin(), out.end(), [](const Ranked &a, const Ranked &b) {
        if (a.priority != b.priority)
            return a.priority > b.priority;
        if (a.deficit != b.deficit)
            return a.deficit > b.deficit;
        if (a.x != b.x)
            return a.x > b.x;
        return a.c->key < b.c->key;
    });
    return out;
}

}  // namespace

std::vector<Allocation> assign_round(const std::vector<Candidate> &candidates,
                                     const std::vector<GpuPool> &pools,
                                     const std::vector<size_t> &pool_order,
                                     const RoundHistory &history)
{
    std::vector<Allocation> out;
    std::set<size_t> placed;
    for (size_t k : pool_order) {
        int free_gpus = pools[k].total();
        for (const Ranked &r : rank_for_pool(candidates, k, history)) {
            if (free_gpus == 0)
                break;
            const EntryKey &key = r.c->key;
            bool pair = key.partner >= 0;
            if (placed.count(key.job) || (pair && placed.count(static_cast<size_t>(key.partner))))
                continue;
            if (r.c->gpus > free_gpus)
                continue;
            free_gpus -= r.c->gpus;
            placed.insert(key.job);
            if (!pair) {
                out.push_back({key.job, {pools[k].type, r.c->gpus, -1}});
                continue;
            }
            placed.insert(static_cast<size_t>(key.partner));
            out.push_back({key.job, {pools[k].type, r.c->gpus, key.partner}});
            out.push_back({static_cast<size_t>(key.partner),
                           {pools[k].type, r.c->gpus, static_cast<long>(key.job)}});
        }
    }
    return out;
}

}  // namespace accord::sim
