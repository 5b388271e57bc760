#include "emulator/job_allocation.h"

#include <sstream>
#include <stdexcept>

#include "sim/input_error.h"

namespace accord::emu {

namespace {

int parse_int(const std::string &text, const std::string &what)
{
    size_t used = 0;
    int value = -1;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception &) {
        used = 0;
    }
    if (used != text.size() || value < 0)
        throw sim::InputError(what + ": '" + text + "' is not a number");
    return value;
}

std::vector<std::string> split(const std::string &text, char by)
{
    std::vector<std::string> parts;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, by))
        parts.push_back(part);
    return parts;
}

// The value of KEY= among the line's space-separated words, or "".
std::string word_value(const std::string &line, const std::string &key)
{
    std::stringstream in(line);
    std::string word;
    while (in >> word)
        if (word.rfind(key + "=", 0) == 0)
            return word.substr(key.size() + 1);
    return "";
}

// The GPU entries of a GRES= value ("gpu:v100:4(IDX:0-3),gpu:t4:1(IDX:2)"):
// one NodeGpus per GPU type, without the node name.
std::vector<NodeGpus> parse_gres(const std::string &gres, const std::string &where)
{
    std::vector<NodeGpus> found;
    size_t at = 0;
    while (at < gres.size()) {
        size_t close = gres.find(')', at);
        std::string item = gres.substr(at, close == std::string::npos ? std::string::npos : close + 1 - at);
        at = close == std::string::npos ? gres.size() : close + 2;  // past "),"
        if (item.rfind("gpu", 0) != 0)
            continue;
        size_t open = item.find("(IDX:");
        if (open == std::string::npos || item.back() != ')')
            throw sim::InputError(where + ": GRES '" + item + "' has no (IDX:...)");
        std::vector<std::string> name = split(item.substr(0, open), ':');
        NodeGpus gpus;
        gpus.type = name.size() == 3 ? name[1] : "";
        gpus.indices = expand_index_list(item.substr(open + 5, item.size() - open - 6));
        int count = parse_int(name.back(), where + ": GRES count");
        if (count != static_cast<int>(gpus.indices.size()))
            throw sim::InputError(where + ": GRES '" + item + "' counts " + name.back() + " GPUs but lists " +
                                     std::to_string(gpus.indices.size()));
        found.push_back(std::move(gpus));
    }
    return found;
}

}  // namespace

int JobAllocation::gpus() const
{
    int total = 0;
    for (const auto &n : nodes)
        total += static_cast<int>(n.indices.size());
    return total;
}

std::vector<int> expand_index_list(const std::string &list)
{
    std::vector<int> out;
    for (const auto &range : split(list, ',')) {
        size_t dash = range.find('-');
        int lo = parse_int(range.substr(0, dash), "index list '" + list + "'");
        int hi = dash == std::string::npos ? lo : parse_int(range.substr(dash + 1), "index list '" + list + "'");
        if (hi < lo)
            throw sim::InputError("index list '" + list + "': range " + range + " runs backwards");
        for (int i = lo; i <= hi; i++)
            out.push_back(i);
    }
    return out;
}

std::vector<std::string> expand_hostlist(const std::string &list)
{
    size_t open = list.find('[');
    if (open == std::string::npos)
        return {list};
    size_t close = list.find(']', open);
    if (close == std::string::npos || close + 1 != list.size())
        throw sim::InputError("host list '" + list + "': one [...] group at the end expected");
    std::vector<std::string> names;
    std::string prefix = list.substr(0, open);
    for (const auto &part : split(list.substr(open + 1, close - open - 1), ',')) {
        size_t dash = part.find('-');
        std::string first = part.substr(0, dash);
        int lo = parse_int(first, "host list '" + list + "'");
        int hi = dash == std::string::npos ? lo : parse_int(part.substr(dash + 1), "host list '" + list + "'");
        for (int i = lo; i <= hi; i++) {
            std::string number = std::to_string(i);
            if (number.size() < first.size())  // zero padding, as in node[01-10]
                number.insert(0, first.size() - number.size(), '0');
            names.push_back(prefix + number);
        }
    }
    return names;
}

JobAllocation parse_job_detail(const std::string &text)
{
    JobAllocation job;
    std::stringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); number++) {
        std::string where = "scontrol show job -d, line " + std::to_string(number);
        size_t name_at = line.find(" JobName=");
        if (line.rfind("JobId=", 0) == 0) {
            job.job_id = word_value(line, "JobId");
            if (name_at != std::string::npos)
                job.name = line.substr(name_at + 9);  // the rest of the line: names may hold spaces
        }
        if (job.state.empty())
            job.state = word_value(line, "JobState");
        std::stringstream words(line);
        std::string first_word;
        if (!(words >> first_word) || first_word.rfind("Nodes=", 0) != 0)
            continue;  // only the detail lines start with Nodes= (NodeList= is another field)
        std::string gres = word_value(line, "GRES");
        if (gres.empty())
            continue;
        for (const auto &node : expand_hostlist(word_value(line, "Nodes")))
            for (auto gpus : parse_gres(gres, where)) {
                gpus.node = node;
                job.nodes.push_back(std::move(gpus));
            }
    }
    if (job.job_id.empty())
        throw sim::InputError("scontrol show job -d: no JobId= line");
    return job;
}

}  // namespace accord::emu
