#include "emulator/slurm_query.h"

#include <cctype>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>

namespace accord::emu {

namespace {

// Runs a shell command built from job ids and node names only (digits,
// letters, '-', ','), so nothing in it needs quoting; returns its output.
std::string output_of(const std::string &command)
{
    FILE *pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe)
        throw std::runtime_error("cannot run " + command);
    std::string text;
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        text.append(buffer, n);
    if (pclose(pipe) != 0)
        throw std::runtime_error(command + " failed");
    return text;
}

void check_plain(const std::string &word)
{
    for (char c : word)
        if (!isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            throw std::runtime_error("refusing to pass '" + word + "' to a shell");
}

}  // namespace

JobAllocation query_job(const std::string &job_id)
{
    check_plain(job_id);
    return parse_job_detail(output_of("scontrol show job -d " + job_id));
}

std::vector<Neighbour> query_neighbours(const JobAllocation &mine)
{
    std::set<std::string> nodes;
    for (const auto &n : mine.nodes) {
        check_plain(n.node);
        nodes.insert(n.node);
    }
    std::string node_list;
    for (const auto &n : nodes)
        node_list += (node_list.empty() ? "" : ",") + n;
    std::istringstream ids(output_of("squeue -h -t R -o %A -w " + node_list));
    std::vector<Neighbour> found;
    for (std::string id; ids >> id;) {
        if (id == mine.job_id)
            continue;
        JobAllocation other = query_job(id);
        found.push_back(Neighbour{other.name, std::move(other)});
    }
    return found;
}

}  // namespace accord::emu
