#include "core/sample_store.h"

namespace accord::core {

SampleStore::SampleStore(std::string path, size_t max_bytes) : path_(std::move(path)), max_bytes_(max_bytes) {}

std::string SampleStore::append(const std::vector<ThroughputSample> &samples) const
{
    std::string text;
    for (const ThroughputSample &s : samples) {
        std::string line = sample_line(s);
        if (line.empty())
            return "sample of job " + std::to_string(s.job_id) + " has a field that cannot be written";
        text += line;
    }
    return append_lines(path_, std::move(text), max_bytes_);
}

SampleLog SampleStore::load() const
{
    SampleLog log;
    read_sample_file(path_ + ".1", log);
    read_sample_file(path_, log);
    return log;
}

void read_sample_file(const std::string &path, SampleLog &log)
{
    read_line_file(
        path,
        [&](std::string_view line) {
            ParsedSample parsed = parse_sample_line(line);
            if (parsed.sample)
                log.samples.push_back(std::move(*parsed.sample));
            return parsed.error;
        },
        log);
}

}  // namespace accord::core
