#include "ctl/text_table.h"

#include <algorithm>
#include <stdexcept>

namespace accord::ctl {

namespace {

bool number(const std::string &cell)
{
    return cell.find_first_of("0123456789") != std::string::npos &&
           cell.find_first_not_of("0123456789.-") == std::string::npos;
}

bool placeholder(const std::string &cell)
{
    return cell == "-" || cell == "?";
}

// Numbers, and placeholders among them, line up on the right.
bool right_aligned(const std::vector<std::vector<std::string>> &rows, size_t column)
{
    for (size_t r = 1; r < rows.size(); r++)
        if (!number(rows[r][column]) && !placeholder(rows[r][column]))
            return false;
    return true;
}

}  // namespace

TextTable::TextTable(std::vector<std::string> header)
{
    rows_.push_back(std::move(header));
}

void TextTable::add(std::vector<std::string> row)
{
    if (row.size() != rows_.front().size())
        throw std::logic_error("TextTable: a row with " + std::to_string(row.size()) + " cells for " +
                               std::to_string(rows_.front().size()) + " columns");
    rows_.push_back(std::move(row));
}

std::string TextTable::text() const
{
    std::vector<size_t> width(rows_.front().size(), 0);
    std::vector<bool> right(width.size());
    for (const auto &row : rows_)
        for (size_t c = 0; c < row.size(); c++)
            width[c] = std::max(width[c], row[c].size());
    for (size_t c = 0; c < width.size(); c++)
        right[c] = right_aligned(rows_, c);
    std::string out;
    for (size_t r = 0; r < rows_.size(); r++) {
        std::string line;
        for (size_t c = 0; c < width.size(); c++) {
            const std::string &cell = rows_[r][c];
            std::string pad(width[c] - cell.size(), ' ');
            line += (c ? "  " : "") + (r > 0 && right[c] ? pad + cell : cell + pad);
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out += line + "\n";
    }
    return out;
}

}  // namespace accord::ctl
