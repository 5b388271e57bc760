#include "slurm/cycle_stats.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>  // unlink

namespace accord::slurm {

namespace {

// A JSON string: names come from slurm.conf and users' hints, so quotes,
// backslashes and control characters are escaped.
std::string quoted(const std::string &text)
{
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char escape[8];
            snprintf(escape, sizeof(escape), "\\u%04x", c);
            out += escape;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string number(double value)
{
    char text[32];
    snprintf(text, sizeof(text), "%.6g", value);
    return text;
}

std::string cycle_json(const CycleRecord &c)
{
    char text[384];
    snprintf(text, sizeof(text),
             "{\"time\": %lld, \"considered\": %zu, \"started\": %zu, \"reserved\": %zu, "
             "\"refused\": %zu, \"lock_us\": %lld, \"longest_hold_us\": %lld, \"lock_wait_us\": %lld, "
             "\"plan_us\": %lld}",
             (long long)c.time, c.considered, c.started, c.reserved, c.refused, (long long)c.lock_us,
             (long long)c.longest_hold_us, (long long)c.lock_wait_us, (long long)c.plan_us);
    return text;
}

std::string predictor_json(const PredictorView &p)
{
    std::string table;
    for (const auto &[type, speed] : p.table)
        table += (table.empty() ? "" : ", ") + quoted(type) + ": " + number(speed);
    return "{\"kind\": " + quoted(p.kind) + ", \"rule\": " + quoted(p.rule) + ", \"source\": " +
           quoted(p.source) + ", \"table\": {" + table + "}}";
}

std::string gpus_json(const std::map<std::string, GpuTypeView> &gpus)
{
    std::string out;
    for (const auto &[type, g] : gpus)
        out += (out.empty() ? "" : ", ") + quoted(type) + ": {\"nodes\": " + std::to_string(g.nodes) +
               ", \"total\": " + std::to_string(g.total) + ", \"free\": " + std::to_string(g.free) +
               ", \"unavailable\": " + std::to_string(g.unavailable) + "}";
    return "{" + out + "}";
}

std::string job_json(const QueuedJobView &j)
{
    std::string speed;
    for (const auto &[type, value] : j.speed)
        speed += (speed.empty() ? "" : ", ") + quoted(type) + ": " + (value ? number(*value) : "null");
    return "{\"job_id\": " + std::to_string(j.job_id) + ", \"partition\": " + quoted(j.partition) +
           ", \"family\": " + quoted(j.family) + ", \"requested_type\": " + quoted(j.requested_type) +
           ", \"gpus\": " + std::to_string(j.gpus) + ", \"speed\": {" + speed + "}}";
}

std::string queue_json(const CycleView &v)
{
    std::string listed;
    for (const auto &job : v.queue)
        listed += std::string(listed.empty() ? "" : ",\n    ") + job_json(job);
    return "{\"pending\": " + std::to_string(v.pending) + ", \"pending_gpu\": " + std::to_string(v.pending_gpu) +
           ", \"listed\": [" + (listed.empty() ? "" : "\n    " + listed) + "]}";
}

std::string neighbours_json(const CycleView &v)
{
    std::string listed;
    for (const auto &p : v.neighbours)
        listed += std::string(listed.empty() ? "" : ",\n    ") + "{\"family\": " + quoted(p.family) +
                  ", \"beside\": " + quoted(p.neighbour) + ", \"slowdown\": " + number(p.slowdown) +
                  ", \"jobs\": " + std::to_string(p.jobs) + "}";
    return "{\"pairs\": " + std::to_string(v.neighbour_pairs) + ", \"listed\": [" +
           (listed.empty() ? "" : "\n    " + listed) + "]}";
}

std::string shard_start_json(const ShardStartView &v)
{
    std::string co_runners;
    for (uint32_t id : v.co_runners)
        co_runners += (co_runners.empty() ? "" : ", ") + std::to_string(id);
    return "{\"job_id\": " + std::to_string(v.job_id) + ", \"time\": " + std::to_string(v.time) +
           ", \"node\": " + quoted(v.node) + ", \"gpu\": " + std::to_string(v.gpu) + ", \"co_runners\": [" +
           co_runners + "], \"predicted\": " + (v.predicted ? "true" : "false") +
           ", \"slowdown\": " + number(v.slowdown) + ", \"others_lost\": " + number(v.others_lost) +
           ", \"by_slowdown\": " + (v.by_slowdown ? "true" : "false") + "}";
}

}  // namespace

void CycleStats::record(const CycleRecord &cycle, CycleView view)
{
    last_ = cycle;
    recent_.push_back(cycle);
    if (recent_.size() > kRecentCycles)
        recent_.pop_front();
    view_ = std::move(view);
    for (const auto &start : cycle.shard_starts)
        shard_starts_.push_back(start);
    while (shard_starts_.size() > kRecentShardStarts)
        shard_starts_.pop_front();
    cycles_++;
    started_total_ += cycle.started;
    refused_total_ += cycle.refused;
    max_lock_us_ = std::max(max_lock_us_, cycle.lock_us);
    lock_us_total_ += cycle.lock_us;
    plan_us_total_ += cycle.plan_us;
}

std::string CycleStats::to_json(const StatsContext &context) const
{
    char counters[320];
    snprintf(counters, sizeof(counters),
             "\"cycles\": %llu, \"started_total\": %llu, \"refused_total\": %llu, "
             "\"lock_us_total\": %lld, \"lock_us_max\": %lld, \"plan_us_total\": %lld",
             (unsigned long long)cycles_, (unsigned long long)started_total_,
             (unsigned long long)refused_total_, (long long)lock_us_total_, (long long)max_lock_us_,
             (long long)plan_us_total_);
    std::string recent;
    for (const auto &cycle : recent_)
        recent += std::string(recent.empty() ? "" : ",\n    ") + cycle_json(cycle);
    std::string shard_starts;
    for (const auto &start : shard_starts_)
        shard_starts += std::string(shard_starts.empty() ? "" : ",\n    ") + shard_start_json(start);
    return "{\"format\": " + std::to_string(kStatsFormat) +
           ", \"written_at\": " + std::to_string(context.written_at) +
           ", \"interval_s\": " + std::to_string(context.interval_s) + ",\n " + counters +
           ",\n \"last\": " + cycle_json(last_) + ",\n \"recent\": [\n    " + recent +
           "],\n \"predictor\": " + predictor_json(view_.predictor) + ",\n \"gpus\": " + gpus_json(view_.gpus) +
           ",\n \"queue\": " + queue_json(view_) + ",\n \"neighbours\": " + neighbours_json(view_) +
           ",\n \"shard_starts\": [" +
           (shard_starts.empty() ? "" : "\n    " + shard_starts) + "]}\n";
}

std::string write_file_atomically(const std::string &path, const std::string &text)
{
    std::string tmp = path + ".new";
    FILE *f = fopen(tmp.c_str(), "w");
    if (!f)
        return "cannot create " + tmp + ": " + strerror(errno);
    int failed_errno = 0;  // of the first step that failed
    if (fwrite(text.data(), 1, text.size(), f) != text.size() || fflush(f) != 0)
        failed_errno = errno;
    if (fclose(f) != 0 && !failed_errno)
        failed_errno = errno;
    std::string failed;
    if (failed_errno)
        failed = "cannot write " + tmp + ": " + strerror(failed_errno);
    else if (rename(tmp.c_str(), path.c_str()) != 0)
        failed = "cannot rename " + tmp + " to " + path + ": " + strerror(errno);
    if (!failed.empty())
        unlink(tmp.c_str());
    return failed;
}

}  // namespace accord::slurm
