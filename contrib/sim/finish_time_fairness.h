// Finish-time fairness, after Themis: a job's rho is its completion time
// divided by its time with an equal share of the cluster's GPUs. With N
// jobs in the system on average over its life (arrived, not finished), the
// share is G/N of the cluster's G GPUs: a job asking for no more runs as
// fast as alone (its isolated run time, the lower bound's); one asking for
// g > G/N GPUs is slowed by g·N/G. rho > 1: the job did worse than an equal
// share would have given it.
#pragma once

#include <vector>

#include "sim/simulator.h"

namespace accord::sim {

// One rho per job of `run`; `isolated` holds the same jobs in the same
// order, each alone (lower_bound.h).
std::vector<double> finish_time_fairness(const SimResult &run, const SimResult &isolated, int cluster_gpus);

}  // namespace accord::sim
