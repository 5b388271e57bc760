#include "ctl/ctl_report.h"

#include <jansson.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <vector>

#include "ctl/text_table.h"

namespace accord::ctl {

namespace {

using JsonPtr = std::unique_ptr<json_t, decltype(&json_decref)>;

std::string number(double value)
{
    char text[32];
    snprintf(text, sizeof(text), "%.4g", value);
    return text;
}

std::string millis(int64_t us)
{
    char text[32];
    snprintf(text, sizeof(text), "%.3f", us / 1000.0);
    return text;
}

std::string gpu_table(const GpusByType &gpus, const std::string &partition, bool with_partition)
{
    std::vector<std::string> header = {"TYPE", "NODES", "TOTAL", "FREE", "UNAVAILABLE"};
    if (with_partition)
        header.insert(header.begin(), "PARTITION");
    TextTable table(header);
    for (const auto &[type, g] : gpus) {
        std::vector<std::string> row = {type, std::to_string(g.nodes), std::to_string(g.total), std::to_string(g.free),
                                        std::to_string(g.unavailable)};
        if (with_partition)
            row.insert(row.begin(), partition);
        table.add(row);
    }
    return table.text();
}

std::string partition_tables(const std::map<std::string, GpusByType> &partitions)
{
    TextTable table({"PARTITION", "TYPE", "NODES", "TOTAL", "FREE", "UNAVAILABLE"});
    for (const auto &[partition, gpus] : partitions)
        for (const auto &[type, g] : gpus)
            table.add({partition, type, std::to_string(g.nodes), std::to_string(g.total), std::to_string(g.free),
                       std::to_string(g.unavailable)});
    return table.text();
}

json_t *gpus_object(const GpusByType &gpus)
{
    json_t *out = json_object();
    for (const auto &[type, g] : gpus)
        json_object_set_new(out, type.c_str(),
                            json_pack("{s:i, s:i, s:i, s:i}", "nodes", g.nodes, "total", g.total, "free", g.free,
                                      "unavailable", g.unavailable));
    return out;
}

json_t *predictor_object(const slurm::PredictorView &p)
{
    json_t *table = json_object();
    for (const auto &[type, speed] : p.table)
        json_object_set_new(table, type.c_str(), json_real(speed));
    return json_pack("{s:s, s:s, s:s, s:o}", "kind", p.kind.c_str(), "rule", p.rule.c_str(), "source",
                     p.source.c_str(), "table", table);
}

json_t *cycle_object(const slurm::CycleRecord &c)
{
    return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "time", (json_int_t)c.time, "considered",
                     (json_int_t)c.considered, "started", (json_int_t)c.started, "reserved", (json_int_t)c.reserved,
                     "refused", (json_int_t)c.refused, "lock_us", (json_int_t)c.lock_us, "longest_hold_us",
                     (json_int_t)c.longest_hold_us, "lock_wait_us", (json_int_t)c.lock_wait_us, "plan_us",
                     (json_int_t)c.plan_us);
}

std::string dump(json_t *json)
{
    JsonPtr owned(json, &json_decref);
    char *text = json_dumps(json, JSON_INDENT(2) | JSON_SORT_KEYS);
    std::string out = text ? text : "";
    free(text);
    return out + "\n";
}

std::string age_text(const StatsFile &stats, int64_t now)
{
    return "written " + std::to_string(now - stats.written_at) + " s ago, a cycle every " +
           std::to_string(stats.interval_s) + " s";
}

// Every GPU type any listed job may run on, in name order: the columns.
std::set<std::string> listed_types(const StatsFile &stats)
{
    std::set<std::string> types;
    for (const auto &job : stats.view.queue)
        for (const auto &[type, speed] : job.speed)
            types.insert(type);
    return types;
}

std::string throughput_cell(const slurm::QueuedJobView &job, const std::string &type)
{
    if (!job.speed.count(type))
        return "-";
    auto value = predicted_throughput(job, type);
    return value ? number(*value) : "?";
}

}  // namespace

std::optional<double> predicted_throughput(const slurm::QueuedJobView &job, const std::string &type)
{
    auto it = job.speed.find(type);
    if (it == job.speed.end() || !it->second)
        return std::nullopt;
    return *it->second * job.gpus;
}

std::string predictor_text(const slurm::PredictorView &p)
{
    std::string status;
    if (p.kind == "speed_table") {
        status = "admin speed table (accord_gpu_speed):";
        for (const auto &[type, speed] : p.table)
            status += " " + type + "=" + number(speed);
    } else if (p.kind == "learned_model") {
        // The plugin's model ranker: the model where it knows the job's
        // family and the GPU type, the admin's table elsewhere.
        status = "learned model (accord_model), accord_gpu_speed where it does not know the family or type:";
        for (const auto &[type, speed] : p.table)
            status += " " + type + "=" + number(speed);
    } else if (p.kind == "none") {
        status = "none: no accord_gpu_speed in SchedulerParameters, so no speed figures; a job that accepts "
                 "any GPU type gets the best fit";
    } else {
        status = p.kind + " (a predictor this accord-ctl does not know)";
    }
    return status + "\n  rule: " + p.rule + "\n  speeds: " + p.source + "\n";
}

