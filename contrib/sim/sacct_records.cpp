#include "sim/sacct_records.h"

#include <climits>
#include <ctime>

#include "sim/input_error.h"
#include "sim/number_text.h"
#include "sim/text_lines.h"

namespace accord::sim {

namespace {

const char *const kFieldNames[] = {"JobID", "State",     "Submit",  "Start",   "ElapsedRaw",
                                   "NNodes", "AllocTRES", "JobName", "Comment", "SystemComment"};
constexpr size_t kFields = 10;

std::vector<std::string> split(const std::string &line, char delimiter)
{
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        size_t at = line.find(delimiter, start);
        out.push_back(line.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos)
            return out;
        start = at + 1;
    }
}

class Line {
public:
    Line(const std::string &path, int number, const std::vector<std::string> &fields)
        : path_(path), number_(number), fields_(fields)
    {
    }

    [[noreturn]] void fail(size_t field, const std::string &what) const
    {
        std::string value = fields_[field];
        if (value.size() > 40)
            value = value.substr(0, 40) + "...";
        throw InputError(path_ + ":" + std::to_string(number_) + ": field " + std::to_string(field + 1) + " (" +
                         kFieldNames[field] + "): '" + value + "' " + what);
    }

    const std::string &text(size_t field) const { return fields_[field]; }

    // At most `max`: a count read into an int must fit it.
    int64_t whole(size_t field, int64_t min, int64_t max = INT64_MAX / 2) const
    {
        unsigned long long value = 0;
        bool negative = false;
        if (parse_whole(fields_[field], value, negative) != NumberText::ok || negative || value > INT64_MAX / 2)
            fail(field, "is not a whole number >= " + std::to_string(min));
        if (static_cast<int64_t>(value) < min)
            fail(field, "must be >= " + std::to_string(min));
        if (static_cast<int64_t>(value) > max)
            fail(field, "must be <= " + std::to_string(max));
        return static_cast<int64_t>(value);
    }

    int64_t time(size_t field) const
    {
        auto value = parse_sacct_time(fields_[field]);
        if (!value)
            fail(field, "is not a time (YYYY-MM-DDTHH:MM:SS, or Unix seconds with SLURM_TIME_FORMAT=%s)");
        return *value;
    }

private:
    const std::string &path_;
    int number_;
    const std::vector<std::string> &fields_;
};

void check_header(const std::string &header, const std::string &path, char delimiter)
{
    std::vector<std::string> names = split(header, delimiter);
    for (size_t i = 0; i < kFields; i++)
        if (i >= names.size() || names[i] != kFieldNames[i])
            throw InputError(path + ":1: header field " + std::to_string(i + 1) + " is '" +
                             (i < names.size() ? names[i] : "") + "', expected " + kFieldNames[i] +
                             ": run sacct -X --parsable2 --format=" + kSacctFormat);
    if (names.size() != kFields)
        throw InputError(path + ":1: header has " + std::to_string(names.size()) + " fields, expected " +
                         std::to_string(kFields) + ": run sacct -X --parsable2 --format=" + kSacctFormat);
}

SacctRecord record_of(const Line &f, int number)
{
    SacctRecord r;
    r.line = number;
    r.job_id = f.text(0);
    if (r.job_id.empty())
        f.fail(0, "is empty");
    r.state = f.text(1).substr(0, f.text(1).find(' '));
    if (r.state.empty())
        f.fail(1, "is empty");
    r.submit = f.time(2);
    if (f.text(3) != "Unknown" && f.text(3) != "None")
        r.start = f.time(3);
    r.elapsed_s = f.whole(4, 0);
    r.nodes = static_cast<int>(f.whole(5, 0, INT_MAX));
    r.alloc_tres = f.text(6);
    r.job_name = f.text(7);
    r.comment = f.text(8);
    r.system_comment = f.text(9);
    return r;
}

}  // namespace

std::optional<int64_t> parse_sacct_time(const std::string &text)
{
    if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos && text.size() <= 12)
        return std::stoll(text);
    struct tm tm = {};
    const char *end = strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &tm);
    if (!end || *end)
        return std::nullopt;
    tm.tm_isdst = -1;  // sacct prints local time; mktime finds whether DST held
    time_t t = mktime(&tm);
    if (t == static_cast<time_t>(-1))
        return std::nullopt;
    return static_cast<int64_t>(t);
}

std::vector<SacctRecord> parse_sacct(const std::string &text, const std::string &path, char delimiter)
{
    std::vector<std::string> lines = text_lines(text);
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    if (lines.empty())
        throw InputError(path + ": empty: expected the header of sacct --parsable2 --format=" +
                         std::string(kSacctFormat));
    check_header(lines[0], path, delimiter);
    std::vector<SacctRecord> records;
    for (size_t i = 1; i < lines.size(); i++) {
        int number = static_cast<int>(i + 1);
        std::string where = path + ":" + std::to_string(number) + ": ";
        if (lines[i].empty())
            throw InputError(where + "blank line");
        std::vector<std::string> fields = split(lines[i], delimiter);
        if (fields.size() > kFields)
            throw InputError(where + std::to_string(fields.size()) + " fields, expected " + std::to_string(kFields) +
                             ": JobName, Comment or SystemComment holds the delimiter '" + std::string(1, delimiter) +
                             "'; rerun sacct with --delimiter=C for a character C they lack, and pass --delimiter=C");
        if (fields.size() < kFields)
            throw InputError(where + std::to_string(fields.size()) + " fields, expected " + std::to_string(kFields));
        records.push_back(record_of(Line(path, number, fields), number));
    }
    return records;
}

}  // namespace accord::sim
