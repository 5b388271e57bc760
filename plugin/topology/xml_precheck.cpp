#include "topology/xml_precheck.h"

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>

namespace accord::topology {

namespace {

using Attributes = std::map<std::string_view, std::string_view>;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' || c == '.'; }

// The attributes of the tag starting at `at` ("<object"), or false when
// it is not ws name="value" ... up to "/>" or ">".
bool read_attributes(std::string_view xml, size_t at, Attributes &out)
{
    size_t i = at + 7;  // past "<object"
    while (true) {
        size_t spaces = i;
        while (i < xml.size() && is_space(xml[i]))
            i++;
        if (i < xml.size() && (xml[i] == '>' || xml.substr(i, 2) == "/>"))
            return true;
        size_t name = i;
        while (i < xml.size() && is_name_char(xml[i]))
            i++;
        if (name == spaces || name == i || xml.substr(i, 2) != "=\"")
            return false;
        size_t value = i + 2, end = xml.find_first_of("\"<", value);
        if (end == std::string_view::npos || xml[end] != '"')
            return false;
        out[xml.substr(name, i - name)] = xml.substr(value, end - value);
        i = end + 1;
    }
}

// Without an os_index hwloc numbers a PU or NUMA node 2^32 - 1 and makes
// a 512 MiB bitmap for it; no machine has a million CPUs.
constexpr unsigned long kMaxOsIndex = 1 << 20;

bool small_number(std::string_view text)
{
    return !text.empty() && text.size() <= 7 && text.find_first_not_of("0123456789") == std::string_view::npos &&
           std::stoul(std::string(text)) < kMaxOsIndex;
}

bool is_hex_word(std::string_view word)
{
    return word.size() > 2 && word.size() <= 10 && word.substr(0, 2) == "0x" &&
           word.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string_view::npos;
}

// hwloc's bitmap text: 32-bit words "0x0000000f" separated by commas,
// the first "0xf...f" for a set that never ends. hwloc keeps a null
// bitmap for any other text and crashes on it later.
bool is_bitmap(std::string_view text)
{
    if (text == "0xf...f")
        return true;
    if (text.substr(0, 8) == "0xf...f,")
        text.remove_prefix(8);
    for (size_t words = 0; words < 4096; words++) {
        size_t comma = text.find(',');
        if (!is_hex_word(text.substr(0, comma)))
            return false;
        if (comma == std::string_view::npos)
            return true;
        text.remove_prefix(comma + 1);
    }
    return false;
}

bool ends_with(std::string_view text, std::string_view end)
{
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// cpuset, complete_cpuset, allowed_cpuset and the same of nodeset.
bool is_set_name(std::string_view name) { return ends_with(name, "cpuset") || ends_with(name, "nodeset"); }

bool is_cpu_side(std::string_view type)
{
    return type != "Bridge" && type != "PCIDev" && type != "OSDev" && type != "Misc";
}

}  // namespace

void check_hwloc_xml(std::string_view xml)
{
    size_t nul = xml.find('\0');
    if (nul != std::string_view::npos)
        throw std::runtime_error("a NUL byte at offset " + std::to_string(nul) + ": not a text file");
    const std::string_view sets[] = {"cpuset", "complete_cpuset", "nodeset", "complete_nodeset"};
    int number = 0;
    for (size_t at = xml.find("<object"); at != std::string_view::npos; at = xml.find("<object", at + 1)) {
        number++;
        Attributes attributes;
        if (!read_attributes(xml, at, attributes))
            throw std::runtime_error("object " + std::to_string(number) + ": not a tag of name=\"value\" attributes");
        for (const auto &[name, value] : attributes)
            if (is_set_name(name) && !is_bitmap(value))
                throw std::runtime_error("object " + std::to_string(number) + ": " + std::string(name) + "=\"" +
                                         std::string(value.substr(0, 32)) + "\" is not a bitmap (0x0000000f,...)");
        auto type = attributes.find("type");
        if (type == attributes.end() || !is_cpu_side(type->second))
            continue;
        std::string what = "object " + std::to_string(number) + " (" + std::string(type->second) + ")";
        for (std::string_view set : sets)
            if (!attributes.count(set))
                throw std::runtime_error(what + " has no " + std::string(set) + " (lstopo --of xml writes all four sets)");
        if (type->second == "PU" || type->second == "NUMANode") {
            auto index = attributes.find("os_index");
            if (index == attributes.end() || !small_number(index->second))
                throw std::runtime_error(what + " has no os_index below " + std::to_string(kMaxOsIndex));
        }
    }
}

}  // namespace accord::topology