std::string status_text(const StatsFile &stats, const std::map<std::string, GpusByType> *partitions, int64_t now)
{
    std::string out = "Stats file: " + stats.path + " (" + age_text(stats, now) + ")\n";
    out += "Predictor: " + predictor_text(stats.view.predictor);
    out += "Queue: " + std::to_string(stats.view.pending) +
           " record(s) eligible at the last cycle (pending, not held, not waiting for a dependency or a "
           "limit), " + std::to_string(stats.view.pending_gpu) + " asking for GPUs\n";
    out += "\nGPUs at the last cycle (Accord's snapshot):\n";
    out += stats.view.gpus.empty() ? "none\n" : gpu_table(stats.view.gpus, "", false);
    if (partitions) {
        out += "\nGPUs per partition now (Slurm):\n";
        out += partitions->empty() ? "no partitions\n" : partition_tables(*partitions);
    }
    return out;
}

std::string status_json(const StatsFile &stats, const std::map<std::string, GpusByType> *partitions, int64_t now)
{
    json_t *out = json_pack("{s:s, s:I, s:I, s:I, s:b, s:o, s:{s:I, s:I}, s:o}", "stats_file", stats.path.c_str(),
                            "written_at", (json_int_t)stats.written_at, "age_s", (json_int_t)(now - stats.written_at),
                            "interval_s", (json_int_t)stats.interval_s, "stale", staleness(stats, now).has_value(),
                            "predictor", predictor_object(stats.view.predictor), "queue", "pending",
                            (json_int_t)stats.view.pending, "pending_gpu", (json_int_t)stats.view.pending_gpu, "gpus",
                            gpus_object(stats.view.gpus));
    if (partitions) {
        json_t *parts = json_object();
        for (const auto &[name, gpus] : *partitions)
            json_object_set_new(parts, name.c_str(), gpus_object(gpus));
        json_object_set_new(out, "partitions", parts);
    }
    return dump(out);
}

std::string queue_text(const StatsFile &stats)
{
    std::string out = "Predicted throughput per GPU type at the last cycle, relative to one GPU of speed 1 "
                      "(speed x GPUs); speeds: " + stats.view.predictor.source + "\n";
    std::set<std::string> types = listed_types(stats);
    std::vector<std::string> header = {"JOBID", "PARTITION", "GPUS", "REQUEST", "MODEL"};
    header.insert(header.end(), types.begin(), types.end());
    TextTable table(header);
    for (const auto &job : stats.view.queue) {
        std::vector<std::string> row = {std::to_string(job.job_id), job.partition, std::to_string(job.gpus),
                                        job.requested_type.empty() ? "any" : job.requested_type,
                                        job.family.empty() ? "-" : job.family};
        for (const auto &type : types)
            row.push_back(throughput_cell(job, type));
        table.add(row);
    }
    out += table.text();
    out += "Listed " + std::to_string(stats.view.queue.size()) + " of " + std::to_string(stats.view.pending_gpu) +
           " pending GPU record(s), in priority order; '-': the job cannot use the type (a request naming "
           "several types, as a100+v100, is not rated), '?': no figure\n";
    return out;
}

std::string queue_json(const StatsFile &stats)
{
    json_t *jobs = json_array();
    for (const auto &job : stats.view.queue) {
        json_t *throughput = json_object();
        for (const auto &[type, speed] : job.speed) {
            auto value = predicted_throughput(job, type);
            json_object_set_new(throughput, type.c_str(), value ? json_real(*value) : json_null());
        }
        json_array_append_new(jobs, json_pack("{s:I, s:s, s:s, s:s, s:i, s:o}", "job_id", (json_int_t)job.job_id,
                                              "partition", job.partition.c_str(), "family", job.family.c_str(),
                                              "requested_type", job.requested_type.c_str(), "gpus", job.gpus,
                                              "throughput", throughput));
    }
    return dump(json_pack("{s:I, s:I, s:s, s:o}", "pending", (json_int_t)stats.view.pending, "pending_gpu",
                          (json_int_t)stats.view.pending_gpu, "speed_source", stats.view.predictor.source.c_str(),
                          "jobs", jobs));
}

static std::string job_ids(const std::vector<uint32_t> &ids)
{
    std::string out;
    for (uint32_t id : ids)
        out += (out.empty() ? "" : ",") + std::to_string(id);
    return out.empty() ? "-" : out;
}

static std::string two_places(double value)
{
    char text[32];
    snprintf(text, sizeof(text), "%.2f", value);
    return text;
}

std::string shards_text(const StatsFile &stats)
{
    std::string out = "Shard jobs started lately (newest last): the GPU each was predicted to get and share, "
                      "its predicted speed shared over alone and the speed its co-runners lose to it\n";
    TextTable table({"JOBID", "NODE", "GPU", "SHARES_WITH", "SPEED", "OTHERS_LOST", "NODE_BY"});
    for (const auto &v : stats.shard_starts) {
        bool alone = v.co_runners.empty();
        table.add({std::to_string(v.job_id), v.node, std::to_string(v.gpu), job_ids(v.co_runners),
                   alone ? "1.00" : v.predicted ? two_places(v.slowdown) : "?",
                   alone ? "0.00" : v.predicted ? two_places(v.others_lost) : "?",
                   v.by_slowdown ? "least loss" : "fit"});
    }
    out += table.text();
    out += "'?': no prediction; SystemComment says whether Slurm gave another GPU\n";
    return out;
}

