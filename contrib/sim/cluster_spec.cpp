#include "sim/cluster_spec.h"

#include <cstdlib>
#include <sstream>

#include "sim/input_error.h"

namespace accord::sim {

namespace {

int positive(const std::string &text, const std::string &item)
{
    char *end = nullptr;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end || value < 1 || value > 100000)
        throw InputError("cluster spec item '" + item + "': '" + text +
                         "' is not a count in [1, 100000]");
    return static_cast<int>(value);
}

}  // namespace

std::vector<core::Node> parse_cluster_spec(const std::string &spec)
{
    std::vector<core::Node> nodes;
    std::stringstream in(spec);
    std::string item;
    while (std::getline(in, item, ',')) {
        auto colon = item.find(':');
        auto x = item.find('x', colon == std::string::npos ? 0 : colon);
        if (colon == 0 || colon == std::string::npos || x == std::string::npos)
            throw InputError("cluster spec item '" + item + "': expected TYPE:NODESxGPUS, e.g. v100:9x4");
        std::string type = item.substr(0, colon);
        int count = positive(item.substr(colon + 1, x - colon - 1), item);
        int gpus = positive(item.substr(x + 1), item);
        if (nodes.size() + count > kMaxSpecNodes)
            throw InputError("cluster spec item '" + item + "': more than " + std::to_string(kMaxSpecNodes) +
                             " nodes in the whole spec");
        for (int i = 1; i <= count; i++) {
            core::Node n;
            n.name = type + "-" + std::to_string(i);
            n.capacity.cpus = gpus * kCpusPerGpu;
            n.capacity.gpus[type] = gpus;
            n.free = n.capacity;
            nodes.push_back(std::move(n));
        }
    }
    if (nodes.empty())
        throw InputError("cluster spec '" + spec + "' names no nodes");
    return nodes;
}

}  // namespace accord::sim
