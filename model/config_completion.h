// ConfigCompletion: a family's isolated estimate on a configuration (GPU
// type, GPU count, layout) it has no sample on, from the configurations it
// has samples on (feature schema version 7; docs/model.md, "Completion
// across GPU counts"). For each such configuration Y: the family's value
// on Y (its own job type's when measured there, else the mean over the
// family's batch sizes), times how the asked configuration compares with Y
// for the other job types measured on both (geometric mean of their
// ratios); averaged in log over the Y that give a ratio: matrix completion
// with one ratio per pair of configurations. Schema 6's completion across
// GPU types is the same with Y at the asked count and layout only; the
// full one is used where that gives nothing (a count the family never ran
// at on any type).
#pragma once

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace accord::model {

class ConfigCompletion {
public:
    // One isolated sample: indices of its job type and GPU type (as
    // NeighbourEstimates numbers them), its count, layout and log value.
    struct Sample {
        int type = 0, gpu = 0, gpus = 1;
        bool spread = false;
        double log_value = 0;
    };
    ConfigCompletion(const std::vector<Sample> &samples, size_t types);

    // The job asking: `family[t]`: job type t is of its family; `own_type`:
    // its job type's index (-1 without samples), left out entirely when
    // `leave_own`.
    struct Asker {
        const std::vector<bool> &family;
        int own_type = -1;
        bool leave_own = false;
    };
    // Over every configuration Y, or over Y on other GPU types at the asked
    // count and layout only. Nothing when the family has a sample on the
    // asked configuration or no Y gives a ratio.
    std::optional<double> complete(const Asker &asker, int gpu, int gpus, bool spread) const;
    std::optional<double> complete_across_gpus(const Asker &asker, int gpu, int gpus, bool spread) const;

private:
    using Sum = std::pair<double, int>;  // sum of logs, count
    // Over the configurations `from`, in that order (sums are summed in it).
    std::optional<double> complete_from(const std::vector<size_t> &from, const Asker &asker, int gpu, int gpus,
                                        bool spread) const;
    std::map<std::tuple<int, int, bool>, size_t> config_index_;
    std::vector<std::vector<Sum>> logs_;  // [job type][configuration]
};

}  // namespace accord::model