std::string shards_json(const StatsFile &stats)
{
    json_t *starts = json_array();
    for (const auto &v : stats.shard_starts) {
        json_t *co_runners = json_array();
        for (uint32_t id : v.co_runners)
            json_array_append_new(co_runners, json_integer(id));
        json_t *start = json_pack("{s:I, s:I, s:s, s:i, s:o, s:b, s:b}", "job_id", (json_int_t)v.job_id, "time",
                                  (json_int_t)v.time, "node", v.node.c_str(), "gpu", v.gpu, "co_runners", co_runners,
                                  "predicted", v.predicted, "by_slowdown", v.by_slowdown);
        json_object_set_new(start, "slowdown", v.predicted ? json_real(v.slowdown) : json_null());
        json_object_set_new(start, "others_lost", v.predicted ? json_real(v.others_lost) : json_null());
        json_array_append_new(starts, start);
    }
    return dump(json_pack("{s:o}", "shard_starts", starts));
}

std::string neighbours_text(const StatsFile &stats)
{
    const auto &v = stats.view;
    std::string out = "Slowdowns running jobs measured beside other jobs on a node (" +
                      std::to_string(v.neighbour_pairs) + " pair(s)" +
                      (v.neighbours.size() < v.neighbour_pairs ? ", the " + std::to_string(v.neighbours.size()) +
                                                                     " most slowed listed"
                                                               : "") +
                      "): a FAMILY job's speed beside a BESIDE job over its speed alone\n";
    if (v.neighbours.empty())
        return out + "none: no job of a family has reported both without and with one more job beside it\n";
    TextTable table({"FAMILY", "BESIDE", "SPEED", "JOBS"});
    for (const auto &p : v.neighbours)
        table.add({p.family, p.neighbour, two_places(p.slowdown), std::to_string(p.jobs)});
    return out + table.text();
}

std::string neighbours_json(const StatsFile &stats)
{
    json_t *listed = json_array();
    for (const auto &p : stats.view.neighbours)
        json_array_append_new(listed, json_pack("{s:s, s:s, s:f, s:i}", "family", p.family.c_str(), "beside",
                                                p.neighbour.c_str(), "slowdown", p.slowdown, "jobs", p.jobs));
    return dump(json_pack("{s:I, s:o}", "pairs", (json_int_t)stats.view.neighbour_pairs, "listed", listed));
}

std::string stats_text(const StatsFile &stats, int64_t now)
{
    uint64_t cycles = stats.cycles;
    std::string out = "Stats file: " + stats.path + " (" + age_text(stats, now) + ")\n";
    out += "Cycles since slurmctld started: " + std::to_string(cycles) + "\n";
    out += "Jobs started: " + std::to_string(stats.started_total) + " (refused by Slurm at start: " +
           std::to_string(stats.refused_total) + ")\n";
    out += "Lock time: total " + millis(stats.lock_us_total) + " ms, max " + millis(stats.lock_us_max) +
           " ms, mean " + millis(cycles ? stats.lock_us_total / static_cast<int64_t>(cycles) : 0) + " ms per cycle\n";
    out += "Planning time: total " + millis(stats.plan_us_total) + " ms, mean " +
           millis(cycles ? stats.plan_us_total / static_cast<int64_t>(cycles) : 0) + " ms per cycle\n";
    out += "\nLast cycles (newest last; times in ms):\n";
    TextTable table({"AGE_S", "CONSIDERED", "STARTED", "RESERVED", "REFUSED", "LOCK", "LONGEST_HOLD", "LOCK_WAIT",
                     "PLAN"});
    for (const auto &c : stats.recent)
        table.add({std::to_string(now - c.time), std::to_string(c.considered), std::to_string(c.started),
                   std::to_string(c.reserved), std::to_string(c.refused), millis(c.lock_us),
                   millis(c.longest_hold_us), millis(c.lock_wait_us), millis(c.plan_us)});
    return out + table.text();
}

std::string stats_json(const StatsFile &stats, int64_t now)
{
    json_t *recent = json_array();
    for (const auto &c : stats.recent)
        json_array_append_new(recent, cycle_object(c));
    return dump(json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:o}", "stats_file", stats.path.c_str(),
                          "age_s", (json_int_t)(now - stats.written_at), "cycles", (json_int_t)stats.cycles,
                          "started_total", (json_int_t)stats.started_total, "refused_total",
                          (json_int_t)stats.refused_total, "lock_us_total", (json_int_t)stats.lock_us_total,
                          "lock_us_max", (json_int_t)stats.lock_us_max, "plan_us_total",
                          (json_int_t)stats.plan_us_total, "interval_s", (json_int_t)stats.interval_s, "last",
                          cycle_object(stats.last), "recent", recent));
}

}  // namespace accord::ctl
