// read_gavel_trace: Gavel's tab-separated job traces (msr: 7 fields,
// physical_cluster: 10 fields) and Shockwave's (12 fields), every field the
// simulator uses checked.
#include "sim/gavel_trace.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "sim/input_error.h"
#include "sim/number_text.h"
#include "sim/text_lines.h"

namespace accord::sim {

namespace {

struct Layout {
    size_t fields;
    const char *name;
    const char *const *field_names;
    int total_steps, arrival, scale_factor, priority_weight, mode;  // 0-based; -1 = absent
};

const char *const kMsrNames[] = {"job_type",       "command",      "num_steps_arg", "needs_data_dir",
                                 "total_steps",    "arrival_time", "scale_factor"};
const char *const kPhysicalNames[] = {"job_type",       "command",     "working_directory",
                                      "num_steps_arg",  "needs_data_dir", "total_steps",
                                      "scale_factor",   "priority_weight", "SLO",
                                      "arrival_time"};
// Shockwave's scheduler/utils.py parse_trace: the physical layout with the
// batch-size adaptation mode after scale_factor and the duration before
// arrival_time.
const char *const kShockwaveNames[] = {"job_type",        "command",       "working_directory",
                                       "num_steps_arg",   "needs_data_dir", "total_steps",
                                       "scale_factor",    "mode",          "priority_weight",
                                       "SLO",             "duration",      "arrival_time"};
const Layout kMsr = {7, "msr", kMsrNames, 4, 5, 6, -1, -1};
const Layout kPhysical = {10, "physical_cluster", kPhysicalNames, 5, 9, 6, 7, -1};
const Layout kShockwave = {12, "shockwave", kShockwaveNames, 5, 11, 6, 8, 7};
const Layout *const kLayouts[] = {&kMsr, &kPhysical, &kShockwave};

// Shockwave's batch-size adaptation modes (scheduler/utils.py).
bool known_mode(const std::string &mode)
{
    return mode == "static" || mode == "gns" || mode == "accordion";
}

class LineParser {
public:
    LineParser(const std::string &path, int line, const Layout &layout)
        : path_(path), line_(line), layout_(layout)
    {
    }

    [[noreturn]] void fail(int field, const std::string &value, const std::string &what) const
    {
        std::string shown = value.size() > 40 ? value.substr(0, 40) + "..." : value;
        throw InputError(path_ + ":" + std::to_string(line_) + ": field " +
                         std::to_string(field + 1) + " (" + layout_.field_names[field] + "): '" +
                         shown + "' " + what);
    }

    // A decimal number (parse_decimal's spelling).
    double number(int field, const std::string &s) const
    {
        double v = 0;
        NumberText r = parse_decimal(s, v);
        if (r == NumberText::not_a_number)
            fail(field, s, "is not a number");
        if (r == NumberText::out_of_range)
            fail(field, s, "is out of range");
        return v;
    }

    // A decimal integer of digits only, optionally signed; `min` .. `max`.
    unsigned long long integer(int field, const std::string &s, unsigned long long min,
                               unsigned long long max) const
    {
        unsigned long long v = 0;
        bool negative = false;
        NumberText r = parse_whole(s, v, negative);
        if (r == NumberText::not_a_number)
            fail(field, s, "is not a whole number");
        if (negative) {
            if (r != NumberText::ok || v != 0 || min > 0)
                fail(field, s, "must be >= " + std::to_string(min));
            return 0;
        }
        if (r == NumberText::out_of_range || v > max)
            fail(field, s, "is out of range (at most " + std::to_string(max) + ")");
        if (v < min)
            fail(field, s, "must be >= " + std::to_string(min));
        return v;
    }

private:
    const std::string &path_;
    int line_;
    const Layout &layout_;
};

void split_tabs(const std::string &line, std::vector<std::string> &out)
{
    out.clear();
    size_t start = 0;
    for (;;) {
        size_t tab = line.find('\t', start);
        if (tab == std::string::npos) {
            out.push_back(line.substr(start));
            return;
        }
        out.push_back(line.substr(start, tab - start));
        start = tab + 1;
    }
}

}  // namespace

std::string job_label(const TraceJob &t)
{
    return "trace line " + std::to_string(t.line) + " (" + t.job_type + ", " + std::to_string(t.scale_factor) + " GPU)";
}

std::vector<TraceJob> read_gavel_trace(const std::string &path)
{
    std::string text;
    {
        FILE *fp = std::fopen(path.c_str(), "rb");
        if (!fp)
            throw InputError(path + ": cannot open: " + std::strerror(errno));
        char chunk[65536];
        size_t n;
        while ((n = std::fread(chunk, 1, sizeof chunk, fp)) > 0)
            text.append(chunk, n);
        bool bad = std::ferror(fp);
        int read_errno = errno;
        std::fclose(fp);
        if (bad)
            throw InputError(path + ": cannot read: " + std::strerror(read_errno));
    }

    std::vector<std::string> lines = text_lines(text);
    // Blank lines at the end of the file are tolerated, nowhere else.
    size_t used = lines.size();
    while (used > 0 && lines[used - 1].empty())
        used--;
    if (used == 0)
        throw InputError(path + ": empty trace (no jobs)");

    std::vector<TraceJob> jobs;
    jobs.reserve(used);
    const Layout *layout = nullptr;
    std::vector<std::string> f;
    for (size_t i = 0; i < used; i++) {
        int line_no = static_cast<int>(i + 1);
        std::string where = path + ":" + std::to_string(line_no) + ": ";
        if (lines[i].empty())
            throw InputError(where + "blank line");
        split_tabs(lines[i], f);
        if (!layout) {
            for (const Layout *candidate : kLayouts)
                if (f.size() == candidate->fields)
                    layout = candidate;
            if (!layout)
                throw InputError(where + "expected 7 (msr), 10 (physical_cluster) or 12 (shockwave) "
                                         "tab-separated fields, found " + std::to_string(f.size()));
        } else if (f.size() != layout->fields) {
            throw InputError(where + "expected " + std::to_string(layout->fields) + " (" +
                             layout->name + ", as line 1) tab-separated fields, found " +
                             std::to_string(f.size()));
        }
        LineParser p(path, line_no, *layout);
        TraceJob j;
        j.line = line_no;
        j.job_type = f[0];
        if (j.job_type.find_first_not_of(" \t") == std::string::npos)
            p.fail(0, f[0], "is empty");
        j.total_steps = p.integer(layout->total_steps, f[layout->total_steps], 1, UINT64_MAX);
        j.scale_factor = static_cast<int>(
            p.integer(layout->scale_factor, f[layout->scale_factor], 1, INT_MAX));
        j.arrival_s = p.number(layout->arrival, f[layout->arrival]);
        if (!(j.arrival_s >= 0))
            p.fail(layout->arrival, f[layout->arrival], "must be >= 0");
        if (layout->priority_weight >= 0) {
            j.priority_weight = p.number(layout->priority_weight, f[layout->priority_weight]);
            if (!(j.priority_weight > 0))
                p.fail(layout->priority_weight, f[layout->priority_weight], "must be > 0");
        }
        if (layout->mode >= 0) {
            j.mode = f[layout->mode];
            if (!known_mode(j.mode))
                p.fail(layout->mode, j.mode, "is not a mode (static, gns or accordion)");
        }
        jobs.push_back(std::move(j));
    }
    return jobs;
}

}  // namespace accord::sim
