#include "core/service_ledger.h"

namespace accord::core {

void ServiceLedger::see_running(uint32_t job_id, uint32_t restarts, int64_t service)
{
    seen_[job_id] = Seen{restarts, service, cycle_};
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
