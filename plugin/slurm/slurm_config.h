// Reads Accord's settings from slurmctld's SchedulerParameters, logging
// every problem (one error() line per bad key) and the main-scheduler
// warnings; and where Accord keeps its files (StateSaveLocation).
#pragma once

#include <string>

#include "core/scheduler_params.h"

namespace accord::slurm {

core::SchedulerParams read_scheduler_params();

// slurmctld's StateSaveLocation, "" when it has none. Takes the conf lock.
std::string state_save_location();

}  // namespace accord::slurm
