// CsvTable: a comma-separated file whose first line names the columns
// (Sia's profiles and workloads, Alibaba's machine list). Fields are looked up
// by column name, so files that order their columns differently read alike,
// and every checked field that is wrong raises an InputError
// "FILE:LINE: field N (NAME): 'value' what is wrong". No quoting: the files
// read here have none, and a field is everything between two commas.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace accord::sim {

class CsvTable {
public:
    // Throws InputError when the file cannot be read, has no header, lacks
    // one of `required` columns, names a column twice, has a line with
    // another field count than the header, or a blank line before its end
    // (blank lines at the end are tolerated). A header with no rows is
    // allowed; rows() is then 0.
    static CsvTable read(const std::string &path, const std::vector<std::string> &required);

    const std::string &path() const { return path_; }
    size_t rows() const { return rows_.size(); }
    int line(size_t row) const { return lines_[row]; }

    // The field as written.
    const std::string &text(size_t row, const std::string &column) const;
    // A finite decimal number (parse_decimal's spelling) >= `min`.
    double number(size_t row, const std::string &column, double min) const;
    // A whole number in [min, max]: digits, or a decimal with a zero
    // fraction ("20.0", as pandas writes a float column).
    long long whole(size_t row, const std::string &column, long long min, long long max) const;

    // Raises the InputError for this field: "FILE:LINE: field N (NAME): 'value' what".
    [[noreturn]] void reject(size_t row, const std::string &column, const std::string &what) const;

private:
    size_t index(const std::string &column) const;

    std::string path_;
    std::vector<std::string> header_;
    std::map<std::string, size_t> columns_;
    std::vector<std::vector<std::string>> rows_;
    std::vector<int> lines_;
};

}  // namespace accord::sim
