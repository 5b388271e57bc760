#include "core/progress_report.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace accord::core {

const char *const kRateSyntax = "a decimal number from 0.000001 to 1000000000, e.g. 12.5 or 3.2e4";

namespace {

constexpr double kMinRate = 1e-6;
constexpr const char *kSeqField = "seq=";
constexpr const char *kTagSyntax = "accord:steps_per_second=RATE,seq=N or accord:samples_per_second=RATE,seq=N";

bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool number_char(char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

// The tag as an error quotes it: whole (it is at most kMaxTagLength long),
// anything that is not printable ASCII as '?'.
std::string quoted(const std::string &tag)
{
    std::string out = "'";
    for (char c : tag)
        out += c >= ' ' && c <= '~' ? c : '?';
    return out + "'";
}

// Start offsets of the report tags in `comment`, in order.
std::vector<size_t> tag_starts(std::string_view comment)
{
    std::vector<size_t> starts;
    std::string_view tag = kReportTag;
    for (size_t at = comment.find(tag); at != std::string_view::npos; at = comment.find(tag, at + 1))
        if (at == 0 || blank(comment[at - 1]))
            starts.push_back(at);
    return starts;
}

size_t word_end(std::string_view text, size_t from)
{
    while (from < text.size() && !blank(text[from]))
        from++;
    return from;
}

// A decimal count 1..kMaxSeq without sign or leading zeros.
std::optional<uint64_t> seq_of(std::string_view text)
{
    if (text.empty() || text.size() > 16 || text[0] == '0')
        return std::nullopt;
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + static_cast<uint64_t>(c - '0');
    }
    return value <= kMaxSeq ? std::optional<uint64_t>(value) : std::nullopt;
}

// Reads the fields of `found.tag` into `found`; sets `found.error` on the
// first problem.
void read_tag(FoundReport &found)
{
    std::string_view body = std::string_view(found.tag).substr(std::string_view(kReportTag).size());
    size_t comma = body.rfind(',');
    std::string_view head = body.substr(0, comma == std::string_view::npos ? body.size() : comma);
    std::string_view tail = comma == std::string_view::npos ? "" : body.substr(comma + 1);
    if (tail.substr(0, 4) == kSeqField)
        found.seq = seq_of(tail.substr(4));
    size_t eq = head.find('=');
    std::optional<ReportMetric> metric = metric_named(head.substr(0, eq));
    if (comma == std::string_view::npos || eq == std::string_view::npos || !metric ||
        tail.substr(0, 4) != kSeqField) {
        found.error = "report " + quoted(found.tag) + " is not " + kTagSyntax;
        return;
    }
    if (!found.seq) {
        found.error = "report " + quoted(found.tag) + " has a bad seq: accepted: 1 to " +
                      std::to_string(kMaxSeq);
        return;
    }
    hints::Checked<double> rate = check_rate(head.substr(eq + 1));
    if (!rate.value) {
        found.error = "report " + quoted(found.tag) + " has a bad rate: " + rate.error;
        return;
    }
    found.report = ProgressReport{*metric, *rate.value, *found.seq};
}

}  // namespace

const char *metric_name(ReportMetric metric)
{
    return metric == ReportMetric::StepsPerSecond ? "steps_per_second" : "samples_per_second";
}

std::optional<ReportMetric> metric_named(std::string_view name)
{
    for (ReportMetric m : {ReportMetric::StepsPerSecond, ReportMetric::SamplesPerSecond})
        if (name == metric_name(m))
            return m;
    return std::nullopt;
}

hints::Checked<double> check_rate(std::string_view text)
{
    hints::Checked<double> checked;
    std::string copy(text.substr(0, 64));
    bool plain = !text.empty() && text.size() <= 64;
    for (char c : copy)
        plain = plain && number_char(c);
    char *end = nullptr;
    double value = plain ? strtod(copy.c_str(), &end) : 0;
    if (!plain || end != copy.c_str() + copy.size() || !std::isfinite(value))
        checked.error = "'" + hints::shown(text) + "' is not a number; accepted: " + kRateSyntax;
    else if (value < kMinRate || value > kMaxRate)
        checked.error = "'" + hints::shown(text) + "' is out of range; accepted: " + kRateSyntax;
    else
        checked.value = value;
    return checked;
}

std::string format_report(const ProgressReport &report)
{
    char rate[32];
    snprintf(rate, sizeof(rate), "%.9g", report.rate);
    return std::string(kReportTag) + metric_name(report.metric) + "=" + rate + "," + kSeqField +
           std::to_string(report.seq);
}

FoundReport find_report(std::string_view comment)
{
    FoundReport found;
    std::vector<size_t> starts = tag_starts(comment);
    if (starts.empty())
        return found;
    found.present = true;
    size_t end = word_end(comment, starts[0]);
    found.tag = std::string(comment.substr(starts[0], std::min(end - starts[0], kMaxTagLength)));
    if (end - starts[0] > kMaxTagLength)
        found.error = "report " + quoted(found.tag) + " is longer than " +
                      std::to_string(kMaxTagLength) + " characters";
    else if (starts.size() > 1)
        found.error = "the comment holds " + std::to_string(starts.size()) + " reports; one is accepted";
    else
        read_tag(found);
    return found;
}

MergedComment with_report(std::string_view comment, const ProgressReport &report)
{
    std::string rest;
    size_t from = 0;
    for (size_t start : tag_starts(comment)) {
        std::string_view before = comment.substr(from, start - from);
        if (!before.empty() && blank(before.back()))  // the blank that led to the tag goes with it
            before.remove_suffix(1);
        rest += before;
        from = word_end(comment, start);
        if (start == 0 && from < comment.size())  // a leading tag takes the blank after it
            from++;
    }
    rest += comment.substr(from);
    MergedComment merged;
    std::string tag = format_report(report);
    std::string text = rest.empty() || blank(rest.back()) ? rest + tag : rest + " " + tag;
    if (text.size() > kMaxCommentLength)
        merged.error = "the job's comment would be " + std::to_string(text.size()) +
                       " characters with the report; Slurm accepts at most " +
                       std::to_string(kMaxCommentLength);
    else
        merged.comment = std::move(text);
    return merged;
}

std::string with_report_note(std::string_view system_comment, const std::string &note)
{
    std::string_view marker = kReportNoteMarker;
    size_t at = system_comment.substr(0, marker.size()) == marker ? 0 : system_comment.find("; " + std::string(marker));
    std::string_view kept = system_comment.substr(0, at);
    return kept.empty() ? note : std::string(kept) + "; " + note;
}

}  // namespace accord::core
