#include "slurm/gpu_tres_text.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace accord::slurm {

namespace {

constexpr const char *kGpuItem = "gres:gpu";

std::vector<std::string> items_of(const std::string &tres)
{
    std::vector<std::string> items;
    std::stringstream in(tres);
    std::string item;
    while (std::getline(in, item, ','))
        items.push_back(item);
    return items;
}

std::string joined(const std::vector<std::string> &items, const char *sep)
{
    std::string out;
    for (size_t i = 0; i < items.size(); i++)
        out += (i ? sep : "") + items[i];
    return out;
}

bool is_gpu_item(const std::string &item)
{
    const std::string prefix = kGpuItem;
    return item.compare(0, prefix.size(), prefix) == 0 &&
           (item.size() == prefix.size() || item[prefix.size()] == ':');
}

// Slurm reads "gpu:X" as a count when X starts with a digit, else as a type.
bool is_untyped_gpu_item(const std::string &item)
{
    if (!is_gpu_item(item))
        return false;
    const size_t after = std::string(kGpuItem).size();
    return item.size() == after || std::isdigit(static_cast<unsigned char>(item[after + 1]));
}

}  // namespace

std::string with_gpu_type(const std::string &tres, const std::string &type)
{
    std::vector<std::string> items = items_of(tres);
    for (auto &item : items)
        if (is_untyped_gpu_item(item))
            item = kGpuItem + (":" + type) + item.substr(std::string(kGpuItem).size());
    return joined(items, ",");
}

std::string with_gpu_count(const std::string &tres, int count)
{
    std::vector<std::string> items = items_of(tres);
    const std::string number = std::to_string(count);
    for (auto &item : items) {
        if (!is_gpu_item(item))
            continue;
        if (is_untyped_gpu_item(item)) {
            item = kGpuItem + (":" + number);
            continue;
        }
        // "gres:gpu:TYPE" or "gres:gpu:TYPE:N"
        size_t type_start = std::string(kGpuItem).size() + 1;
        size_t type_end = item.find(':', type_start);
        item = item.substr(0, type_end) + ":" + number;
    }
    return joined(items, ",");
}

bool has_untyped_gpu(const std::string &tres)
{
    std::vector<std::string> items = items_of(tres);
    return std::any_of(items.begin(), items.end(), is_untyped_gpu_item);
}

std::optional<int> first_gpu_count(const std::string &tres)
{
    for (const auto &item : items_of(tres)) {
        if (!is_gpu_item(item))
            continue;
        std::vector<std::string> fields;  // gres, gpu[, TYPE][, COUNT]
        std::stringstream in(item);
        for (std::string f; std::getline(in, f, ':');)
            fields.push_back(f);
        bool typed = !is_untyped_gpu_item(item);
        if (fields.size() == (typed ? 3u : 2u))
            return 1;
        const std::string &count = fields.back();
        if (fields.size() != (typed ? 4u : 3u) || count.empty() || count.size() > 6 ||
            !std::all_of(count.begin(), count.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            return std::nullopt;
        return std::stoi(count);
    }
    return std::nullopt;
}

std::string gpu_items_text(const std::string &tres, const std::string &unit)
{
    std::vector<std::string> shown;
    for (const auto &item : items_of(tres))
        if (is_gpu_item(item))
            shown.push_back(item.substr(std::string("gres:").size()) + unit);
    return joined(shown, ",");
}

}  // namespace accord::slurm
