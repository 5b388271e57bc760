// Slurm's accounting records as `sacct --parsable2` prints them with the
// format accord-sacct2trace needs (docs/man/accord-sacct2trace.1):
//   sacct -X --parsable2 --format=JobID,State,Submit,Start,ElapsedRaw,NNodes,AllocTRES,JobName,Comment,SystemComment
// The header line is required and must name exactly these fields in this
// order. Times are Slurm's default ISO 8601 local time
// (2026-11-22T14:37:48) or, with SLURM_TIME_FORMAT=%s, Unix seconds.
// JobName, Comment and SystemComment are free text, so they come last: a
// line with more fields than the header means one of them holds the
// delimiter, and is an error that says to pick another (sacct --delimiter).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accord::sim {

constexpr const char *kSacctFormat =
    "JobID,State,Submit,Start,ElapsedRaw,NNodes,AllocTRES,JobName,Comment,SystemComment";

struct SacctRecord {
    int line = 0;  // 1-based, the header being line 1
    std::string job_id;  // "123", "123_4" (array task), "123.batch" (a step)
    std::string state;   // first word: "CANCELLED by 0" -> "CANCELLED"
    int64_t submit = 0;  // Unix time
    std::optional<int64_t> start;  // none: "Unknown" or "None" (never started)
    int64_t elapsed_s = 0;
    int nodes = 0;
    std::string alloc_tres;
    std::string job_name, comment, system_comment;
};

// Every record of the text, in its order; `path` names the input in errors.
// Throws InputError "PATH:LINE: field N (NAME): 'value' what is wrong" for
// a malformed field, "PATH:1: ..." for a header other than kSacctFormat's
// (naming what differs), and an error for a wrong field count.
std::vector<SacctRecord> parse_sacct(const std::string &text, const std::string &path, char delimiter = '|');

// A sacct time: ISO 8601 local time or digits (Unix seconds); nothing when
// it is neither.
std::optional<int64_t> parse_sacct_time(const std::string &text);

}  // namespace accord::sim
