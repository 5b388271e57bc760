// Reads Accord's settings from slurmctld's SchedulerParameters, logging
// every problem (one error() line per bad key) and the main-scheduler
// warnings.
#pragma once

#include "core/scheduler_params.h"

namespace accord::slurm {

core::SchedulerParams read_scheduler_params();

}  // namespace accord::slurm
