#include "sim/round_validation.h"

#include <stdexcept>

namespace accord::sim {

namespace {

class Checker {
public:
    Checker(const RoundView &view, const std::vector<Allocation> &allocation, const std::string &policy,
            const std::vector<long> &position)
        : view_(view), allocation_(allocation), policy_(policy), position_(position),
          given_(view.jobs.size(), -1), used_(view.pools.size(), 0)
    {
    }

    void run()
    {
        for (size_t a = 0; a < allocation_.size(); a++)
            index(a);
        for (const auto &entry : allocation_)
            check(entry);
    }

private:
    [[noreturn]] void fail(size_t job, const std::string &rule) const
    {
        std::string who = "job " + std::to_string(job + 1);
        if (job < position_.size() && position_[job] >= 0)
            who += " (trace line " + std::to_string(view_.jobs[position_[job]].trace->line) + ")";
        throw std::logic_error("policy " + policy_ + ", round " + std::to_string(view_.round) + " (t=" +
                               std::to_string(static_cast<long long>(view_.now_s)) + "): " + who + ": " +
                               rule);
    }

    // Every entry names a waiting or running job, once.
    void index(size_t a)
    {
        size_t job = allocation_[a].job;
        if (job >= position_.size() || position_[job] < 0)
            fail(job, "is not waiting or running");
        long &given = given_[position_[job]];
        if (given >= 0)
            fail(job, "appears twice in the allocation");
        given = static_cast<long>(a);
    }

    long pool_of(const std::string &type) const
    {
        for (size_t p = 0; p < view_.pools.size(); p++)
            if (view_.pools[p].type == type)
                return static_cast<long>(p);
        return -1;
    }

    void check(const Allocation &entry)
    {
        const RoundJob &job = view_.jobs[position_[entry.job]];
        const Assignment &a = entry.assignment;
        long pool = pool_of(a.gpu_type);
        if (pool < 0)
            fail(entry.job, "GPU type '" + a.gpu_type + "' is not in the cluster");
        if (a.gpus < job.min_gpus || a.gpus > job.max_gpus)
            fail(entry.job, std::to_string(a.gpus) + " GPUs, outside its range [" + std::to_string(job.min_gpus) +
                                ", " + std::to_string(job.max_gpus) + "]");
        bool unchanged = job.current && *job.current == a;
        if (!unchanged && !view_.speed->steps_per_second(a.gpu_type, job.trace->job_type, a.gpus, false))
            fail(entry.job, "no measured speed on " + std::to_string(a.gpus) + " GPUs of type " + a.gpu_type);
        if (a.partner < -1)
            fail(entry.job, "partner " + std::to_string(a.partner) + " is neither a job nor -1");
        if (a.partner >= 0)
            check_partner(entry, job, unchanged);
        if (a.partner < 0 || entry.job < static_cast<size_t>(a.partner))
            charge(entry.job, static_cast<size_t>(pool), a.gpus);
    }

    // A pair: two entries naming each other, same type and count, measured
    // together.
    void check_partner(const Allocation &entry, const RoundJob &job, bool unchanged)
    {
        const Assignment &a = entry.assignment;
        size_t partner = static_cast<size_t>(a.partner);
        if (partner == entry.job)
            fail(entry.job, "is packed with itself");
        if (partner >= position_.size() || position_[partner] < 0 || given_[position_[partner]] < 0)
            fail(entry.job, "is packed with job " + std::to_string(partner + 1) + ", which is not allocated");
        const Assignment &b = allocation_[given_[position_[partner]]].assignment;
        if (b.partner != static_cast<long>(entry.job))
            fail(entry.job, "is packed with job " + std::to_string(partner + 1) + ", which does not name it back");
        if (b.gpu_type != a.gpu_type || b.gpus != a.gpus)
            fail(entry.job, "is packed with job " + std::to_string(partner + 1) +
                                " on another GPU type or count");
        const std::string &other = view_.jobs[position_[partner]].trace->job_type;
        if (!unchanged && !view_.speed->colocated(a.gpu_type, job.trace->job_type, other, a.gpus))
            fail(entry.job, "is packed with job " + std::to_string(partner + 1) + " (" + other +
                                "), a pair never measured together on " + std::to_string(a.gpus) + " GPUs of type " +
                                a.gpu_type);
    }

    // Per type, the GPUs given (a pair once) fit the pool.
    void charge(size_t job, size_t pool, int gpus)
    {
        used_[pool] += gpus;
        const GpuPool &p = view_.pools[pool];
        if (used_[pool] > p.total())
            fail(job, "takes the GPUs of type " + p.type + " beyond the pool's " + std::to_string(p.total()) +
                          " (" + std::to_string(used_[pool]) + " given)");
    }

    const RoundView &view_;
    const std::vector<Allocation> &allocation_;
    const std::string &policy_;
    const std::vector<long> &position_;
    std::vector<long> given_;  // per place in view.jobs: its entry in allocation_, or -1
    std::vector<int> used_;    // per pool: GPUs given so far
};

}  // namespace

void validate_allocation(const RoundView &view, const std::vector<Allocation> &allocation,
                         const std::string &policy, const std::vector<long> &position)
{
    Checker(view, allocation, policy, position).run();
}

}  // namespace accord::sim
