#include "slurm/job_env_entry.h"

#include <cstdint>
#include <cstring>

namespace accord::slurm {

namespace {

// The entry's index in the job's spank_job_env, or its size when absent.
uint32_t entry_index(const job_record_t *job, const std::string &name)
{
    std::string prefix = name + "=";
    for (uint32_t i = 0; i < job->spank_job_env_size && job->spank_job_env; i++) {
        const char *entry = job->spank_job_env[i];
        if (entry && !strncmp(entry, prefix.c_str(), prefix.size()))
            return i;
    }
    return job->spank_job_env_size;
}

}  // namespace

std::optional<std::string> entry_value(const job_record_t *job, const std::string &name)
{
    uint32_t i = entry_index(job, name);
    if (i == job->spank_job_env_size)
        return std::nullopt;
    return std::string(job->spank_job_env[i] + name.size() + 1);
}

// The array stays null-terminated, as Slurm allocates and frees it.
void set_entry(job_record_t *job, const std::string &name, const std::string &value)
{
    uint32_t i = entry_index(job, name);
    if (i == job->spank_job_env_size) {
        xrealloc(job->spank_job_env, sizeof(char *) * (job->spank_job_env_size + 2));
        job->spank_job_env_size++;
    }
    xfree(job->spank_job_env[i]);
    job->spank_job_env[i] = xstrdup((name + "=" + value).c_str());
}

void remove_entry(job_record_t *job, const std::string &name)
{
    uint32_t i = entry_index(job, name);
    if (i == job->spank_job_env_size)
        return;
    xfree(job->spank_job_env[i]);
    job->spank_job_env_size--;
    job->spank_job_env[i] = job->spank_job_env[job->spank_job_env_size];
    job->spank_job_env[job->spank_job_env_size] = nullptr;
}

}  // namespace accord::slurm
