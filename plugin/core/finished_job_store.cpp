#include "core/finished_job_store.h"

namespace accord::core {

std::string FinishedJobStore::append(const std::vector<FinishedJob> &jobs) const
{
    std::string text, unwritable;
    for (const FinishedJob &job : jobs) {
        std::string line = finished_job_line(job);
        if (line.empty())
            unwritable += (unwritable.empty() ? "" : ", ") + std::to_string(job.job_id);
        text += line;
    }
    std::string error = append_lines(path_, std::move(text), max_bytes_);
    if (!unwritable.empty())
        error += (error.empty() ? "" : "; ") + std::string("job(s) ") + unwritable +
                 " left out: a family that cannot be written";
    return error;
}

FinishedJobLog FinishedJobStore::load() const
{
    FinishedJobLog log;
    for (const std::string &path : {path_ + ".1", path_})
        read_line_file(
            path,
            [&](std::string_view line) {
                ParsedFinishedJob parsed = parse_finished_job_line(line);
                if (parsed.job)
                    log.jobs.push_back(std::move(*parsed.job));
                return parsed.error;
            },
            log);
    return log;
}

}  // namespace accord::core
