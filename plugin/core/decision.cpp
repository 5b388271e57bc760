#include "core/decision.h"

#include <cstdio>
#include <ctime>

namespace accord::core {

static std::string node_names(const Decision &d, const ClusterSnapshot &s)
{
    std::string names;
    for (const auto &use : d.placement)
        names += (names.empty() ? "" : ",") + s.nodes.at(use.node).name;
    return names;
}

static std::string clock_time(int64_t when)
{
    time_t t = static_cast<time_t>(when);
    struct tm tm_buf;
    char text[32];
    localtime_r(&t, &tm_buf);
    strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &tm_buf);
    return text;
}

// What the job holds on its first node of each GPU type its request names.
static std::string gpu_part(const Decision &d, const ClusterSnapshot &s)
{
    if (d.gpu_type.empty() || d.placement.empty())
        return "";
    const Resources &used = d.placement.front().used;
    const GpuRequest &request = s.queue.at(d.queue_index).gpus;
    std::string text = " gpu:" + d.gpu_type + ":" + std::to_string(used.gpus_of(d.gpu_type));
    for (const GpuPart &part : request.more_types)
        text += ",gpu:" + part.type + ":" + std::to_string(used.gpus_of(part.type));
    text += "/node";
    if (!d.type_rule.empty())
        text += " (" + d.type_rule + ")";
    return text;
}

std::string hints_text(const PendingJob &job)
{
    std::string used;
    auto add = [&used](const std::string &item) { used += (used.empty() ? "" : ", ") + item; };
    if (!job.family.empty())
        add("model " + job.family);
    if (!job.accepted_types.empty()) {
        std::string types;
        for (const auto &type : job.accepted_types)
            types += (types.empty() ? "" : ",") + type;
        add("gpu types " + types);
    }
    if (job.gpu_count_max > 0)
        add("gpus " + std::to_string(job.gpu_count_min) + "-" + std::to_string(job.gpu_count_max));
    std::string text = used.empty() ? "" : "; hints: " + used;
    return job.hint_note.empty() ? text : text + "; " + job.hint_note;
}

static std::string verdict_text(const Decision &d, const ClusterSnapshot &s)
{
    switch (d.verdict) {
    case Verdict::Start:
        return "accord: started on " + node_names(d, s) + gpu_part(d, s) +
               (d.prediction ? "; " + describe(*d.prediction) : "");
    case Verdict::Reserve:
        return "accord: waiting for resources; reserved " + node_names(d, s) + " from " +
               clock_time(d.start_time) + gpu_part(d, s);
    case Verdict::Requeue:
        return explain_requeue(d);
    case Verdict::Wait:
        break;
    }
    switch (d.reason) {
    case WaitReason::Priority:
        return "accord: would fit now but would delay a higher-priority job's reservation";
    case WaitReason::NeverFits:
        return "accord: request exceeds what its allowed nodes have even when idle";
    case WaitReason::OneTypeNeverFits:
        return "accord: request exceeds what its allowed nodes have of any one GPU type even when idle; "
               "Accord gives a job GPUs of one type";
    default:
        return "accord: waiting for resources";
    }
}

static std::string ahead_text(const Decision &d)
{
    if (!d.ahead)
        return "";
    char text[160];
    snprintf(text, sizeof(text),
             "; planned ahead of higher-priority jobs: predicted finish-time fairness %.2f > accord_fairness=%g",
             d.ahead->rho, d.ahead->bound);
    return text;
}

std::string explain_requeue(const Decision &d)
{
    const RequeueNote &note = *d.requeue;
    std::string gain = "gain " + std::to_string(static_cast<long long>(note.gain_gpu_s)) + " GPU-s over restart cost " +
                       std::to_string(static_cast<long long>(note.cost_gpu_s)) + " GPU-s";
    if (note.move_gpus > 0) {
        char speedup[32];
        snprintf(speedup, sizeof(speedup), "%.2fx", note.move_speedup);
        return "requeued by sched/accord to move to " + std::to_string(note.move_gpus) + " " + note.move_type +
               " GPU(s): predicted speed-up " + speedup + ", " + gain;
    }
    std::string jobs;
    for (uint32_t id : note.for_jobs)
        jobs += (jobs.empty() ? "JobId=" : ",") + std::to_string(id);
    return "requeued by sched/accord for " + jobs + ": predicted " + gain;
}

static std::string shared_gpu_text(const SharedGpu &g, const std::string &node)
{
    std::string where = node + " GPU " + std::to_string(g.gpu);
    if (g.co_runners.empty())
        return "shard of " + where + ", no other job on it";
    std::string jobs;
    for (uint32_t id : g.co_runners)
        jobs += (jobs.empty() ? "JobId=" : ",") + std::to_string(id);
    if (!g.predicted)
        return "shares " + where + " with " + jobs + ", no slowdown prediction";
    char values[96];
    snprintf(values, sizeof(values), ": predicted speed %.2f of its own alone, %.2f lost by the others", g.slowdown,
             g.others_lost);
    return "shares " + where + " with " + jobs + values;
}

std::string sharing_text(const Decision &d, const ClusterSnapshot &s)
{
    if (d.verdict != Verdict::Start || d.shared.size() != d.placement.size())
        return "";
    std::string text;
    bool shares = false;
    for (size_t i = 0; i < d.shared.size(); i++) {
        text += "; " + shared_gpu_text(d.shared[i], s.nodes.at(d.placement[i].node).name);
        shares = shares || !d.shared[i].co_runners.empty();
    }
    if (d.by_slowdown && shares)
        text += " (the least predicted loss of " + std::to_string(d.shard_candidates) + " node(s); " +
                (s.slowdowns.source.empty() ? "predicted slowdowns" : s.slowdowns.source) + ")";
    else if (shares && d.unpredicted_joined)
        text += " (nodes by fit: a GPU that a start of this cycle joined has no prediction; the next cycle predicts)";
    else if (shares)
        text += " (nodes by fit: some have no prediction)";
    return text;
}

static std::string neighbours_text(const Decision &d)
{
    if (d.verdict != Verdict::Start || !d.by_neighbours)
        return "";
    char loss[32];
    snprintf(loss, sizeof(loss), "%.2f", d.neighbour_loss);
    return std::string("; nodes chosen by the slowdowns running jobs measured beside others (predicted loss ") +
           loss + " of a job's speed)";
}

std::string explain(const Decision &d, const ClusterSnapshot &s)
{
    if (d.verdict == Verdict::Requeue)
        return explain_requeue(d);
    return verdict_text(d, s) + sharing_text(d, s) + neighbours_text(d) + ahead_text(d) +
           hints_text(s.queue.at(d.queue_index));
}

}  // namespace accord::core
