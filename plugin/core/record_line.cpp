#include "core/record_line.h"

#include <cinttypes>
#include <cstdio>

#include "core/crc32.h"

namespace accord::core {

namespace {

std::string crc_text(std::string_view body)
{
    char crc[16];
    snprintf(crc, sizeof(crc), "%08" PRIx32, crc32(body));
    return crc;
}

}  // namespace

std::string checksummed_line(const std::string &body) { return body + "\t" + crc_text(body) + "\n"; }

std::optional<std::string_view> checked_body(std::string_view line)
{
    size_t last_tab = line.rfind('\t');
    if (last_tab == std::string_view::npos || line.substr(last_tab + 1) != crc_text(line.substr(0, last_tab)))
        return std::nullopt;
    return line.substr(0, last_tab);
}

std::vector<std::string_view> split_fields(std::string_view text, char sep)
{
    std::vector<std::string_view> parts;
    size_t from = 0;
    for (size_t at = text.find(sep); at != std::string_view::npos; at = text.find(sep, from)) {
        parts.push_back(text.substr(from, at - from));
        from = at + 1;
    }
    parts.push_back(text.substr(from));
    return parts;
}

std::optional<int64_t> decimal_of(std::string_view text)
{
    if (text.empty() || text.size() > 18)
        return std::nullopt;
    int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

bool writable_field(const std::string &field) { return field.find_first_of("\t\n\r") == std::string::npos; }

}  // namespace accord::core
