// Fuzzes reading a job's hints from its SPANK environment (core/job_hints):
// each input line is one NAME=VALUE entry of a 2-GPU job on a small cluster
// with a 16-GPU limit. A kept count range must hold the request and stay
// within the limit and what one GPU type holds on its nodes (8 a100).
#include "core/job_hints.h"
#include "fuzz_input.h"
#include "spank/hint_syntax.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace accord::core;
    std::vector<std::string> entries;
    std::string text = accord::fuzz::text(data, size);
    for (size_t at = 0; at <= text.size();) {
        size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        entries.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    std::vector<Node> nodes(2);
    nodes[0].name = "a1";
    nodes[0].capacity = {64, 512000, {{"a100", 8}}};
    nodes[1].name = "v1";
    nodes[1].capacity = {32, 256000, {{"v100", 4}}};
    PendingJob job;
    job.job_id = 1;
    job.max_nodes = 2;
    job.gpus.per_job = 2;
    job.allowed_nodes = {0, 1};
    GpuLimit limit{16, "QOS normal MaxTRESPerJob"};
    apply_hints(entries, limit, nodes, job);
    bool ranged = job.gpu_count_min || job.gpu_count_max;
    if (ranged && !(job.gpu_count_min >= 1 && job.gpu_count_min <= 2 && job.gpu_count_max >= 2 &&
                    job.gpu_count_max <= 8))
        __builtin_trap();
    if (job.accepted_types.size() > accord::hints::kMaxGpuTypes)
        __builtin_trap();
    return 0;
}
