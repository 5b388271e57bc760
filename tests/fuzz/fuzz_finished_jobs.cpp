// Fuzzes reading the completed jobs' file of accord_order=gittins
// (core/finished_job_store): any file content gives jobs and skipped
// lines, never a crash, and every job read is written back as it was read.
#include <cstdlib>

#include "core/finished_job_store.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("accord-finished.log", accord::fuzz::text(data, size));
    accord::core::FinishedJobLog log = accord::core::FinishedJobStore(path).load();
    for (const auto &job : log.jobs) {
        std::string line = accord::core::finished_job_line(job);
        auto again = accord::core::parse_finished_job_line(std::string_view(line).substr(0, line.size() - 1));
        if (!again.job || again.job->gpu_s != job.gpu_s || again.job->family != job.family)
            std::abort();
    }
    return 0;
}
