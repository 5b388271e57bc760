// The measured rates that decide whether a newcomer of one job type packs
// well with a running job of another on `gpus` GPUs of one type. A Lucid
// round weighs thousands of waiting jobs against the same few combinations,
// round after round, so each is looked up in the throughput table once.
// GPU types are numbered by their place in the list given, job types as
// first seen.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/job_speed.h"

namespace accord::sim {

struct PairRates {
    double combined = 0;       // sum of both jobs' packed / alone throughput
    double alone = 0;          // the newcomer's steps/s alone on one node
    double partner_alone = 0;  // the partner's
};

class PairRateMemo {
public:
    PairRateMemo(const JobSpeed &speed, std::vector<std::string> gpu_types);

    // Whether this memo answers for these speeds and GPU types.
    bool serves(const JobSpeed &speed, const std::vector<std::string> &gpu_types) const;
    int job_type_number(const std::string &job_type);
    // Empty when the pair or either job alone was never measured there.
    const std::optional<PairRates> &rates(int gpu_type, int gpus, int job_type, int partner_type);

private:
    std::optional<PairRates> look_up(int gpu_type, int gpus, int job_type, int partner_type) const;

    const JobSpeed *speed_;
    std::vector<std::string> gpu_types_;
    std::map<std::string, int> job_type_numbers_;
    std::vector<std::string> job_types_;  // by number
    std::unordered_map<uint64_t, std::optional<PairRates>> memo_;
};

}  // namespace accord::sim
