#include "core/allocator.h"

#include <algorithm>
#include <cmath>

namespace accord::core {

namespace {

constexpr double kEpsilon = 1e-9;
constexpr int kMaxMatchingPasses = 16;

class Allocation {
public:
    Allocation(const std::vector<AllocJob> &jobs, const std::map<std::string, int> &capacity,
               const AllocConfig &config)
        : jobs_(jobs), config_(config), free_(capacity), choice_(jobs.size(), -1), slowest_(jobs.size())
    {
        for (size_t j = 0; j < jobs.size(); j++) {
            double slowest = 0;
            for (const auto &o : jobs[j].options)
                slowest = slowest == 0 ? o.rate : std::min(slowest, o.rate);
            slowest_[j] = slowest > 0 ? slowest : 1;
        }
    }

    std::vector<int> run()
    {
        keep_unmovable();
        admit();
        for (int pass = 0; pass < kMaxMatchingPasses; pass++)
            if (!move_to_free() && !swap_types())
                break;
        return choice_;
    }

private:
    // The job's worth on an option: its normalised rate, raised by the
    // migration threshold on the option it already holds.
    double value(size_t j, int option) const
    {
        double v = jobs_[j].options[option].rate / slowest_[j];
        return option == jobs_[j].current ? v * (1 + config_.migrate_gain) : v;
    }

    bool fits(const JobOption &o) const
    {
        auto it = free_.find(o.gpu_type);
        return it != free_.end() && it->second >= o.gpus;
    }

    void take(size_t j, int option)
    {
        choice_[j] = option;
        free_[jobs_[j].options[option].gpu_type] -= jobs_[j].options[option].gpus;
    }

    void release(size_t j)
    {
        const JobOption &o = jobs_[j].options[choice_[j]];
        free_[o.gpu_type] += o.gpus;
        choice_[j] = -1;
    }

    bool movable(size_t j) const { return jobs_[j].movable || jobs_[j].current < 0; }

    void keep_unmovable()
    {
        for (size_t j = 0; j < jobs_.size(); j++)
            if (!movable(j))
                take(j, jobs_[j].current);
    }

    int queue_of(const AllocJob &job) const
    {
        if (job.attained_gpu_s < config_.first_queue_gpu_s)
            return 0;
        double passed = std::log(job.attained_gpu_s / config_.first_queue_gpu_s) / std::log(config_.queue_factor);
        return 1 + static_cast<int>(std::floor(passed));
    }

    std::vector<size_t> priority_order() const
    {
        std::vector<size_t> order;
        std::vector<int> queue(jobs_.size());
        for (size_t j = 0; j < jobs_.size(); j++) {
            queue[j] = queue_of(jobs_[j]);
            if (movable(j))
                order.push_back(j);
        }
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            bool held_a = jobs_[a].current >= 0, held_b = jobs_[b].current >= 0;
            return queue[a] != queue[b] ? queue[a] < queue[b] : held_a > held_b;
        });
        return order;
    }

    // Admission gives the fewest GPUs first, so every job that can run
    // does; the matching step grows counts into what is left.
    bool smaller_or_better(size_t j, int o, int than) const
    {
        const JobOption &a = jobs_[j].options[o], &b = jobs_[j].options[than];
        return a.gpus != b.gpus ? a.gpus < b.gpus : value(j, o) > value(j, than);
    }

    void admit()
    {
        for (size_t j : priority_order()) {
            int best = -1;
            for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++)
                if (fits(jobs_[j].options[o]) && (best < 0 || smaller_or_better(j, o, best)))
                    best = o;
            if (best >= 0)
                take(j, best);
        }
    }

    // Moves admitted jobs to a better option that the free capacity (plus
    // what the job itself releases) holds.
    bool move_to_free()
    {
        bool moved = false;
        for (size_t j = 0; j < jobs_.size(); j++) {
            if (choice_[j] < 0 || !movable(j))
                continue;
            int held = choice_[j];
            release(j);
            int best = held;
            for (int o = 0; o < static_cast<int>(jobs_[j].options.size()); o++)
                if (fits(jobs_[j].options[o]) && value(j, o) > value(j, best) + kEpsilon)
                    best = o;
            take(j, best);
            moved |= best != held;
        }
        return moved;
    }

    int option_with(size_t j, const std::string &type, int gpus) const
    {
        const auto &options = jobs_[j].options;
        for (int o = 0; o < static_cast<int>(options.size()); o++)
            if (options[o].gpu_type == type && options[o].gpus == gpus)
                return o;
        return -1;
    }

    // Jobs holding `gpus` GPUs of type `from` that could hold as many of
    // type `to`, with what they gain by it, best gain first.
    std::vector<std::pair<double, size_t>> swap_candidates(const std::string &from, const std::string &to,
                                                           int gpus) const
    {
        std::vector<std::pair<double, size_t>> out;
        for (size_t j = 0; j < jobs_.size(); j++) {
            if (choice_[j] < 0 || !movable(j))
                continue;
            const JobOption &held = jobs_[j].options[choice_[j]];
            if (held.gpu_type != from || held.gpus != gpus)
                continue;
            int o = option_with(j, to, gpus);
            if (o >= 0)
                out.emplace_back(value(j, o) - value(j, choice_[j]), j);
        }
        std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        return out;
    }

    // Pairs the jobs of type a that gain most on type b with the jobs of
    // type b that gain most on type a, for every pair of types and count.
    bool swap_types()
    {
        std::map<std::pair<std::string, int>, bool> held;  // (type, gpus) in use
        for (size_t j = 0; j < jobs_.size(); j++)
            if (choice_[j] >= 0)
                held[{jobs_[j].options[choice_[j]].gpu_type, jobs_[j].options[choice_[j]].gpus}] = true;
        bool swapped = false;
        for (auto a = held.begin(); a != held.end(); ++a) {
            for (auto b = std::next(a); b != held.end(); ++b) {
                int gpus = a->first.second;
                if (b->first.second != gpus)
                    continue;
                auto up = swap_candidates(a->first.first, b->first.first, gpus);
                auto down = swap_candidates(b->first.first, a->first.first, gpus);
                for (size_t k = 0; k < std::min(up.size(), down.size()); k++) {
                    if (up[k].first + down[k].first <= kEpsilon)
                        break;
                    size_t x = up[k].second, y = down[k].second;
                    int to_b = option_with(x, b->first.first, gpus), to_a = option_with(y, a->first.first, gpus);
                    release(x);
                    release(y);
                    take(x, to_b);
                    take(y, to_a);
                    swapped = true;
                }
            }
        }
        return swapped;
    }

    const std::vector<AllocJob> &jobs_;
    const AllocConfig &config_;
    std::map<std::string, int> free_;
    std::vector<int> choice_;
    std::vector<double> slowest_;
};

}  // namespace

std::vector<int> allocate(const std::vector<AllocJob> &jobs, const std::map<std::string, int> &capacity,
                          const AllocConfig &config)
{
    return Allocation(jobs, capacity, config).run();
}

}  // namespace accord::core
