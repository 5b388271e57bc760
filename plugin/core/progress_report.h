// The syntax of a progress report: a running job's measured throughput,
// carried in the job's own Comment as one tagged word,
//     accord:steps_per_second=12.5,seq=3
// next to whatever else the user wrote there. accord-report writes it
// through Slurm's authenticated job-update RPC (only the job's owner, an
// operator or a coordinator of its account may); sched_accord reads it
// back each cycle and checks it again, since a Comment can be set by hand.
// Slurm-free and pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "spank/hint_syntax.h"

namespace accord::core {

enum class ReportMetric { StepsPerSecond, SamplesPerSecond };

struct ProgressReport {
    ReportMetric metric = ReportMetric::StepsPerSecond;
    double rate = 0;   // per second, > 0
    uint64_t seq = 0;  // 1, 2, ...: each report of a job one more than the last
};

constexpr const char *kReportTag = "accord:";
constexpr double kMaxRate = 1e9;
constexpr uint64_t kMaxSeq = 1000000000000000ULL;
// Slurm 22.05 refuses a Comment longer than this (job_mgr.c, _test_strlen).
constexpr size_t kMaxCommentLength = 1024;
// A tag longer than this is refused unread: a valid one is far shorter.
constexpr size_t kMaxTagLength = 128;

// What a rate accepts, in words: in accord-report's errors and the plugin's.
extern const char *const kRateSyntax;

// "steps_per_second" or "samples_per_second": the tag's and the sample
// file's name of the metric.
const char *metric_name(ReportMetric metric);
std::optional<ReportMetric> metric_named(std::string_view name);

// A decimal number > 0 and <= kMaxRate (no inf, nan or hex).
hints::Checked<double> check_rate(std::string_view text);

// The tag word for `report`.
std::string format_report(const ProgressReport &report);

// The report tag in a Comment: a word starting with "accord:" at the start
// or after a blank.
struct FoundReport {
    bool present = false;                 // the Comment has a tag at all
    std::optional<ProgressReport> report; // set when the tag is valid
    std::optional<uint64_t> seq;          // set when its seq field is readable
    std::string tag;                      // the tag word, cut to kMaxTagLength
    std::string error;                    // why the tag is refused
};
FoundReport find_report(std::string_view comment);

// `comment` with its report tags replaced by `report`'s, the rest kept; ""
// with `error` set when the result would be longer than Slurm allows.
struct MergedComment {
    std::string comment;
    std::string error;
};
MergedComment with_report(std::string_view comment, const ProgressReport &report);

// `note` (which starts with kReportNoteMarker, e.g. "last report: 12.5
// steps/s ...") in place of the earlier note in a job's SystemComment, after
// "; " and whatever else the plugin wrote there.
constexpr const char *kReportNoteMarker = "last report";
std::string with_report_note(std::string_view system_comment, const std::string &note);

}  // namespace accord::core
