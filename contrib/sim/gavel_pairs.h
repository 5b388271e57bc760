// Candidate pairs for Gavel's packed policies. Gavel gives every pair of
// active jobs with equal scale factors a variable per GPU type; with
// thousands of jobs that is millions of variables, so we keep:
//  - pairs measured together (JobSpeed::colocated), on pools where the
//    shared GPUs fit one node (where Gavel measured them);
//  - on each pool, only pairs whose normalised speeds add up to more than 1
//    (packed speed / alone speed, both jobs): any other pair is dominated
//    by time-sharing the same GPUs, so dropping it loses nothing;
//  - each job proposes its `partners_per_job` best partners (by the best
//    sum over pools, ties by job type name); within a partner job type it
//    takes jobs round-robin from its own rank in its own job type, so equal
//    groups pair off instead of all proposing the same first few jobs.
// The candidates are all proposals (at most jobs x partners_per_job pairs).
#pragma once

#include <vector>

#include "sim/gavel_instance.h"
#include "sim/job_speed.h"

namespace accord::sim {

std::vector<GavelEntry> candidate_pairs(const GavelInstance &inst, const JobSpeed &speed,
                                        int partners_per_job);

}  // namespace accord::sim
