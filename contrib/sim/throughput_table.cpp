// ThroughputTable::load_gavel: Gavel's throughput JSON, parsed once with
// jansson (linear in the file size) and checked entry by entry.
#include "sim/throughput_table.h"

#include <jansson.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>

#include "sim/input_error.h"

namespace accord::sim {

namespace {

const char kUnconsolidated[] = "_unconsolidated";
const char kAlone[] = "null";

bool ends_with(const std::string &s, const char *suffix)
{
    size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// Owns a json_t reference.
struct JsonRef {
    json_t *p;
    explicit JsonRef(json_t *j) : p(j) {}
    ~JsonRef() { json_decref(p); }
    JsonRef(const JsonRef &) = delete;
    JsonRef &operator=(const JsonRef &) = delete;
};

[[noreturn]] void fail(const std::string &path, const std::string &where, const std::string &what)
{
    throw InputError(path + ": " + where + ": " + what);
}

// Python's str((name, n)): "('NAME', N)" (or "(\"NAME\", N)" when the name
// holds a single quote). NAME may hold parentheses, spaces and commas, so the
// key is read from both ends. N is a decimal integer >= 1.
bool parse_job_key(const std::string &key, std::string &name, int &scale_factor)
{
    if (key.size() < 7 || key.front() != '(' || key.back() != ')')
        return false;
    char quote = key[1];
    if (quote != '\'' && quote != '"')
        return false;
    size_t sep = key.rfind(", ");
    if (sep == std::string::npos || sep < 3 || key[sep - 1] != quote)
        return false;
    std::string digits = key.substr(sep + 2, key.size() - 1 - (sep + 2));
    if (digits.empty() || digits.size() > 9 || digits[0] == '0')
        return false;
    for (char c : digits)
        if (c < '0' || c > '9')
            return false;
    name = key.substr(2, sep - 1 - 2);
    if (name.empty())
        return false;
    scale_factor = std::atoi(digits.c_str());
    return true;
}

const char kKeyForm[] = "expected a key of the form ('job type', scale factor >= 1)";

}  // namespace

ThroughputTable ThroughputTable::load_gavel(const std::string &path)
{
    json_error_t err;
    json_t *raw = json_load_file(path.c_str(), JSON_REJECT_DUPLICATES, &err);
    if (!raw) {
        if (err.line > 0)
            throw InputError(path + ":" + std::to_string(err.line) + ":" +
                             std::to_string(err.column) + ": invalid JSON: " + err.text);
        throw InputError(path + ": " + err.text);
    }
    JsonRef root(raw);
    if (!json_is_object(root.p))
        throw InputError(path + ": expected a JSON object {gpu type: {job: {...}}} at the top level");
    if (json_object_size(root.p) == 0)
        throw InputError(path + ": no GPU types");

    ThroughputTable t;
    const char *gpu_c;
    json_t *jobs;
    json_object_foreach(root.p, gpu_c, jobs)
    {
        std::string gpu = gpu_c;
        if (gpu.empty() || gpu == kUnconsolidated)
            fail(path, "'" + gpu + "'", "expected a GPU type name");
        if (!json_is_object(jobs))
            fail(path, gpu, "expected an object {('job type', scale factor): {...}}");
        auto &gpu_table = t.table_[gpu];
        const char *job_c;
        json_t *entry;
        json_object_foreach(jobs, job_c, entry)
        {
            std::string where = gpu + " / " + job_c;
            std::string job;
            int sf = 0;
            if (!parse_job_key(job_c, job, sf))
                fail(path, where, kKeyForm);
            if (!json_is_object(entry))
                fail(path, where, "expected an object {\"null\": number, ('other', N): [a, b], ...}");
            auto ins = gpu_table.emplace(std::make_pair(job, sf), Entry{});
            if (!ins.second)
                fail(path, where, "duplicate job entry");
            Entry &e = ins.first->second;
            json_t *alone = json_object_get(entry, kAlone);
            if (!alone)
                fail(path, where, "missing \"null\" (the job's isolated throughput)");
            const char *other_c;
            json_t *value;
            json_object_foreach(entry, other_c, value)
            {
                std::string vwhere = where + " / " + other_c;
                if (std::strcmp(other_c, kAlone) == 0) {
                    if (!json_is_number(value) || !(json_number_value(value) >= 0) ||
                        !std::isfinite(json_number_value(value)))
                        fail(path, vwhere, "expected a number >= 0");
                    e.alone = json_number_value(value);
                    continue;
                }
                std::string other;
                int other_sf = 0;
                if (!parse_job_key(other_c, other, other_sf))
                    fail(path, vwhere, std::string(kKeyForm) + " or \"null\"");
                if (other_sf != sf)
                    fail(path, vwhere,
                         "expected the job's own scale factor " + std::to_string(sf));
                if (!json_is_array(value) || json_array_size(value) != 2)
                    fail(path, vwhere, "expected a pair [a, b] of numbers >= 0");
                double ab[2];
                for (size_t i = 0; i < 2; i++) {
                    json_t *x = json_array_get(value, i);
                    if (!json_is_number(x) || !(json_number_value(x) >= 0) ||
                        !std::isfinite(json_number_value(x)))
                        fail(path, vwhere, "expected a pair [a, b] of numbers >= 0");
                    ab[i] = json_number_value(x);
                }
                if (!e.with.emplace(std::make_pair(other, other_sf), std::make_pair(ab[0], ab[1]))
                         .second)
                    fail(path, vwhere, "duplicate pair entry");
            }
        }
    }
    return t;
}

void ThroughputTable::set_isolated(const std::string &gpu_type, const std::string &job_type,
                                   int scale_factor, bool spread, double steps_per_second)
{
    auto &entry = table_[spread ? gpu_type + kUnconsolidated : gpu_type][{job_type, scale_factor}];
    entry.alone = steps_per_second;
}

std::optional<double> ThroughputTable::isolated(const std::string &gpu_type,
                                                const std::string &job_type, int scale_factor,
                                                bool spread) const
{
    auto g = table_.find(spread ? gpu_type + kUnconsolidated : gpu_type);
    if (g == table_.end())
        return std::nullopt;
    auto j = g->second.find(std::make_pair(job_type, scale_factor));
    if (j == g->second.end() || j->second.alone <= 0)
        return std::nullopt;
    return j->second.alone;
}

std::optional<std::pair<double, double>> ThroughputTable::colocated(
    const std::string &gpu_type, const std::string &job_type, const std::string &other_type,
    int scale_factor) const
{
    auto g = table_.find(gpu_type);
    if (g == table_.end())
        return std::nullopt;
    auto j = g->second.find(std::make_pair(job_type, scale_factor));
    if (j == g->second.end())
        return std::nullopt;
    auto o = j->second.with.find(std::make_pair(other_type, scale_factor));
    // [0, 0] is Gavel's "not measured"; a pair with one job at 0 steps/s is
    // no measurement either (none in the published files).
    if (o == j->second.with.end() || o->second.first <= 0 || o->second.second <= 0)
        return std::nullopt;
    return o->second;
}

std::vector<std::string> ThroughputTable::gpu_types() const
{
    std::vector<std::string> out;
    for (const auto &g : table_)
        if (!ends_with(g.first, kUnconsolidated))
            out.push_back(g.first);
    return out;  // table_ is a std::map: already sorted
}

std::vector<std::string> ThroughputTable::job_types() const
{
    std::set<std::string> names;
    for (const auto &g : table_)
        for (const auto &j : g.second)
            names.insert(j.first.first);
    return std::vector<std::string>(names.begin(), names.end());
}

}  // namespace accord::sim
