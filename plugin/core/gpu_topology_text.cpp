#include "core/gpu_topology_text.h"

#include <stdexcept>
#include <vector>

namespace accord::core {

std::string links_text(const GpuTopology &topology)
{
    std::string text = std::to_string(topology.gpus()) + " ";
    for (int a = 0; a < topology.gpus(); a++) {
        if (a > 0)
            text += '/';
        for (int b = 0; b < topology.gpus(); b++)
            text += static_cast<char>('0' + static_cast<int>(topology.link(a, b)));
    }
    return text;
}

GpuTopology links_from_text(std::string_view text)
{
    size_t space = text.find(' ');
    std::string_view count = text.substr(0, space);
    if (space == std::string_view::npos || count.empty() || count.size() > 3 || (count[0] == '0' && count.size() > 1) ||
        count.find_first_not_of("0123456789") != std::string_view::npos)
        throw std::invalid_argument("expected a GPU count (no leading zeros), a space and the rows of links");
    size_t n = std::stoul(std::string(count));
    std::vector<std::vector<GpuLink>> links;
    std::string_view rows = text.substr(space + 1);
    while (!rows.empty() || links.size() < n) {
        size_t slash = rows.find('/');
        std::string_view row = rows.substr(0, slash);
        if (row.size() != n)
            throw std::invalid_argument("row " + std::to_string(links.size()) + " has " + std::to_string(row.size()) +
                                        " links, not " + std::to_string(n));
        links.emplace_back();
        for (char c : row) {
            if (c < '0' || c > '0' + static_cast<int>(GpuLink::Machine))
                throw std::invalid_argument("row " + std::to_string(links.size() - 1) + " has a link that is not 0-5");
            links.back().push_back(static_cast<GpuLink>(c - '0'));
        }
        if (links.size() > n)
            throw std::invalid_argument("more than " + std::to_string(n) + " rows");
        rows = slash == std::string_view::npos ? std::string_view{} : rows.substr(slash + 1);
        if (slash != std::string_view::npos && rows.empty())
            throw std::invalid_argument("a '/' ends the rows");
    }
    if (links.size() != n)
        throw std::invalid_argument(std::to_string(links.size()) + " rows, not " + std::to_string(n));
    return GpuTopology(std::move(links));
}

}  // namespace accord::core
