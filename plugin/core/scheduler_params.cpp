#include "core/scheduler_params.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/predicted_fairness.h"

namespace accord::core {

namespace {

std::vector<std::string> split(const std::string &text, char sep)
{
    std::vector<std::string> parts;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, sep))
        if (!part.empty())
            parts.push_back(part);
    return parts;
}

bool parse_long(const std::string &text, long lo, long hi, long &out)
{
    if (text.empty())
        return false;
    errno = 0;
    char *end = nullptr;
    long value = std::strtol(text.c_str(), &end, 10);
    if (errno || *end || value < lo || value > hi)
        return false;
    out = value;
    return true;
}


struct IntKey {
    const char *name;
    long lo, hi;
};

const IntKey kIntKeys[] = {
    {"accord_interval", 1, 3600},
    {"accord_max_jobs", 1, 1000000},
    {"accord_reserve_depth", 0, 1000},
    {"accord_debug", 0, 1},
    {"accord_min_run", 0, 7 * 24 * 3600},
    {"accord_restart_cost", 0, 24 * 3600},
    {"accord_preempt_interval", 0, 24 * 3600},
    {"accord_migrate", 0, 1},
    {"accord_first_queue", 1, 1000000000},
};

void set_int(SchedulerParams &p, const std::string &key, long value)
{
    if (key == "accord_interval")
        p.interval_s = static_cast<int>(value);
    else if (key == "accord_max_jobs")
        p.max_jobs = static_cast<size_t>(value);
    else if (key == "accord_reserve_depth")
        p.reserve_depth = static_cast<int>(value);
    else if (key == "accord_debug")
        p.debug = value != 0;
    else if (key == "accord_min_run")
        p.min_run_s = value;
    else if (key == "accord_restart_cost")
        p.restart_cost_s = value;
    else if (key == "accord_preempt_interval")
        p.preempt_interval_s = value;
    else if (key == "accord_migrate")
        p.migrate = value != 0;
    else if (key == "accord_first_queue")
        p.first_queue_gpu_s = value;
}

std::string bad_value(const std::string &key, const std::string &value, const std::string &range)
{
    return "SchedulerParameters: invalid " + key + "=" + value + ": expected " + range +
           "; using the default";
}

void parse_accord_key(SchedulerParams &p, const std::string &key, const std::string &value,
                      bool has_value, std::vector<std::string> &errors)
{
    for (const auto &k : kIntKeys) {
        if (key != k.name)
            continue;
        long number = 0;
        if (has_value && parse_long(value, k.lo, k.hi, number))
            set_int(p, key, number);
        else
            errors.push_back(bad_value(key, value, "an integer in [" + std::to_string(k.lo) + ", " +
                                                       std::to_string(k.hi) + "]"));
        return;
    }
    if (key == "accord_gpu_speed") {
        if (!has_value || !parse_speed_table(value, p.gpu_speed))
            errors.push_back(bad_value(key, value, "TYPE:SPEED[/TYPE:SPEED...] with speeds > 0"));
        return;
    }
    if (key == "accord_policy") {
        if (has_value && value == "easy")
            p.policy = CyclePolicy::Easy;
        else if (has_value && value == "allocator")
            p.policy = CyclePolicy::Allocator;
        else if (has_value && value == "preempt")
            p.policy = CyclePolicy::Preempt;
        else
            errors.push_back(bad_value(key, value, "easy, allocator or preempt"));
        return;
    }
    if (key == "accord_order") {
        if (has_value && value == "priority")
            p.order = JobOrder::Priority;
        else if (has_value && value == "service")
            p.order = JobOrder::Service;
        else if (has_value && value == "gittins")
            p.order = JobOrder::Gittins;
        else
            errors.push_back(bad_value(key, value, "priority, service or gittins"));
        return;
    }
    if (key == "accord_model" || key == "accord_topology") {
        if (has_value && value.size() <= kMaxModelPath && value.rfind('/', 0) == 0)
            (key == "accord_model" ? p.model_path : p.topology_dir) = value;
        else
            errors.push_back(bad_value(key, value, "an absolute path of at most " +
                                                       std::to_string(kMaxModelPath) + " bytes"));
        return;
    }
    if (key == "accord_explore") {
        if (!has_value || !parse_explore_bound(value, p.explore_bound))
            errors.push_back(bad_value(key, value, explore_bound_range()));
        return;
    }
    if (key == "accord_fairness") {
        if (!has_value || !parse_fairness_bound(value, p.fairness_bound))
            errors.push_back(bad_value(key, value, fairness_bound_range()));
        return;
    }
    errors.push_back("SchedulerParameters: unknown key " + key +
                     " (known: accord_interval, accord_max_jobs, accord_reserve_depth, "
                     "accord_debug, accord_gpu_speed, accord_policy, accord_model, accord_topology, "
                     "accord_fairness, accord_explore, accord_min_run, accord_restart_cost, "
                     "accord_preempt_interval, accord_migrate, accord_order, accord_first_queue); ignored");
}

}  // namespace

bool parse_explore_bound(const std::string &text, double &out)
{
    if (text.empty())
        return false;
    char *end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (*end || !std::isfinite(value) || value < 0 || value > 1)
        return false;
    out = value;
    return true;
}

std::string explore_bound_range() { return "0 (off) or a fraction in (0, 1]"; }

bool parse_speed_table(const std::string &text, std::map<std::string, double> &out)
{
    std::map<std::string, double> table;
    for (const auto &entry : split(text, '/')) {
        auto colon = entry.find(':');
        if (colon == 0 || colon == std::string::npos)
            return false;
        const std::string number = entry.substr(colon + 1);
        char *end = nullptr;
        double speed = std::strtod(number.c_str(), &end);
        if (number.empty() || *end || !std::isfinite(speed) || speed <= 0)
            return false;
        table[entry.substr(0, colon)] = speed;
    }
    if (table.empty())
        return false;
    out = std::move(table);
    return true;
}

SchedulerParams parse_scheduler_params(const std::string &text, std::vector<std::string> &errors)
{
    SchedulerParams params;
    for (const auto &item : split(text, ',')) {
        auto eq = item.find('=');
        bool has_value = eq != std::string::npos;
        std::string key = item.substr(0, eq);
        std::string value = has_value ? item.substr(eq + 1) : "";
        if (key == "sched_interval")
            params.main_loop_disabled = value == "-1";
        else if (key == "defer")
            params.defer = true;
        else if (key.rfind("accord_", 0) == 0)
            parse_accord_key(params, key, value, has_value, errors);
    }
    return params;
}

std::vector<std::string> main_scheduler_warnings(const SchedulerParams &params)
{
    std::vector<std::string> warnings;
    if (!params.main_loop_disabled)
        warnings.push_back("SchedulerParameters lacks sched_interval=-1: Slurm's main scheduler "
                           "will periodically start jobs behind Accord's back");
    if (!params.defer)
        warnings.push_back("SchedulerParameters lacks defer: Slurm will start srun/salloc and "
                           "newly submitted jobs at submit time, behind Accord's back");
    return warnings;
}

}  // namespace accord::core
