// Ties in Sia's integer program, broken toward the jobs already running.
// A job on the slowest type is worth the same there whether it runs or
// waits (its goodput normalises to 1 and the restart discount only touches
// other configurations), so the program often ties between keeping a
// running job and starting a waiting one in its place; a solver that picks
// either way each round swaps them round after round, each swap a restart
// for both. Sia's solver (CBC) breaks such ties arbitrarily; here they go to
// the running job, which never lowers Sia's objective.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/sia_candidates.h"

namespace accord::sim {

// `chosen`: an answer to Sia's program (indices into `candidates`). Every
// waiting job it starts (a job with no current candidate) whose
// configuration a job left without GPUs held in the last round, worth at
// least as much to that job, gives way to it (the most valuable first,
// ties: the earlier job). Returns the answer, ascending.
std::vector<size_t> keep_running_jobs_on_ties(const std::vector<SiaCandidate> &candidates,
                                              std::vector<size_t> chosen);

}  // namespace accord::sim
