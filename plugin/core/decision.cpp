#include "core/decision.h"

#include <ctime>

namespace accord::core {

static std::string node_names(const Decision &d, const ClusterSnapshot &s)
{
    std::string names;
    for (const auto &use : d.placement)
        names += (names.empty() ? "" : ",") + s.nodes.at(use.node).name;
    return names;
}

static std::string clock_time(int64_t when)
{
    time_t t = static_cast<time_t>(when);
    struct tm tm_buf;
    char text[32];
    localtime_r(&t, &tm_buf);
    strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &tm_buf);
    return text;
}

static std::string gpu_part(const Decision &d)
{
    if (d.gpu_type.empty() || d.placement.empty())
        return "";
    std::string text = " gpu:" + d.gpu_type + ":" +
                       std::to_string(d.placement.front().used.gpus_of(d.gpu_type)) + "/node";
    if (!d.type_rule.empty())
        text += " (" + d.type_rule + ")";
    return text;
}

std::string explain(const Decision &d, const ClusterSnapshot &s)
{
    switch (d.verdict) {
    case Verdict::Start:
        return "accord: started on " + node_names(d, s) + gpu_part(d) +
               (d.prediction ? "; " + describe(*d.prediction) : "");
    case Verdict::Reserve:
        return "accord: waiting for resources; reserved " + node_names(d, s) + " from " +
               clock_time(d.start_time) + gpu_part(d);
    case Verdict::Wait:
        break;
    }
    switch (d.reason) {
    case WaitReason::Priority:
        return "accord: would fit now but would delay a higher-priority job's reservation";
    case WaitReason::NeverFits:
        return "accord: request exceeds what its allowed nodes have even when idle";
    default:
        return "accord: waiting for resources";
    }
}

}  // namespace accord::core
