// The scheduling agent: one thread that runs a cycle every accord_interval
// seconds until fini() stops it.
#pragma once

namespace accord::slurm {

bool start_agent();       // false if an agent already runs
void stop_agent();        // stops and joins it; returns promptly
void request_reconfig();  // re-read SchedulerParameters before the next cycle

}  // namespace accord::slurm
