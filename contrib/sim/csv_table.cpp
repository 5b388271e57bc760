#include "sim/csv_table.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "sim/input_error.h"
#include "sim/number_text.h"

namespace accord::sim {

namespace {

std::vector<std::string> split_commas(const std::string &line)
{
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        size_t comma = line.find(',', start);
        if (comma == std::string::npos) {
            out.push_back(line.substr(start));
            return out;
        }
        out.push_back(line.substr(start, comma - start));
        start = comma + 1;
    }
}

std::vector<std::string> read_lines(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open: " + std::strerror(errno));
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(line);
    }
    if (in.bad())
        throw InputError(path + ": cannot read");
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    return lines;
}

}  // namespace

CsvTable CsvTable::read(const std::string &path, const std::vector<std::string> &required)
{
    std::vector<std::string> lines = read_lines(path);
    if (lines.empty())
        throw InputError(path + ": empty file (expected a header line)");
    CsvTable t;
    t.path_ = path;
    t.header_ = split_commas(lines[0]);
    for (size_t i = 0; i < t.header_.size(); i++)
        if (!t.columns_.emplace(t.header_[i], i).second)
            throw InputError(path + ":1: column '" + t.header_[i] + "' named twice");
    for (const std::string &name : required)
        if (!t.columns_.count(name))
            throw InputError(path + ":1: missing column '" + name + "' (header: " + lines[0] + ")");
    for (size_t i = 1; i < lines.size(); i++) {
        std::string where = path + ":" + std::to_string(i + 1) + ": ";
        if (lines[i].empty())
            throw InputError(where + "blank line");
        std::vector<std::string> fields = split_commas(lines[i]);
        if (fields.size() != t.header_.size())
            throw InputError(where + "expected " + std::to_string(t.header_.size()) +
                             " comma-separated fields (as the header), found " +
                             std::to_string(fields.size()));
        t.rows_.push_back(std::move(fields));
        t.lines_.push_back(static_cast<int>(i + 1));
    }
    return t;
}

size_t CsvTable::index(const std::string &column) const
{
    auto it = columns_.find(column);
    if (it == columns_.end())
        throw InputError(path_ + ": no column '" + column + "'");
    return it->second;
}

const std::string &CsvTable::text(size_t row, const std::string &column) const
{
    return rows_.at(row)[index(column)];
}

void CsvTable::reject(size_t row, const std::string &column, const std::string &what) const
{
    size_t i = index(column);
    std::string value = rows_.at(row)[i];
    if (value.size() > 40)
        value = value.substr(0, 40) + "...";
    throw InputError(path_ + ":" + std::to_string(lines_[row]) + ": field " + std::to_string(i + 1) +
                     " (" + column + "): '" + value + "' " + what);
}

double CsvTable::number(size_t row, const std::string &column, double min) const
{
    double v = 0;
    NumberText r = parse_decimal(text(row, column), v);
    if (r == NumberText::not_a_number)
        reject(row, column, "is not a number");
    if (r == NumberText::out_of_range)
        reject(row, column, "is out of range");
    if (v < min) {
        std::ostringstream bound;
        bound << min;
        reject(row, column, "must be >= " + bound.str());
    }
    return v;
}

long long CsvTable::whole(size_t row, const std::string &column, long long min, long long max) const
{
    std::string range = "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
    unsigned long long magnitude = 0;
    bool negative = false;
    NumberText r = parse_whole(text(row, column), magnitude, negative);
    if (r == NumberText::not_a_number) {
        // pandas writes whole numbers of a float column as "20.0".
        double v = 0;
        if (parse_decimal(text(row, column), v) != NumberText::ok || v != std::floor(v))
            reject(row, column, "is not a whole number");
        if (v < static_cast<double>(min) || v > static_cast<double>(max))
            reject(row, column, range);
        return static_cast<long long>(v);
    }
    if (r == NumberText::out_of_range || magnitude > static_cast<unsigned long long>(LLONG_MAX))
        reject(row, column, range);
    long long v = negative ? -static_cast<long long>(magnitude) : static_cast<long long>(magnitude);
    if (v < min || v > max)
        reject(row, column, range);
    return v;
}

}  // namespace accord::sim
