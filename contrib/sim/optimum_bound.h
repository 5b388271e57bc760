// The lower bound the exact optimum's branch and bound prunes with.
//
// The few unstarted jobs with the most GPU-seconds (kFewJobs) are bounded
// exactly on their own, per split over the GPU types (few_jobs_optimum.h).
// The others by an assignment: each ends on some type k as the q-th of them
// to end there, and then no earlier than
//  (1) its earliest start on k (not before it arrives, now if it may start
//      now, else the next possible event; and when its GPUs stay free for
//      its run around the running jobs) plus its run time on k, and
//  (2) the time the free GPUs of k, used as a fluid, need for the
//      GPU-seconds of q of them: its own and the q-1 smallest of the others.
// The larger of the two depends only on (job, type, rank), so the
// least-cost assignment of jobs to (type, rank) pairs, one job per pair,
// is at most the sum of their ends.
//
// Against a level (the sum a completion must beat to matter): under a
// split, a completion below the level leaves each large job a latest end,
// and a job that must start before it can end early enough surely holds
// its GPUs over that stretch. Those holds are taken from the free GPUs the
// other jobs are bounded with.
#pragma once

#include "sim/few_jobs_optimum.h"
#include "sim/partial_schedule.h"
#include "sim/pooled_instance.h"

namespace accord::sim {

// Below `level`, at most the least sum of job ends of any completion of
// `s`; at or above `level`, no completion has a sum below `level`.
// Infinity when some job can no longer start. `cache` keeps the large jobs'
// per-type results between calls.
double lower_bound(const PooledInstance &instance, const PartialSchedule &s, double level, FewJobsCache &cache);

}  // namespace accord::sim
