#include "spank/hint_syntax.h"

#include <algorithm>

namespace accord::hints {

const char *const kModelSyntax = "1-64 characters of A-Z a-z 0-9 . _ + -, e.g. resnet50";
const char *const kGpuTypesSyntax =
    "1-16 distinct GPU type names separated by commas, each 1-64 characters of A-Z a-z 0-9 . _ -, "
    "e.g. a100,v100";
const char *const kGpusSyntax = "N or MIN-MAX with 1 <= MIN <= MAX <= 1024, e.g. 4 or 2-8";

namespace {

constexpr size_t kShownLength = 32;

bool printable(char c)
{
    return c >= ' ' && c <= '~';
}

bool name_char(char c, bool plus_allowed)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-' || (plus_allowed && c == '+');
}

// Why `name` is not a valid name, or "" when it is.
std::string name_problem(std::string_view name, bool plus_allowed)
{
    if (name.empty())
        return "is empty";
    if (name.size() > kMaxNameLength)
        return "is longer than " + std::to_string(kMaxNameLength) + " characters";
    for (char c : name)
        if (!name_char(c, plus_allowed))
            return std::string("has the character '") + (printable(c) ? c : '?') + "'";
    return "";
}

template <typename T>
Checked<T> refused(std::string_view text, const std::string &why, const char *syntax)
{
    Checked<T> result;
    result.error = "'" + shown(text) + "' " + why + "; accepted: " + syntax;
    return result;
}

// A decimal count without leading zeros, or -1; counts of more than four
// digits (all above kMaxGpus) come back as kMaxGpus + 1.
int count_of(std::string_view text)
{
    if (text.empty() || (text[0] == '0' && text.size() > 1))
        return -1;
    for (char c : text)
        if (c < '0' || c > '9')
            return -1;
    if (text.size() > 4)
        return kMaxGpus + 1;
    int value = 0;
    for (char c : text)
        value = value * 10 + (c - '0');
    return value;
}

}  // namespace

std::string shown(std::string_view text)
{
    std::string out;
    for (char c : text.substr(0, kShownLength))
        out += printable(c) ? c : '?';
    if (text.size() > kShownLength)
        out += "...";
    return out;
}

Checked<std::string> check_model(std::string_view text)
{
    std::string problem = name_problem(text, true);
    if (!problem.empty())
        return refused<std::string>(text, problem, kModelSyntax);
    return {std::string(text), ""};
}

Checked<std::vector<std::string>> check_gpu_types(std::string_view text)
{
    using Types = std::vector<std::string>;
    Types types;
    // Bounded before splitting, so an oversized value costs nothing.
    if (text.size() > kMaxGpuTypes * (kMaxNameLength + 1))
        return refused<Types>(text, "is too long", kGpuTypesSyntax);
    size_t start = 0;
    while (true) {
        size_t comma = std::min(text.find(',', start), text.size());
        std::string_view name = text.substr(start, comma - start);
        std::string problem = name_problem(name, false);
        if (!problem.empty())
            return refused<Types>(text, "has a type name that " + problem, kGpuTypesSyntax);
        if (std::find(types.begin(), types.end(), name) != types.end())
            return refused<Types>(text, "names " + std::string(name) + " twice", kGpuTypesSyntax);
        types.emplace_back(name);
        if (types.size() > kMaxGpuTypes) {
            std::string why = "names more than " + std::to_string(kMaxGpuTypes) + " types";
            return refused<Types>(text, why, kGpuTypesSyntax);
        }
        if (comma == text.size())
            break;
        start = comma + 1;
    }
    return {std::move(types), ""};
}

Checked<GpuRange> check_gpus(std::string_view text)
{
    size_t dash = text.find('-');
    int min = count_of(text.substr(0, dash));
    int max = dash == std::string_view::npos ? min : count_of(text.substr(dash + 1));
    if (min < 0 || max < 0)
        return refused<GpuRange>(text, "is not N or MIN-MAX", kGpusSyntax);
    if (min < 1)
        return refused<GpuRange>(text, "asks for fewer than 1 GPU", kGpusSyntax);
    if (min > max)
        return refused<GpuRange>(text, "has MIN above MAX", kGpusSyntax);
    if (max > kMaxGpus)
        return refused<GpuRange>(text, "asks for more than " + std::to_string(kMaxGpus) + " GPUs", kGpusSyntax);
    return {GpuRange{min, max}, ""};
}

}  // namespace accord::hints
