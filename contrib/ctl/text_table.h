// A plain text table: a header row and rows of cells, each column as wide
// as its widest cell, columns of numbers right-aligned (with "-" and "?"
// standing for a missing number), two spaces between columns.
#pragma once

#include <string>
#include <vector>

namespace accord::ctl {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header);
    void add(std::vector<std::string> row);  // as many cells as the header
    std::string text() const;

private:
    std::vector<std::vector<std::string>> rows_;  // the header first
};

}  // namespace accord::ctl
