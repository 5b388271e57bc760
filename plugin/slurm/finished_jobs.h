// accord_order=gittins's history: the GPU service jobs held in all by the
// time they completed, by model family (core/family_history.h), kept
// durably in StateSaveLocation/accord-finished.log
// (core/finished_job_store.h), so that a restart loses none of it. Read
// at start-up and when StateSaveLocation changes; each cycle's completed
// jobs (slurm/service_ranks.h) are held, then appended and learnt once
// the cycle has applied its ranks.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/family_history.h"
#include "core/finished_job_store.h"

namespace accord::slurm {

constexpr const char *kFinishedFileName = "accord-finished.log";

class FinishedJobs {
public:
    // Reads StateSaveLocation; when it changed (and at start-up) loads the
    // jobs stored there.
    void reconfigure();
    // Keeps jobs the ledger has forgotten until add_held() stores them: a
    // cycle that fails between the two loses none of them (the next
    // cycle's add_held() takes them).
    void hold(std::vector<core::FinishedJob> jobs);
    // Stores the held jobs durably and learns from them. A failed store
    // is logged once per distinct failure; its jobs are still learnt, but
    // a restart loses them.
    void add_held();
    const core::FamilyHistory &history() const { return history_; }

private:
    std::optional<core::FinishedJobStore> store_;
    core::FamilyHistory history_;
    std::vector<core::FinishedJob> held_;
    std::string last_failure_;
};

}  // namespace accord::slurm
