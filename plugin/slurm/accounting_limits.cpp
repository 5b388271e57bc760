#include "slurm/accounting_limits.h"

#include <cstdint>
#include <vector>

namespace accord::slurm {

bool over_limit_as_submitted(job_record_t *job)
{
    if (!job->tres_req_cnt)
        return false;
    std::vector<uint64_t> counts(job->tres_req_cnt, job->tres_req_cnt + slurmctld_tres_cnt);
    return !acct_policy_job_runnable_post_select(job, counts.data(), false);
}

}  // namespace accord::slurm
