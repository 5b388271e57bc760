#include "slurm/system_comment.h"

#include <ctime>

namespace accord::slurm {

void set_system_comment(job_record_t *job, const std::string &text)
{
    if (job->system_comment && text == job->system_comment)
        return;
    xfree(job->system_comment);
    job->system_comment = xstrdup(text.c_str());
    last_job_update = time(nullptr);
}

}  // namespace accord::slurm
