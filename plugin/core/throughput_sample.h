// One accepted progress report as sched_accord records it for the model's
// online learning, and its line in the sample file (StateSaveLocation/
// accord-samples.log, see core/sample_store.h). A line is tab-separated:
//   accord-sample-2 TIME JOB USER FAMILY GPUS NODES NEIGHBOURS METRIC RATE SEQ CRC
// TIME: Unix seconds on slurmctld's clock when the report was taken;
// FAMILY: the job's --accord-model, empty without one; GPUS: the GPUs the
// job holds per type, e.g. "a100:2,v100:2", empty for none; NODES: its
// nodes as Slurm writes them, e.g. "a100-[1-2]"; NEIGHBOURS: the families
// of the other jobs holding GPUs or shards on those nodes, sorted,
// comma-separated, "?" for one without a family, empty for none; METRIC:
// steps_per_second or samples_per_second; CRC: CRC-32 of the line up to
// its last tab, 8 lower-case hex digits. Lines of the first format
// (accord-sample-1, without NEIGHBOURS) are still read: their neighbours
// are unknown. Slurm-free and pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/progress_report.h"
#include "core/resources.h"

namespace accord::core {

constexpr const char *kSampleFormat = "accord-sample-2";
constexpr const char *kSampleFormatWithoutNeighbours = "accord-sample-1";
// A neighbour whose job names no model family.
constexpr const char *kUnnamedNeighbour = "?";

struct ThroughputSample {
    int64_t time = 0;
    uint32_t job_id = 0;
    std::string user;
    std::string family;  // "" when the job names none
    GpuCounts gpus;      // type -> count, over all its nodes
    std::string nodes;
    // Sorted; empty: alone on its nodes; unset: not recorded (a line of
    // the first format).
    std::optional<std::vector<std::string>> neighbours;
    ProgressReport report;
};

// The sample's line with its checksum and a final '\\n'; "" when a field
// cannot be written (a tab or line break in a name, an empty user or node
// list): the plugin logs and drops such a sample.
std::string sample_line(const ThroughputSample &sample);

// A line (without its '\\n') read back; `error` says why it is not one.
struct ParsedSample {
    std::optional<ThroughputSample> sample;
    std::string error;
};
ParsedSample parse_sample_line(std::string_view line);

}  // namespace accord::core
