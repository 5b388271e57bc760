// What Accord keeps with a job whose GPU request it rewrote for a run: the
// request as submitted and as chosen, in the four forms Slurm keeps one
// (per job, node, socket, task). A requeued job (Accord's preemption,
// Slurm's own after a node failure, `scontrol requeue`) is pending again
// with the request chosen for the run it lost; planned from that, it would
// keep that type for good and be judged against it, not against what its
// user asked for. So a pending job still carrying the chosen request gets
// the submitted one back before it is planned again (docs/design.md,
// "Rewriting the GPU request"). Slurm-free and pure.
#pragma once

#include <optional>
#include <string>
#include <tuple>

namespace accord::core {

// A GPU request as Slurm's TRES strings ("gres:gpu:2"); "" where a form is
// not used.
struct GpuRequestForms {
    std::string per_job, per_node, per_socket, per_task;

    auto fields() const { return std::tie(per_job, per_node, per_socket, per_task); }
    bool operator==(const GpuRequestForms &o) const { return fields() == o.fields(); }
    bool operator!=(const GpuRequestForms &o) const { return !(*this == o); }
};

struct RewriteRecord {
    GpuRequestForms submitted, chosen;
};

// Longest form Slurm accepts in a job update (job_mgr.c, _test_strlen).
constexpr size_t kMaxTresFormLength = 1024;

// "JOB;NODE;SOCKET;TASK", as kept in the job's record.
std::string encode_forms(const GpuRequestForms &forms);

// The forms back, or empty with `error` naming what is wrong: not four
// fields, one too long, or a character no TRES string has.
std::optional<GpuRequestForms> decode_forms(const std::string &text, std::string &error);

// Whether a pending job whose request is `current` gets its submitted one
// back: it still asks for what Accord chose (a user who changed the
// request since keeps theirs), and that differs from what was submitted.
bool back_to_submitted(const RewriteRecord &record, const GpuRequestForms &current);

}  // namespace accord::core
