// Entries Accord keeps with a job in its spank_job_env ("NAME=value"),
// which Slurm saves with the job in its state, so they outlive a slurmctld
// restart, and exports to prolog and epilog as SPANK_NAME. Accord's names
// start with SCHED_ACCORD_ (ACCORD_ are users' hints). A submission can set
// any entry, so every reader checks what it reads.
#pragma once

#include <optional>
#include <string>

#include "slurm/slurm_headers.h"

namespace accord::slurm {

// The entry's value, if the job has it. Job read lock.
std::optional<std::string> entry_value(const job_record_t *job, const std::string &name);

// Sets (or adds) the entry. Job write lock.
void set_entry(job_record_t *job, const std::string &name, const std::string &value);

// Removes the entry, if the job has it. Job write lock.
void remove_entry(job_record_t *job, const std::string &name);

}  // namespace accord::slurm
