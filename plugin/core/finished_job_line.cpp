#include "core/finished_job_line.h"

#include <vector>

#include "core/record_line.h"
#include "core/service_record.h"

namespace accord::core {

namespace {

ParsedFinishedJob refused(const std::string &why)
{
    ParsedFinishedJob parsed;
    parsed.error = why;
    return parsed;
}

}  // namespace

std::string finished_job_line(const FinishedJob &job)
{
    if (!writable_field(job.family))
        return "";
    return checksummed_line(std::string(kFinishedJobFormat) + "\t" + std::to_string(job.end_time) + "\t" +
                            std::to_string(job.job_id) + "\t" + job.family + "\t" + std::to_string(job.gpu_s));
}

ParsedFinishedJob parse_finished_job_line(std::string_view line)
{
    std::optional<std::string_view> body = checked_body(line);
    if (!body)
        return refused("checksum does not match (torn or damaged line)");
    std::vector<std::string_view> f = split_fields(*body);
    if (f.size() != 5 || f[0] != kFinishedJobFormat)
        return refused(std::string("not an ") + kFinishedJobFormat + " line");
    std::optional<int64_t> end = decimal_of(f[1]), job = decimal_of(f[2]), gpu_s = decimal_of(f[4]);
    if (!end)
        return refused("bad end field");
    if (!job || *job < 1 || *job > UINT32_MAX)
        return refused("bad job field");
    if (!gpu_s || *gpu_s > kMaxServiceGpuS)
        return refused("bad gpu_seconds field");
    ParsedFinishedJob parsed;
    parsed.job = FinishedJob{*end, static_cast<uint32_t>(*job), std::string(f[3]), *gpu_s};
    return parsed;
}

}  // namespace accord::core
