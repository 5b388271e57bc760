// How accord_order ranks a job (core/scheduler_params.h, JobOrder): its
// class, lowest first, and Slurm's priority within it
// (core/service_order.h). By service: its service queue. By Gittins index:
// the class of its family's index from the finished jobs' service
// (core/family_history.h), service queues while no job has finished.
// Slurm-free and pure.
#pragma once

#include <cstdint>
#include <string>

#include "core/allocator.h"
#include "core/family_history.h"

namespace accord::core {

class JobRanking {
public:
    // `history` null: by service; else by Gittins index. It must outlive
    // the ranking.
    JobRanking(const AllocConfig &config, const FamilyHistory *history) : config_(config), history_(history) {}

    const AllocConfig &config() const { return config_; }
    // Whether a job's class depends on its family: by Gittins index, once
    // a job has completed.
    bool by_index() const { return history_ && !history_->empty(); }
    int job_class(const std::string &family, double attained_gpu_s) const;
    double priority(const std::string &family, double attained_gpu_s, double within_class) const;
    // Why a job ranks where it does, as a requeue is explained: "ranked by
    // attained service: 840 GPU-s so far, queue 2", or by Gittins index
    // "ranked by Gittins index of family resnet50 (12 finished jobs):
    // 0.00125 per GPU-s at 840 GPU-s so far".
    std::string explain(const std::string &family, int64_t attained_gpu_s) const;

private:
    AllocConfig config_;
    const FamilyHistory *history_;
};

}  // namespace accord::core
