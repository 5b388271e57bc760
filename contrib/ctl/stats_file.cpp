// parse_stats: accord-stats.json through jansson, every key checked and
// named by its path when missing or of the wrong type.
#include "ctl/stats_file.h"

#include <jansson.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

namespace accord::ctl {

namespace {

using JsonPtr = std::unique_ptr<json_t, decltype(&json_decref)>;

// One JSON object and its key path ("gpus.a100"), for errors.
class Object {
public:
    Object(const json_t *json, std::string where, const std::string &path)
        : json_(json), where_(std::move(where)), path_(path)
    {
        if (!json_is_object(json_))
            fail("is not an object");
    }

    [[noreturn]] void fail(const std::string &what) const
    {
        throw StatsError(path_ + ": " + (where_.empty() ? "the top level" : "key " + where_) + " " + what);
    }

    const json_t *get(const char *key) const
    {
        const json_t *value = json_object_get(json_, key);
        if (!value)
            throw StatsError(path_ + ": key " + name(key) + " is missing");
        return value;
    }

    // Bounded by `max` too: a count read into an int must fit it.
    int64_t integer(const char *key, int64_t min = 0, int64_t max = INT64_MAX) const
    {
        const json_t *value = get(key);
        if (!json_is_integer(value))
            throw StatsError(path_ + ": key " + name(key) + " is not an integer");
        int64_t number = json_integer_value(value);
        if (number < min)
            throw StatsError(path_ + ": key " + name(key) + " is " + std::to_string(number) + ", below " +
                             std::to_string(min));
        if (number > max)
            throw StatsError(path_ + ": key " + name(key) + " is " + std::to_string(number) + ", above " +
                             std::to_string(max));
        return number;
    }

    std::string text(const char *key) const
    {
        const json_t *value = get(key);
        if (!json_is_string(value))
            throw StatsError(path_ + ": key " + name(key) + " is not a string");
        return json_string_value(value);
    }

    bool boolean(const char *key) const
    {
        const json_t *value = get(key);
        if (!json_is_boolean(value))
            throw StatsError(path_ + ": key " + name(key) + " is not true or false");
        return json_is_true(value);
    }

    // A number in [min, max].
    double real(const char *key, double min, double max) const
    {
        const json_t *value = get(key);
        double number = json_is_number(value) ? json_number_value(value) : min - 1;
        if (!(number >= min && number <= max))
            throw StatsError(path_ + ": key " + name(key) + " is not a number from " + std::to_string(min) +
                             " to " + std::to_string(max));
        return number;
    }

    bool has(const char *key) const { return json_object_get(json_, key) != nullptr; }

    Object object(const char *key) const { return Object(get(key), name(key), path_); }

    const json_t *array(const char *key) const
    {
        const json_t *value = get(key);
        if (!json_is_array(value))
            throw StatsError(path_ + ": key " + name(key) + " is not an array");
        return value;
    }

    // Each member's key, in the file's order.
    template <typename Each>
    void for_each(Each &&each) const
    {
        const char *key;
        json_t *value;
        json_object_foreach(const_cast<json_t *>(json_), key, value)
            each(key, value, name(key));
    }

