#include "slurm/slurm_reports.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "slurm/gres_record.h"
#include "slurm/job_nodes.h"
#include "slurm/slurm_config.h"
#include "slurm/slurm_gpus.h"
#include "slurm/slurm_headers.h"
#include "slurm/slurm_hints.h"
#include "slurm/system_comment.h"

extern "C" {
#include "src/common/uid.h"
}

namespace accord::slurm {

namespace {

core::GpuCounts job_gpus(job_record_t *job)
{
    core::GpuCounts total;
    for_each_job_node(job, [&](int i, int offset) {
        if (node_record_t *node = node_record_table_ptr[i])
            for (const auto &[type, count] : job_gpus_on_node(job, offset, node))
                total[type] += count;
    });
    return total;
}

bool holds_gpus_or_shards(job_record_t *job)
{
    if (!job->gres_list_alloc)
        return false;
    bool holds = false;
    ListIterator it = list_iterator_create(job->gres_list_alloc);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it)))
        holds = holds || is_gres(gres, "gpu") || is_gres(gres, "shard");
    list_iterator_destroy(it);
    return holds;
}

// Per node, the running jobs holding GPUs or shards on it, with their
// families: a sample's neighbours. Under the job and node read locks.
using NodeJobs = std::vector<std::vector<std::pair<uint32_t, std::string>>>;
NodeJobs jobs_on_nodes()
{
    NodeJobs on(node_record_count);
    ListIterator it = list_iterator_create(job_list);
    while (auto *job = static_cast<job_record_t *>(list_next(it))) {
        if (!IS_JOB_RUNNING(job) || !holds_gpus_or_shards(job))
            continue;
        std::string family = model_family(job);
        for_each_job_node(job, [&](int node, int) {
            if (node < node_record_count)
                on[node].emplace_back(job->job_id, family);
        });
    }
    list_iterator_destroy(it);
    return on;
}

// The families of the other jobs on the job's nodes, each job once.
std::vector<std::string> neighbours_of(job_record_t *job, const NodeJobs &on)
{
    std::map<uint32_t, std::string> others;
    for_each_job_node(job, [&](int node, int) {
        if (node < static_cast<int>(on.size()))
            for (const auto &[id, family] : on[node])
                if (id != job->job_id)
                    others.emplace(id, family.empty() ? core::kUnnamedNeighbour : family);
    });
    std::vector<std::string> families;
    for (const auto &[id, family] : others)
        families.push_back(family);
    std::sort(families.begin(), families.end());
    return families;
}

core::ThroughputSample sample_of(job_record_t *job, const core::ProgressReport &report, time_t now)
{
    core::ThroughputSample s;
    s.time = now;
    s.job_id = job->job_id;
    // user_name is often unset in 22.05; the cache spares a lookup per report.
    s.user = job->user_name ? job->user_name : uid_to_string_cached(job->user_id);
    s.family = model_family(job);
    s.gpus = job_gpus(job);
    s.nodes = job->nodes ? job->nodes : "";
    s.report = report;
    return s;
}

std::string accepted_note(const core::ThroughputSample &s)
{
    char when[32];
    struct tm tm {};
    time_t t = s.time;
    strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", localtime_r(&t, &tm));
    char rate[32];
    snprintf(rate, sizeof(rate), "%.4g", s.report.rate);
    const char *unit = s.report.metric == core::ReportMetric::StepsPerSecond ? "steps/s" : "samples/s";
    return std::string(core::kReportNoteMarker) + ": " + rate + " " + unit + " at " + when + " (seq " +
           std::to_string(s.report.seq) + ")";
}

void show_notes(const std::vector<JobNote> &notes)
{
    slurmctld_lock_t job_write = {.job = WRITE_LOCK};
    lock_slurmctld(job_write);
    for (const JobNote &o : notes) {
        job_record_t *job = find_job_record(o.job_id);
        if (!job)
            continue;
        set_system_comment(job, core::with_report_note(job->system_comment ? job->system_comment : "", o.text));
    }
    unlock_slurmctld(job_write);
}

}  // namespace

