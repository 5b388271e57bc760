#include "core/throughput_sample.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

#include "core/record_line.h"

namespace accord::core {

namespace {

constexpr size_t kFieldsWithoutNeighbours = 11;

std::string gpus_text(const GpuCounts &gpus)
{
    std::string text;
    for (const auto &[type, count] : gpus)
        text += (text.empty() ? "" : ",") + type + ":" + std::to_string(count);
    return text;
}

// "" when a neighbour's name cannot be written in the list.
std::optional<std::string> neighbours_text(const std::vector<std::string> &neighbours)
{
    std::string text;
    for (const std::string &n : neighbours) {
        if (n.empty() || n.find_first_of(",\t\n\r") != std::string::npos)
            return std::nullopt;
        text += (text.empty() ? "" : ",") + n;
    }
    return text;
}

std::optional<GpuCounts> gpus_of(std::string_view text)
{
    GpuCounts gpus;
    if (text.empty())
        return gpus;
    for (std::string_view item : split_fields(text, ',')) {
        size_t colon = item.rfind(':');
        std::optional<int64_t> count =
            colon == std::string_view::npos ? std::nullopt : decimal_of(item.substr(colon + 1));
        if (!count || *count < 1 || *count > hints::kMaxGpus || colon == 0)
            return std::nullopt;
        // sample_line() names each type once; a repeat could also sum past int.
        if (!gpus.emplace(std::string(item.substr(0, colon)), static_cast<int>(*count)).second)
            return std::nullopt;
    }
    return gpus;
}

std::optional<std::vector<std::string>> neighbours_of(std::string_view text)
{
    std::vector<std::string> neighbours;
    if (text.empty())
        return neighbours;
    for (std::string_view name : split_fields(text, ','))
        if (name.empty())
            return std::nullopt;
        else
            neighbours.emplace_back(name);
    if (!std::is_sorted(neighbours.begin(), neighbours.end()))
        return std::nullopt;
    return neighbours;
}

ParsedSample refused(const std::string &why)
{
    ParsedSample parsed;
    parsed.error = why;
    return parsed;
}

}  // namespace

std::string sample_line(const ThroughputSample &s)
{
    std::string gpus = gpus_text(s.gpus);
    if (s.user.empty() || s.nodes.empty() || !writable_field(s.user) || !writable_field(s.family) ||
        !writable_field(gpus) || !writable_field(s.nodes))
        return "";
    std::optional<std::string> neighbours;
    if (s.neighbours) {
        std::vector<std::string> sorted = *s.neighbours;
        std::sort(sorted.begin(), sorted.end());
        neighbours = neighbours_text(sorted);
        if (!neighbours)
            return "";
    }
    char rate[32];
    snprintf(rate, sizeof(rate), "%.9g", s.report.rate);
    // Neighbours not recorded are written as such: the first format.
    std::string line = std::string(neighbours ? kSampleFormat : kSampleFormatWithoutNeighbours) + "\t" +
                       std::to_string(s.time) + "\t" + std::to_string(s.job_id) + "\t" + s.user + "\t" +
                       s.family + "\t" + gpus + "\t" + s.nodes + "\t" +
                       (neighbours ? *neighbours + "\t" : "") + metric_name(s.report.metric) + "\t" + rate +
                       "\t" + std::to_string(s.report.seq);
    return checksummed_line(line);
}

ParsedSample parse_sample_line(std::string_view line)
{
    if (line.find('\t') == std::string_view::npos)
        return refused("not a sample line");
    if (!checked_body(line))
        return refused("checksum does not match (torn or damaged line)");
    std::vector<std::string_view> f = split_fields(line);
    bool first_format = f.size() == kFieldsWithoutNeighbours && f[0] == kSampleFormatWithoutNeighbours;
    if (!first_format && !(f.size() == kFieldsWithoutNeighbours + 1 && f[0] == kSampleFormat))
        return refused("not an " + std::string(kSampleFormat) + " or " + kSampleFormatWithoutNeighbours + " line");
    std::optional<std::vector<std::string>> neighbours;
    if (!first_format) {
        neighbours = neighbours_of(f[7]);
        if (!neighbours)
            return refused("bad neighbours field");
        f.erase(f.begin() + 7);
    }
    std::optional<int64_t> time = decimal_of(f[1]), job = decimal_of(f[2]), seq = decimal_of(f[9]);
    std::optional<GpuCounts> gpus = gpus_of(f[5]);
    std::optional<ReportMetric> metric = metric_named(f[7]);
    hints::Checked<double> rate = check_rate(f[8]);
    const std::pair<bool, const char *> checks[] = {
        {time.has_value(), "time"},
        {job && *job >= 1 && *job <= UINT32_MAX, "job"},
        {!f[3].empty(), "user"},
        {gpus.has_value(), "gpus"},
        {!f[6].empty(), "nodes"},
        {metric.has_value(), "metric"},
        {rate.value.has_value(), "rate"},
        {seq && *seq >= 1 && static_cast<uint64_t>(*seq) <= kMaxSeq, "seq"},
    };
    for (const auto &[ok, field] : checks)
        if (!ok)
            return refused(std::string("bad ") + field + " field");
    ThroughputSample s;
    s.time = *time;
    s.job_id = static_cast<uint32_t>(*job);
    s.user = f[3];
    s.family = f[4];
    s.gpus = std::move(*gpus);
    s.nodes = f[6];
    s.neighbours = std::move(neighbours);
    s.report = ProgressReport{*metric, *rate.value, static_cast<uint64_t>(*seq)};
    ParsedSample parsed;
    parsed.sample = std::move(s);
    return parsed;
}

}  // namespace accord::core
