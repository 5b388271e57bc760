#include "slurm/slurm_config.h"

#include <cstdio>
#include <string>
#include <vector>

#include "slurm/slurm_headers.h"

namespace accord::slurm {

core::SchedulerParams read_scheduler_params()
{
    slurmctld_lock_t conf_read = {.conf = READ_LOCK};
    lock_slurmctld(conf_read);
    std::string text = slurm_conf.sched_params ? slurm_conf.sched_params : "";
    unlock_slurmctld(conf_read);

    std::vector<std::string> errors;
    core::SchedulerParams params = core::parse_scheduler_params(text, errors);
    for (const auto &e : errors)
        error("sched/accord: %s", e.c_str());
    for (const auto &w : core::main_scheduler_warnings(params))
        info("sched/accord: WARNING: %s", w.c_str());  // 22.05 has no warning()
    char fairness[48] = "off";
    if (params.fairness_bound > 0)
        snprintf(fairness, sizeof(fairness), "bound %g", params.fairness_bound);
    std::string first_queue = "(first queue " + std::to_string(params.first_queue_gpu_s) + " GPU-s)";
    std::string order = params.order == core::JobOrder::Service
                            ? "by attained GPU service " + first_queue + ", then Slurm's priority"
                        : params.order == core::JobOrder::Gittins
                            ? "by the Gittins index of their model family from its completed jobs' GPU service "
                              "(by attained GPU service " + first_queue + " until a job has completed), "
                              "then Slurm's priority"
                            : "by Slurm's priority";
    info("sched/accord: cycle every %d s, up to %zu jobs, %d reservation(s), GPU speeds for %zu type(s), "
         "finish-time fairness %s, jobs ranked %s",
         params.interval_s, params.max_jobs, params.reserve_depth, params.gpu_speed.size(), fairness,
         order.c_str());
    return params;
}

std::string state_save_location()
{
    slurmctld_lock_t conf_read = {.conf = READ_LOCK};
    lock_slurmctld(conf_read);
    std::string dir = slurm_conf.state_save_location ? slurm_conf.state_save_location : "";
    unlock_slurmctld(conf_read);
    return dir;
}

}  // namespace accord::slurm
