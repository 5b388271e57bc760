#include "core/service_ledger.h"

#include <utility>

namespace accord::core {

void ServiceLedger::see_running(uint32_t job_id, SeenRun run)
{
    run.cycle = cycle_;
    seen_[job_id] = std::move(run);
}

std::optional<int64_t> ServiceLedger::take_requeued(uint32_t job_id, uint32_t restarts, int64_t recorded)
{
    auto it = seen_.find(job_id);
    if (it == seen_.end() || it->second.restarts >= restarts)
        return std::nullopt;
    int64_t service = it->second.service;
    seen_.erase(it);
    if (service <= recorded)
        return std::nullopt;
    return service;
}

}  // namespace accord::core
