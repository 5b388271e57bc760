#include "core/job_hints.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "spank/hint_syntax.h"

namespace accord::core {

namespace {

constexpr std::string_view kHintPrefix = "ACCORD_";

void note(PendingJob &job, const std::string &text)
{
    job.hint_note += (job.hint_note.empty() ? "" : "; ") + text;
}

std::string ignored(const char *variable, const std::string &why)
{
    return std::string("ignored ") + variable + ": " + why;
}

std::string joined(const std::vector<std::string> &names)
{
    std::string text;
    for (const auto &name : names)
        text += (text.empty() ? "" : ",") + name;
    return text;
}

// The value of each hint variable given exactly once; the others are noted.
std::map<std::string, std::string> hint_values(const std::vector<std::string> &entries, PendingJob &job)
{
    const std::set<std::string> known = {hints::kModelVar, hints::kGpuTypesVar, hints::kGpusVar};
    std::map<std::string, std::string> values;
    std::set<std::string> twice;
    std::set<std::string> unknown;
    for (const auto &entry : entries) {
        if (entry.compare(0, kHintPrefix.size(), kHintPrefix) != 0)
            continue;
        size_t eq = entry.find('=');
        std::string name = entry.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : entry.substr(eq + 1);
        if (!known.count(name))
            unknown.insert(name);
        else if (!values.emplace(name, value).second)
            twice.insert(name);
    }
    for (const auto &name : twice) {
        note(job, ignored(name.c_str(), "given twice"));
        values.erase(name);
    }
    // One note however many there are: the comment stays short.
    if (!unknown.empty())
        note(job, "ignored " + std::to_string(unknown.size()) + " unknown ACCORD_ variable(s), first " +
                      hints::shown(*unknown.begin()));
    return values;
}

// GPUs of each type on each of the job's allowed nodes.
std::map<std::string, std::vector<int>> allowed_gpus(const PendingJob &job, const std::vector<Node> &nodes)
{
    std::map<std::string, std::vector<int>> by_type;
    for (int node : job.allowed_nodes)
        for (const auto &[type, count] : nodes.at(node).capacity.gpus)
            if (count > 0)
                by_type[type].push_back(count);
    return by_type;
}

// Whether the job may run on GPUs of `type`: the one its request names, or
// (for a typeless request) any its hint accepts.
bool may_use(const PendingJob &job, const std::string &type)
{
    if (!job.gpus.type.empty())
        return type == job.gpus.type;
    return accepts_gpu_type(job, type);
}

// Most GPUs of one type the job may use that at most max_nodes of its
// allowed nodes hold together.
int node_bound(const PendingJob &job, const std::vector<Node> &nodes)
{
    int best = 0;
    for (auto &[type, per_node] : allowed_gpus(job, nodes)) {
        if (!may_use(job, type))
            continue;
        std::sort(per_node.begin(), per_node.end(), std::greater<int>());
        per_node.resize(std::min<size_t>(per_node.size(), std::max(job.max_nodes, 1)));
        int sum = 0;
        for (int gpus : per_node)
            sum += gpus;
        best = std::max(best, sum);
    }
    return best;
}

void take_model(const std::string &value, PendingJob &job)
{
    auto model = hints::check_model(value);
    if (!model.value) {
        note(job, ignored(hints::kModelVar, model.error));
        return;
    }
    job.family = *model.value;
}

void take_gpu_types(const std::string &value, const std::vector<Node> &nodes, PendingJob &job)
{
    auto types = hints::check_gpu_types(value);
    if (!types.value) {
        note(job, ignored(hints::kGpuTypesVar, types.error));
        return;
    }
    if (!job.gpus.any()) {
        note(job, ignored(hints::kGpuTypesVar, "the job asks for no GPUs"));
        return;
    }
    const std::vector<std::string> &accepted = *types.value;
    if (!job.gpus.type.empty() &&
        std::find(accepted.begin(), accepted.end(), job.gpus.type) == accepted.end()) {
        note(job, ignored(hints::kGpuTypesVar, "the job's request names gpu:" + job.gpus.type + ", which wins"));
        return;
    }
    auto present = allowed_gpus(job, nodes);
    std::vector<std::string> missing;
    for (const auto &type : accepted)
        if (!present.count(type))
            missing.push_back(type);
    if (!missing.empty())
        note(job, "no allowed node has GPU type " + joined(missing));
    job.accepted_types = accepted;
}

void take_gpus(const std::string &value, const GpuLimit &limit, const std::vector<Node> &nodes, PendingJob &job)
{
    auto range = hints::check_gpus(value);
    if (!range.value) {
        note(job, ignored(hints::kGpusVar, range.error));
        return;
    }
    if (!job.gpus.any()) {
        note(job, ignored(hints::kGpusVar, "the job asks for no GPUs"));
        return;
    }
    if (!job.gpus.more_types.empty()) {
        note(job, ignored(hints::kGpusVar, "the job's request names several GPU types"));
        return;
    }
    auto [min, max] = *range.value;
    int requested = requested_gpus(job);
    std::string text = std::to_string(min) + "-" + std::to_string(max);
    if (requested < min || requested > max) {
        note(job, ignored(hints::kGpusVar, text + " leaves out the " + std::to_string(requested) +
                                                " GPUs the job asks for"));
        return;
    }
    GpuLimit bound = limit;
    int on_nodes = node_bound(job, nodes);
    if (on_nodes < bound.gpus)
        bound = {on_nodes, "its allowed nodes"};
    if (bound.gpus < max) {
        if (bound.gpus < min) {
            note(job, ignored(hints::kGpusVar, text + " is above the " + std::to_string(bound.gpus) +
                                                    " GPUs of " + bound.source));
            return;
        }
        max = bound.gpus;
        note(job, std::string(hints::kGpusVar) + " " + text + " cut to " + std::to_string(min) + "-" +
                      std::to_string(max) + " by " + bound.source);
    }
    job.gpu_count_min = min;
    job.gpu_count_max = max;
}

}  // namespace

void apply_hints(const std::vector<std::string> &entries, const GpuLimit &limit,
                 const std::vector<Node> &nodes, PendingJob &job)
{
    std::map<std::string, std::string> values = hint_values(entries, job);
    auto model = values.find(hints::kModelVar);
    if (model != values.end())
        take_model(model->second, job);
    // Types first: they narrow the nodes that bound the count range.
    auto types = values.find(hints::kGpuTypesVar);
    if (types != values.end())
        take_gpu_types(types->second, nodes, job);
    auto gpus = values.find(hints::kGpusVar);
    if (gpus != values.end())
        take_gpus(gpus->second, limit, nodes, job);
}

}  // namespace accord::core
