// A text split into lines, for the line-oriented input readers: '\n' ends
// a line, a '\r' before it is dropped (files written on Windows), and a
// last line without '\n' counts.
#pragma once

#include <string>
#include <vector>

namespace accord::sim {

std::vector<std::string> text_lines(const std::string &text);

}  // namespace accord::sim
