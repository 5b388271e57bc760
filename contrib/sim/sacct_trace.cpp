#include "sim/sacct_trace.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <set>

#include "sim/input_error.h"
#include "sim/job_speed.h"
#include "sim/number_text.h"
#include "sim/sacct_family.h"

namespace accord::sim {

namespace {

// Slurm's job states (State's first word) for a job that is over: it ran
// for ElapsedRaw seconds, whatever ended it.
const std::set<std::string> kEnded = {"COMPLETED", "CANCELLED", "FAILED",   "TIMEOUT",       "NODE_FAIL",
                                      "PREEMPTED", "BOOT_FAIL", "DEADLINE", "OUT_OF_MEMORY", "REQUEUED"};
const std::set<std::string> kUnfinished = {"PENDING",      "RUNNING",     "SUSPENDED", "RESIZING",
                                           "REQUEUE_HOLD", "REQUEUE_FED", "CONFIGURING", "COMPLETING",
                                           "SIGNALING",    "STAGE_OUT",   "STOPPED",   "SPECIAL_EXIT"};

std::string line_of(const std::string &path, const SacctRecord &r)
{
    return path + ":" + std::to_string(r.line);
}

int tres_count(const std::string &item, const std::string &text, const std::string &where)
{
    unsigned long long value = 0;
    bool negative = false;
    if (parse_whole(text, value, negative) != NumberText::ok || negative || value > 1000000)
        throw InputError(where + ": field 7 (AllocTRES): '" + item + "' has no GPU count");
    return static_cast<int>(value);
}

void check_options(const ThroughputTable &table, const SacctTraceOptions &o)
{
    std::vector<std::string> job_types = table.job_types(), gpu_types = table.gpu_types();
    auto has = [](const std::vector<std::string> &v, const std::string &x) {
        return std::binary_search(v.begin(), v.end(), x);
    };
    for (const auto &[family, job_type] : o.families)
        if (!has(job_types, job_type))
            throw InputError("--family " + family + "=" + job_type + ": the throughput table has no job type '" +
                             job_type + "'");
    if (!o.unknown_as.empty() && !has(job_types, o.unknown_as))
        throw InputError("--unknown-as " + o.unknown_as + ": the throughput table has no such job type");
    if (!has(gpu_types, o.reference_type))
        throw InputError("--reference-type " + o.reference_type + ": the throughput table has no such GPU type");
}

class Converter {
public:
    Converter(const ThroughputTable &table, const SacctTraceOptions &options, const std::string &path)
        : speed_(table), options_(options), path_(path)
    {
        std::vector<std::string> types = table.job_types();
        job_types_.insert(types.begin(), types.end());
        known_ = job_types_;
        for (const auto &[family, job_type] : options.families)
            known_.insert(family);
    }

    void add(const SacctRecord &r, std::vector<int64_t> &submits, SacctTrace &out)
    {
        std::string reason = why_not_ran(r);
        if (!reason.empty()) {
            out.skipped[reason]++;
            return;
        }
        GpuAllocation gpus = gpu_allocation(r.alloc_tres, line_of(path_, r));
        if (gpus.count == 0) {
            out.skipped["no GPUs"]++;
            return;
        }
        if (gpus.by_type.size() > 1) {
            out.skipped["GPUs of several types (a trace job runs on one)"]++;
            return;
        }
        std::string job_type = job_type_of(r, out);
        if (job_type.empty())
            return;
        std::string gpu_type = gpus.by_type.empty() ? "" : gpus.by_type.begin()->first;
        auto rate = rate_of(gpu_type, job_type, gpus.count, r.nodes > 1, out);
        if (!rate) {
            out.skipped["job type '" + job_type + "' not measured on " + options_.reference_type]++;
            return;
        }
        TraceJob job;
        job.line = r.line;
        job.job_type = job_type;
        job.scale_factor = gpus.count;
        job.total_steps = std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(r.elapsed_s * *rate)));
        out.jobs.push_back(job);
        out.job_ids.push_back(r.job_id);
        submits.push_back(r.submit);
    }

private:
    // Why the record is not a job that ran to its end; "" if it is.
    std::string why_not_ran(const SacctRecord &r) const
    {
        if (r.job_id.find('.') != std::string::npos)
            return "job steps (sacct -X lists jobs only)";
        if (r.state == "REVOKED")
            return "revoked (another cluster of the federation ran it)";
        if (kUnfinished.count(r.state))
            return "not finished (" + r.state + ")";
        if (!kEnded.count(r.state))
            throw InputError(line_of(path_, r) + ": field 2 (State): '" + r.state + "' is not a Slurm job state");
        if (!r.start)
            return "never started";
        if (r.nodes < 1)
            throw InputError(line_of(path_, r) + ": field 6 (NNodes): '0' for a job that ran");
        return "";
    }

