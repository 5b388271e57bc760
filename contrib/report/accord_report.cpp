// accord-report: a running job reports its measured throughput to Accord.
// The report goes into the job's own Comment as one tagged word (see
// core/progress_report.h), written with Slurm's job-update RPC: slurmctld
// authenticates the caller (munge) and lets only the job's owner, an
// operator or a coordinator of its account change it, on any host of the
// cluster. sched_accord reads it back at its next cycle.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

extern "C" {
#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>
}

#include "core/progress_report.h"

namespace {

using accord::core::ProgressReport;
using accord::core::ReportMetric;

constexpr int kUsageError = 2;  // a bad command line or environment
constexpr int kRefused = 1;     // Slurm refused or could not be reached

const char kUsage[] =
    "Usage: accord-report --steps-per-second RATE\n"
    "       accord-report --samples-per-second RATE\n"
    "Reports the throughput the calling Slurm job measured (RATE: %s)\n"
    "to the Accord scheduler. The job is $SLURM_JOB_ID; see accord-report(1).\n";

int usage_error(const std::string &message)
{
    fprintf(stderr, "accord-report: %s\nTry 'accord-report --help'.\n", message.c_str());
    return kUsageError;
}

int refused(const std::string &message)
{
    fprintf(stderr, "accord-report: %s\n", message.c_str());
    return kRefused;
}

const char *state_name(uint32_t state)
{
    static const char *const names[] = {"PENDING", "RUNNING", "SUSPENDED", "COMPLETED", "CANCELLED",
                                        "FAILED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "BOOT_FAIL",
                                        "DEADLINE", "OUT_OF_MEMORY"};
    uint32_t base = state & JOB_STATE_BASE;
    return base < sizeof(names) / sizeof(names[0]) ? names[base] : "in an unknown state";
}

// The job id in SLURM_JOB_ID, or 0 when it is missing or not a job id.
uint32_t job_id_from_env(std::string &problem)
{
    const char *text = getenv("SLURM_JOB_ID");
    if (!text || !*text) {
        problem = "SLURM_JOB_ID is not set: run accord-report inside a Slurm job (sbatch, srun or salloc)";
        return 0;
    }
    char *end = nullptr;
    unsigned long id = strtoul(text, &end, 10);
    if (*end || id == 0 || id > 0xFFFFFFF0UL || text[0] == '-') {
        problem = "SLURM_JOB_ID is '" + accord::hints::shown(text) + "', not a job id";
        return 0;
    }
    return static_cast<uint32_t>(id);
}

// Reads --steps-per-second RATE or --samples-per-second RATE (or =RATE).
int parse_args(int argc, char **argv, ProgressReport &report)
{
    bool have = false;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            printf(kUsage, accord::core::kRateSyntax);
            exit(0);
        }
        std::string name = arg.substr(0, arg.find('='));
        bool steps = name == "--steps-per-second", samples = name == "--samples-per-second";
        if (!steps && !samples)
            return usage_error("unknown option '" + accord::hints::shown(arg) + "'");
        if (have)
            return usage_error("give one rate: --steps-per-second or --samples-per-second, once");
        std::string value;
        if (name.size() < arg.size())
            value = arg.substr(name.size() + 1);
        else if (i + 1 < argc)
            value = argv[++i];
        else
            return usage_error(name + " needs a value: " + accord::core::kRateSyntax);
        accord::hints::Checked<double> rate = accord::core::check_rate(value);
        if (!rate.value)
            return usage_error(name + ": " + rate.error);
        report.metric = steps ? ReportMetric::StepsPerSecond : ReportMetric::SamplesPerSecond;
        report.rate = *rate.value;
        have = true;
    }
    return have ? 0 : usage_error("no rate given: --steps-per-second RATE or --samples-per-second RATE");
}

std::string slurm_error(int code)
{
    return std::string(slurm_strerror(code));
}

// Puts the report into the job's Comment in place of an earlier one.
int send_report(uint32_t job_id, ProgressReport report)
{
    job_info_msg_t *info = nullptr;
    if (slurm_load_job(&info, job_id, SHOW_ALL) != SLURM_SUCCESS)
        return refused("cannot read job " + std::to_string(job_id) + ": " + slurm_error(slurm_get_errno()));
    if (!info || info->record_count < 1) {
        slurm_free_job_info_msg(info);
        return refused("job " + std::to_string(job_id) + " not found");
    }
    const slurm_job_info_t &job = info->job_array[0];
    if ((job.job_state & JOB_STATE_BASE) != JOB_RUNNING) {
        std::string state = state_name(job.job_state);
        slurm_free_job_info_msg(info);
        return refused("job " + std::to_string(job_id) + " is " + state +
                       ": only a running job can report its throughput");
    }
    std::string comment = job.comment ? job.comment : "";
    slurm_free_job_info_msg(info);
    accord::core::FoundReport earlier = accord::core::find_report(comment);
    report.seq = (earlier.seq ? *earlier.seq : 0) + 1;
    accord::core::MergedComment merged = accord::core::with_report(comment, report);
    if (!merged.error.empty())
        return refused(merged.error);

    job_desc_msg_t update;
    slurm_init_job_desc_msg(&update);
    update.job_id = job_id;
    update.comment = merged.comment.data();
    if (slurm_update_job(&update) == SLURM_SUCCESS)
        return 0;
    int code = slurm_get_errno();
    std::string why = slurm_error(code);
    if (code == ESLURM_USER_ID_MISSING || code == ESLURM_ACCESS_DENIED)
        why += " (only the job's owner, a Slurm operator or a coordinator of its account may report for it)";
    return refused("slurmctld refused the report for job " + std::to_string(job_id) + ": " + why);
}

}  // namespace

int main(int argc, char **argv)
{
    ProgressReport report;
    if (int rc = parse_args(argc, argv, report))
        return rc;
    std::string problem;
    uint32_t job_id = job_id_from_env(problem);
    if (!job_id)
        return usage_error(problem);
    slurm_init(nullptr);
    int rc = send_report(job_id, report);
    slurm_fini();
    return rc;
}
