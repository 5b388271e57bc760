// sched/accord: the plugin symbols slurmctld looks up. The work happens on
// the agent thread (agent.cpp); these entry points only start, stop and
// reconfigure it, and never let an exception reach slurmctld.
#include "slurm/agent.h"
#include "slurm/slurm_headers.h"

#define ACCORD_EXPORT __attribute__((visibility("default")))

extern "C" ACCORD_EXPORT const char plugin_name[] = "Accord heterogeneity-aware GPU scheduler";
extern "C" ACCORD_EXPORT const char plugin_type[] = "sched/accord";
extern "C" ACCORD_EXPORT const uint32_t plugin_version = SLURM_VERSION_NUMBER;

extern "C" ACCORD_EXPORT int init(void)
{
    if (slurmctld_config.scheduling_disabled)
        return SLURM_SUCCESS;
    try {
        return accord::slurm::start_agent() ? SLURM_SUCCESS : SLURM_ERROR;
    } catch (...) {
        error("sched/accord: could not start the scheduling agent");
        return SLURM_ERROR;
    }
}

extern "C" ACCORD_EXPORT void fini(void)
{
    try {
        accord::slurm::stop_agent();
    } catch (...) {
        error("sched/accord: error while stopping the scheduling agent");
    }
}

extern "C" ACCORD_EXPORT int sched_p_reconfig(void)
{
    try {
        accord::slurm::request_reconfig();
    } catch (...) {
        error("sched/accord: error while requesting a reconfiguration");
    }
    return SLURM_SUCCESS;
}