    // The table's job type for the record, or "" (counted) when none.
    std::string job_type_of(const SacctRecord &r, SacctTrace &out) const
    {
        FamilyGuess guess = guess_family(r, known_);
        if (guess.family.empty()) {
            if (!options_.unknown_as.empty()) {
                out.notes["unknown model family: ran as " + options_.unknown_as]++;
                return options_.unknown_as;
            }
            out.skipped["unknown model family (no hint, job name not a known family; see --unknown-as)"]++;
            return "";
        }
        auto mapped = options_.families.find(guess.family);
        if (mapped != options_.families.end())
            return mapped->second;
        if (job_types_.count(guess.family))
            return guess.family;
        out.skipped["model family '" + guess.family + "' has no job type (add --family " + guess.family +
                    "=JOB_TYPE)"]++;
        return "";
    }

    std::optional<double> rate_of(const std::string &gpu_type, const std::string &job_type, int gpus, bool spread,
                                  SacctTrace &out) const
    {
        if (!gpu_type.empty())
            if (auto rate = speed_.steps_per_second(gpu_type, job_type, gpus, spread))
                return rate;
        out.notes[(gpu_type.empty() ? std::string("no GPU type in AllocTRES")
                                    : "ran on " + gpu_type + ", without a figure for its job type") +
                  ": work measured on " + options_.reference_type]++;
        return speed_.steps_per_second(options_.reference_type, job_type, gpus, spread);
    }

    JobSpeed speed_;
    const SacctTraceOptions &options_;
    const std::string &path_;
    std::set<std::string> job_types_;
    std::set<std::string> known_;  // job types, and families the options map
};

}  // namespace

GpuAllocation gpu_allocation(const std::string &alloc_tres, const std::string &where)
{
    GpuAllocation out;
    size_t start = 0;
    while (start <= alloc_tres.size()) {
        size_t comma = alloc_tres.find(',', start);
        std::string item = alloc_tres.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        size_t eq = item.find('=');
        std::string name = item.substr(0, eq);
        if (eq != std::string::npos && name == "gres/gpu")
            out.count = tres_count(item, item.substr(eq + 1), where);
        else if (eq != std::string::npos && name.rfind("gres/gpu:", 0) == 0) {
            int count = tres_count(item, item.substr(eq + 1), where);
            if (count > 0)
                out.by_type[name.substr(9)] += count;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

SacctTrace sacct_to_trace(const std::vector<SacctRecord> &records, const ThroughputTable &table,
                          const SacctTraceOptions &options, const std::string &path)
{
    check_options(table, options);
    Converter converter(table, options, path);
    SacctTrace unordered;
    std::vector<int64_t> submits;
    for (const auto &r : records)
        converter.add(r, submits, unordered);
    std::vector<size_t> order(unordered.jobs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return submits[a] < submits[b]; });
    SacctTrace out;
    out.skipped = unordered.skipped;
    out.notes = unordered.notes;
    for (size_t i : order) {
        TraceJob job = unordered.jobs[i];
        job.arrival_s = static_cast<double>(submits[i] - submits[order.front()]);
        out.jobs.push_back(job);
        out.job_ids.push_back(unordered.job_ids[i]);
    }
    return out;
}

std::string trace_text(const SacctTrace &trace)
{
    std::string text;
    for (size_t i = 0; i < trace.jobs.size(); i++) {
        const TraceJob &j = trace.jobs[i];
        char arrival[32];
        snprintf(arrival, sizeof(arrival), "%.0f", j.arrival_s);
        text += j.job_type + "\tslurm-job-" + trace.job_ids[i] + "\t-n\t0\t" + std::to_string(j.total_steps) + "\t" +
                arrival + "\t" + std::to_string(j.scale_factor) + "\n";
    }
    return text;
}

std::string summary_text(const SacctTrace &trace, size_t records)
{
    std::string text = "accord-sacct2trace: kept " + std::to_string(trace.jobs.size()) + " of " +
                       std::to_string(records) + " record(s)\n";
    for (const auto &[reason, count] : trace.skipped)
        text += "  skipped " + std::to_string(count) + ": " + reason + "\n";
    for (const auto &[note, count] : trace.notes)
        text += "  " + std::to_string(count) + " job(s): " + note + "\n";
    return text;
}

}  // namespace accord::sim
