// Rewrites a pending job's GPU request to name the GPU type Accord chose,
// and the count when the allocator chose one (core/allocator_cycle.h), in
// the form the user gave it (per node, per job, per socket, per task; a
// count only in the per-job and per-node forms, the ones the snapshot
// offers count ranges for),
// through Slurm's own update_job(), so Slurm validates it and updates the
// job's TRES counts and accounting as for `scontrol update`. The job's
// gres_list_req is detached around the call: update_job() would otherwise
// merge the typed request into the untyped one and refuse it, or leave the
// job asking for both (docs/design.md, "Rewriting the GPU request").
// The same machinery gives a requeued job back the request its user
// submitted (slurm/rewrite_restore.h).
//
// The original request is kept until commit() and put back exactly by
// undo() or, if neither was called, by the destructor. The caller holds the
// apply locks (conf, partition read; job, node write), which update_job()
// needs as its RPC handler does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/rewrite_record.h"
#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// The job's GPU request as it stands.
core::GpuRequestForms job_forms(const job_record_t *job);

class GpuRewrite {
public:
    // `type` "" names no type (GPUs configured without one); `counts`, when
    // given, holds the new per-job or per-node count.
    GpuRewrite(job_record_t *job, const std::string &type, const std::optional<core::GpuRequest> &counts);
    // Gives the job the request `to`, as user `uid` would update it.
    GpuRewrite(job_record_t *job, const core::GpuRequestForms &to, uid_t uid);
    ~GpuRewrite();
    GpuRewrite(const GpuRewrite &) = delete;
    GpuRewrite &operator=(const GpuRewrite &) = delete;

    // Whether the request changes (untyped GPU items, or another count), so
    // a rewrite was tried.
    bool tried() const { return tried_; }
    // update_job()'s return code: SLURM_SUCCESS when the job now names the type.
    int result() const { return rc_; }
    // The GPU request before and after, for users: "gpu:2/node".
    const std::string &requested() const { return requested_; }
    const std::string &rewritten() const { return rewritten_; }
    // The same as TRES strings.
    const core::GpuRequestForms &before() const { return before_; }
    const core::GpuRequestForms &after() const { return after_; }

    // Puts the original request back on the job.
    void undo();
    // The job started with the rewritten request; `pending_rest` (the
    // record select_nodes() split off for an array's pending tasks, or
    // null) gets the original back, since those tasks have not been placed.
    void commit(job_record_t *pending_rest);

private:
    // What update_job() may change on a pending job's GPU request.
    struct Saved {
        List gres_list_req = nullptr;
        std::vector<std::optional<std::string>> strings;
        std::vector<uint64_t> tres_req_cnt;
        uint32_t min_nodes = 0, max_nodes = 0, num_tasks = 0, min_cpus = 0;
        uint16_t ntasks_per_node = 0, cpus_per_task = 0;
        uint64_t pn_min_memory = 0;
        std::optional<multi_core_data_t> mc;
    };

    void save();
    void restore_onto(job_record_t *target);

    job_record_t *job_;
    bool tried_ = false;
    bool holding_ = false;  // saved_ still owns the original request
    int rc_ = SLURM_SUCCESS;
    std::string requested_, rewritten_;
    core::GpuRequestForms before_, after_;
    Saved saved_;
};

}  // namespace accord::slurm