    std::string name(const std::string &key) const { return where_.empty() ? key : where_ + "." + key; }
    const std::string &path() const { return path_; }

private:
    const json_t *json_;
    std::string where_;
    const std::string &path_;
};

// A relative speed: a number > 0, or null when the predictor has none.
std::optional<double> speed_value(const json_t *value, const std::string &where, const std::string &path)
{
    if (json_is_null(value))
        return std::nullopt;
    if (!json_is_number(value) || !(json_number_value(value) > 0))
        throw StatsError(path + ": key " + where + " is not a number > 0 or null");
    return json_number_value(value);
}

slurm::CycleRecord read_cycle(const Object &o)
{
    slurm::CycleRecord c;
    c.time = o.integer("time");
    c.considered = o.integer("considered");
    c.started = o.integer("started");
    c.reserved = o.integer("reserved");
    c.refused = o.integer("refused");
    c.lock_us = o.integer("lock_us");
    c.longest_hold_us = o.integer("longest_hold_us");
    c.lock_wait_us = o.integer("lock_wait_us");
    c.plan_us = o.integer("plan_us");
    return c;
}

slurm::PredictorView read_predictor(const Object &o)
{
    slurm::PredictorView p;
    p.kind = o.text("kind");
    p.rule = o.text("rule");
    p.source = o.text("source");
    o.object("table").for_each([&](const char *type, const json_t *value, const std::string &where) {
        auto speed = speed_value(value, where, o.path());
        if (!speed)
            throw StatsError(o.path() + ": key " + where + " is null, expected a speed > 0");
        p.table[type] = *speed;
    });
    return p;
}

void read_gpus(const Object &o, std::map<std::string, slurm::GpuTypeView> &gpus)
{
    o.for_each([&](const char *type, const json_t *value, const std::string &where) {
        Object g(value, where, o.path());
        slurm::GpuTypeView &v = gpus[type];
        v.nodes = static_cast<int>(g.integer("nodes", 0, INT_MAX));
        v.total = static_cast<int>(g.integer("total", 0, INT_MAX));
        v.free = static_cast<int>(g.integer("free", 0, INT_MAX));
        v.unavailable = static_cast<int>(g.integer("unavailable", 0, INT_MAX));
        if (v.free + v.unavailable > v.total)
            g.fail("has free + unavailable above total");
    });
}

slurm::QueuedJobView read_job(const Object &o)
{
    slurm::QueuedJobView j;
    j.job_id = static_cast<uint32_t>(o.integer("job_id", 1, UINT32_MAX));
    j.partition = o.text("partition");
    j.family = o.text("family");
    j.requested_type = o.text("requested_type");
    j.gpus = static_cast<int>(o.integer("gpus", 1, INT_MAX));
    o.object("speed").for_each([&](const char *type, const json_t *value, const std::string &where) {
        j.speed[type] = speed_value(value, where, o.path());
    });
    return j;
}

void read_queue(const Object &o, slurm::CycleView &view)
{
    view.pending = o.integer("pending");
    view.pending_gpu = o.integer("pending_gpu");
    const json_t *listed = o.array("listed");
    for (size_t i = 0; i < json_array_size(listed); i++) {
        std::string where = o.name("listed") + "[" + std::to_string(i) + "]";
        view.queue.push_back(read_job(Object(json_array_get(listed, i), where, o.path())));
    }
}

slurm::ShardStartView read_shard_start(const Object &o)
{
    slurm::ShardStartView v;
    v.job_id = static_cast<uint32_t>(o.integer("job_id", 1, UINT32_MAX));
    v.time = o.integer("time");
    v.node = o.text("node");
    v.gpu = static_cast<int>(o.integer("gpu", 0, INT_MAX));
    const json_t *co_runners = o.array("co_runners");
    for (size_t i = 0; i < json_array_size(co_runners); i++) {
        const json_t *id = json_array_get(co_runners, i);
        if (!json_is_integer(id) || json_integer_value(id) < 1 || json_integer_value(id) > UINT32_MAX)
            o.fail("has co_runners[" + std::to_string(i) + "] not a job id");
        v.co_runners.push_back(static_cast<uint32_t>(json_integer_value(id)));
    }
    v.predicted = o.boolean("predicted");
    v.slowdown = o.real("slowdown", 0, 1);
    v.others_lost = o.real("others_lost", -1e9, 1e9);
    v.by_slowdown = o.boolean("by_slowdown");
    return v;
}

core::NeighbourPair read_neighbour_pair(const Object &o)
{
    core::NeighbourPair p;
    p.family = o.text("family");
    p.neighbour = o.text("beside");
    p.slowdown = o.real("slowdown", 0, 1);
    p.jobs = static_cast<int>(o.integer("jobs", 1, INT_MAX));
    return p;
}

// Files of plugins before these slowdowns were learned have no such key.
void read_neighbours(const Object &top, slurm::CycleView &view)
{
    if (!top.has("neighbours"))
        return;
    Object o = top.object("neighbours");
    view.neighbour_pairs = o.integer("pairs");
    const json_t *listed = o.array("listed");
    for (size_t i = 0; i < json_array_size(listed); i++) {
        std::string where = o.name("listed") + "[" + std::to_string(i) + "]";
        view.neighbours.push_back(read_neighbour_pair(Object(json_array_get(listed, i), where, o.path())));
    }
}

// Files of plugins before shard starts were listed have no such key.
void read_shard_starts(const Object &top, std::vector<slurm::ShardStartView> &starts)
{
    if (!top.has("shard_starts"))
        return;
    const json_t *listed = top.array("shard_starts");
    for (size_t i = 0; i < json_array_size(listed); i++)
        starts.push_back(read_shard_start(
            Object(json_array_get(listed, i), "shard_starts[" + std::to_string(i) + "]", top.path())));
}

}  // namespace

StatsFile parse_stats(const std::string &text, const std::string &path)
{
    json_error_t error;
    JsonPtr root(json_loadb(text.data(), text.size(), 0, &error), &json_decref);
    if (!root)
        throw StatsError(path + ": not valid JSON: line " + std::to_string(error.line) + " column " +
                         std::to_string(error.column) + ": " + error.text +
                         " (sched_accord replaces it whole; was it edited or cut short?)");
    Object top(root.get(), "", path);
    int64_t format = top.integer("format");
    if (format != slurm::kStatsFormat)
        throw StatsError(path + ": format " + std::to_string(format) + ", but this accord-ctl reads format " +
                         std::to_string(slurm::kStatsFormat) + " (is it from the same Accord as sched_accord.so?)");
    StatsFile s;
    s.path = path;
    s.written_at = top.integer("written_at");
    s.interval_s = static_cast<int>(top.integer("interval_s", 1, INT_MAX));
    s.cycles = top.integer("cycles");
    s.started_total = top.integer("started_total");
    s.refused_total = top.integer("refused_total");
    s.lock_us_total = top.integer("lock_us_total");
    s.lock_us_max = top.integer("lock_us_max");
    s.plan_us_total = top.integer("plan_us_total");
    s.last = read_cycle(top.object("last"));
    const json_t *recent = top.array("recent");
    for (size_t i = 0; i < json_array_size(recent); i++)
        s.recent.push_back(read_cycle(Object(json_array_get(recent, i), "recent[" + std::to_string(i) + "]", path)));
    s.view.predictor = read_predictor(top.object("predictor"));
    read_gpus(top.object("gpus"), s.view.gpus);
    read_queue(top.object("queue"), s.view);
    read_neighbours(top, s.view);
    read_shard_starts(top, s.shard_starts);
    return s;
}

StatsFile read_stats_file(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw StatsError(path + ": cannot read: " + std::strerror(errno) +
                         " (sched_accord writes it in StateSaveLocation after each scheduling cycle: is "
                         "SchedulerType=sched/accord and slurmctld running, and is this its host?)");
    std::stringstream text;
    text << in.rdbuf();
    return parse_stats(text.str(), path);
}

int64_t stale_after(const StatsFile &stats)
{
    return std::max<int64_t>(60, 3 * static_cast<int64_t>(stats.interval_s));
}

std::optional<std::string> staleness(const StatsFile &stats, int64_t now)
{
    int64_t age = now - stats.written_at;
    if (age < -stale_after(stats))
        return stats.path + ": written " + std::to_string(-age) + " s in the future: is the clock right?";
    if (age <= stale_after(stats))
        return std::nullopt;
    return stats.path + ": stale: written " + std::to_string(age) + " s ago, but sched_accord rewrites it every " +
           std::to_string(stats.interval_s) + " s (accord_interval): is slurmctld running with "
           "SchedulerType=sched/accord? The figures below are from then.";
}

}  // namespace accord::ctl
