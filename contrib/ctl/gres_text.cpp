#include "ctl/gres_text.h"

#include <climits>
#include <vector>

namespace accord::ctl {

namespace {

// Items separated by commas outside parentheses: "(IDX:0-1,3)" is one.
std::vector<std::string> items(const std::string &gres)
{
    std::vector<std::string> out;
    std::string item;
    int depth = 0;
    for (char c : gres) {
        if (c == ',' && depth == 0) {
            out.push_back(item);
            item.clear();
            continue;
        }
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        item += c;
    }
    out.push_back(item);
    return out;
}

int whole_number(const std::string &text, const std::string &item)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument("GRES item '" + item + "': count '" + text + "' is not a whole number");
    return std::stoi(text);
}

}  // namespace

core::GpuCounts gpu_counts(const std::string &gres)
{
    core::GpuCounts counts;
    if (gres.empty() || gres == "(null)")
        return counts;
    for (const auto &item : items(gres)) {
        std::string bare = item.substr(0, item.find('('));
        if (bare.rfind("gpu:", 0) != 0)
            continue;
        std::string rest = bare.substr(4);
        size_t colon = rest.rfind(':');
        std::string type = colon == std::string::npos ? kUntypedGpu : rest.substr(0, colon);
        int count = whole_number(colon == std::string::npos ? rest : rest.substr(colon + 1), item);
        // Each count fits an int, but their sum may not (found by fuzzing).
        if (counts[type] > INT_MAX - count)
            throw std::invalid_argument("GRES item '" + item + "': more than " + std::to_string(INT_MAX) +
                                        " GPUs of type " + type + " in all");
        counts[type] += count;
    }
    return counts;
}

}  // namespace accord::ctl
