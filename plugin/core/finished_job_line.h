// A job that completed and the GPU service it held in all, as
// accord_order=gittins records it (StateSaveLocation/accord-finished.log,
// a line file: core/line_file.h), and its line. Tab-separated:
//   accord-finished-1 END JOB FAMILY GPU_SECONDS CRC
// END: Unix seconds when it ended; FAMILY: its --accord-model, empty
// without one; GPU_SECONDS: its GPUs times its run time, over every run;
// CRC: core/record_line.h. Slurm-free and pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace accord::core {

constexpr const char *kFinishedJobFormat = "accord-finished-1";

struct FinishedJob {
    int64_t end_time = 0;
    uint32_t job_id = 0;
    std::string family;
    int64_t gpu_s = 0;
};

// The job's line with its checksum and a final '\n'; "" when its family
// cannot be written (a tab or line break).
std::string finished_job_line(const FinishedJob &job);

// A line (without its '\n') read back, or why it is not one.
struct ParsedFinishedJob {
    std::optional<FinishedJob> job;
    std::string error;
};
ParsedFinishedJob parse_finished_job_line(std::string_view line);

}  // namespace accord::core