void ReportIngest::reconfigure()
{
    std::string dir = state_save_location();
    std::string path = dir.empty() ? "" : dir + "/" + kSampleFileName;
    if (store_ && store_->path() == path)
        return;
    intake_ = core::ReportIntake();
    observed_ = core::ObservedSpeeds();
    neighbours_ = core::NeighbourSlowdowns();
    store_.reset();
    if (path.empty()) {
        error("sched/accord: no StateSaveLocation: progress reports are not stored");
        return;
    }
    store_.emplace(path);
    core::SampleLog log = store_->load();
    if (!log.error.empty())
        error("sched/accord: %s", log.error.c_str());
    if (log.skipped)
        error("sched/accord: skipped %zu damaged throughput sample lines; first: %s", log.skipped,
              log.first_problem.c_str());
    intake_.restore(log.samples);
    for (const core::ThroughputSample &s : log.samples) {
        observed_.add(s);
        neighbours_.add(s);
    }
    info("sched/accord: %zu throughput samples found in %s", log.samples.size(), path.c_str());
}

void ReportIngest::collect(time_t now, std::vector<core::ThroughputSample> &fresh, std::vector<JobNote> &refused)
{
    std::set<uint32_t> running;
    std::vector<job_record_t *> reporting;  // the jobs of `fresh`, in order
    // Nodes are read for the GPUs each job holds on them.
    slurmctld_lock_t read_locks = {.job = READ_LOCK, .node = READ_LOCK};
    lock_slurmctld(read_locks);
    ListIterator it = list_iterator_create(job_list);
    while (auto *job = static_cast<job_record_t *>(list_next(it))) {
        if (!IS_JOB_RUNNING(job))
            continue;
        running.insert(job->job_id);
        if (!job->comment || !strstr(job->comment, core::kReportTag))
            continue;
        core::IntakeVerdict v = intake_.check(job->job_id, job->comment, now);
        if (v.what == core::Intake::New) {
            fresh.push_back(sample_of(job, v.report, now));
            reporting.push_back(job);
        } else if (v.what == core::Intake::Refused && intake_.first_refusal(job->job_id, v.tag)) {
            refused.push_back({job->job_id, v.error});
        }
    }
    list_iterator_destroy(it);
    if (!reporting.empty()) {
        NodeJobs on = jobs_on_nodes();
        size_t first = fresh.size() - reporting.size();
        for (size_t i = 0; i < reporting.size(); i++)
            fresh[first + i].neighbours = neighbours_of(reporting[i], on);
    }
    unlock_slurmctld(read_locks);
    intake_.keep_only(running);
}

bool ReportIngest::store(std::vector<core::ThroughputSample> &fresh)
{
    // A sample no line can hold (a user name with a tab...) would block
    // every other one: it is dropped, once.
    for (auto s = fresh.begin(); s != fresh.end();) {
        if (!core::sample_line(*s).empty()) {
            ++s;
            continue;
        }
        error("sched/accord: JobId=%u: throughput sample has a field that cannot be written; dropped", s->job_id);
        intake_.accepted(s->job_id, s->report.seq, s->time);
        s = fresh.erase(s);
    }
    std::string failed = store_->append(fresh);
    if (!failed.empty() && failed != last_failure_)  // once per distinct failure, not every cycle
        error("sched/accord: throughput samples not stored: %s", failed.c_str());
    last_failure_ = failed;
    return failed.empty();
}

void ReportIngest::run(time_t now)
{
    if (!store_)
        return;
    std::vector<core::ThroughputSample> fresh;
    std::vector<JobNote> refused;
    collect(now, fresh, refused);
    std::vector<JobNote> notes;
    for (const JobNote &r : refused) {
        info("sched/accord: JobId=%u: progress report refused: %s", r.job_id, r.text.c_str());
        notes.push_back({r.job_id, std::string(core::kReportNoteMarker) + " refused: " + r.text});
    }
    if (!store(fresh))
        fresh.clear();  // taken again next cycle: the reports stay in the Comments
    for (const core::ThroughputSample &s : fresh) {
        intake_.accepted(s.job_id, s.report.seq, s.time);
        observed_.add(s);
        neighbours_.add(s);
        debug("sched/accord: JobId=%u: %s %.9g stored", s.job_id, core::metric_name(s.report.metric), s.report.rate);
        notes.push_back({s.job_id, accepted_note(s)});
    }
    if (!notes.empty())
        show_notes(notes);
}

}  // namespace accord::slurm
