#include "sim/lone_jobs.h"

namespace accord::sim {

void LoneJobs::remove(const Key &key, size_t job)
{
    auto group = groups_.find(key);
    if (group == groups_.end())
        return;
    group->second.erase(job);
    if (group->second.empty())
        groups_.erase(group);
}

}  // namespace accord::sim
