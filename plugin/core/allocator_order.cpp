#include "core/allocator_order.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/predicted_fairness.h"
#include "core/service_order.h"

namespace accord::core {

namespace {

// The job's class, lowest first: its Gittins index's class when it has
// one, else its LAS queue.
int class_of(const AllocJob &job, const AllocConfig &config)
{
    if (job.gittins < 0)
        return service_queue(job.attained_gpu_s, config);
    return gittins_class(job.gittins, job.attained_gpu_s, config);
}

}  // namespace

std::vector<size_t> priority_order(AllocState &s)
{
    std::vector<size_t> order;
    std::vector<int> job_class(s.size());
    std::vector<char> over(s.size());
    // Sorted by (over the bound first, class, holders first): one number
    // per job, as a long queue is sorted several times a cycle.
    std::vector<int64_t> key(s.size());
    for (size_t j = 0; j < s.size(); j++) {
        job_class[j] = class_of(s.job(j), s.config());
        over[j] = over_fairness_bound(s.job(j).rho, s.config().fairness_bound);
        key[j] = (over[j] ? 0 : INT64_C(1) << 40) + (static_cast<int64_t>(job_class[j]) << 1) +
                 (s.job(j).current >= 0 ? 0 : 1);
        if (s.movable(j))
            order.push_back(j);
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key[a] < key[b]; });
    // Without queue_weights every job is a class of its own.
    auto starts_class = [&](size_t r) {
        size_t j = order[r], before = order[r - 1];
        return !s.config().queue_weights || over[j] != over[before] || job_class[j] != job_class[before];
    };
    size_t class_start = 0;
    for (size_t r = 0; r < order.size(); r++) {
        size_t j = order[r];
        if (r > 0 && starts_class(r))
            class_start = r;
        s.rank[j] = r;
        s.weight[j] = std::pow(static_cast<double>(order.size() - class_start), s.config().rank_weight);
    }
    return order;
}

std::vector<size_t> by_rank(const AllocState &s)
{
    std::vector<size_t> order(s.size());
    for (size_t j = 0; j < s.size(); j++)
        order[j] = j;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return s.rank[a] < s.rank[b]; });
    return order;
}

bool guest(const AllocState &s, size_t j)
{
    long p = s.job(j).partner;
    return p >= 0 && s.rank[static_cast<size_t>(p)] < s.rank[j];
}

}  // namespace accord::core
