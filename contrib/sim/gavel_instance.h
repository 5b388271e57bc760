// What Gavel's policies optimise over (Narayanan et al., OSDI 2020): the
// active jobs with their measured speeds per GPU type, and the "entries"
// that can hold GPUs - every job alone and, when packing, candidate pairs of
// jobs sharing the same GPUs. An allocation gives each entry a fraction of
// time per GPU type (docs/simulator.md, "Gavel").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sim/round_policy.h"

namespace accord::sim {

// Identifies an entry across rounds: a job alone (partner = -1) or the pair
// {job, partner} with job < partner (RoundJob::index values).
struct EntryKey {
    size_t job = 0;
    long partner = -1;
    bool operator<(const EntryKey &o) const
    {
        return job != o.job ? job < o.job : partner < o.partner;
    }
    bool operator==(const EntryKey &o) const { return job == o.job && partner == o.partner; }
};

struct GavelJob {
    size_t index = 0;          // RoundJob::index
    std::string job_type;
    int gpus = 1;              // its scale factor
    double weight = 1;         // priority weight
    std::vector<double> alone; // steps/s per pool (0 = cannot run there)
    double equal_share = 0;    // steps/s under an equal share of the cluster (> 0)
};

// Per pool: the steps/s of the first and the second job (0 = cannot run
// there). `second` is -1 for a job alone.
struct GavelEntry {
    size_t first = 0;          // position in GavelInstance::jobs
    long second = -1;
    std::vector<double> first_speed, second_speed;
    int gpus = 1;
};

struct GavelInstance {
    std::vector<GpuPool> pools;
    std::vector<GavelJob> jobs;       // the view's jobs that can run somewhere, in view order
    std::vector<GavelEntry> entries;  // jobs alone first (entry i = job i), then pairs
    EntryKey key(const GavelEntry &e) const;
};

// How many partners each job proposes when packing (see candidate_pairs.h).
struct PackingOptions {
    bool enabled = false;
    int partners_per_job = 4;
};

// The GPU count Gavel gives a job: its requested scale factor, kept within
// the job's [min_gpus, max_gpus].
int gavel_gpus(const RoundJob &job);

// The job as Gavel's policies see it; empty when it can run on no pool.
std::optional<GavelJob> describe_job(const RoundView &view, const RoundJob &job);

// Entries for `jobs` (each alone, then candidate pairs when packing).
GavelInstance make_instance(const std::vector<GpuPool> &pools, std::vector<GavelJob> jobs,
                            const JobSpeed &speed, const PackingOptions &packing);

// make_instance over every job of the view that can run somewhere.
GavelInstance build_instance(const RoundView &view, const PackingOptions &packing);

}  // namespace accord::sim
