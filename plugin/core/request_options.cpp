#include "core/request_options.h"

#include <algorithm>

#include "core/request_types.h"
#include "core/speed_prediction.h"

namespace accord::core {

namespace {

// The most GPUs of `type` the job's allowed nodes could give it when idle:
// a per-job count on at most max_nodes nodes, a per-node count on each of
// min_nodes nodes. No option asks for more. Nodes without the type give
// none, so only `counts` (largest first) are read.
int type_room(const PendingJob &job, const std::vector<int> &counts)
{
    if (job.gpus.per_job > 0) {
        size_t used = std::min(counts.size(), static_cast<size_t>(std::max(job.max_nodes, 1)));
        int room = 0;
        for (size_t k = 0; k < used; k++)
            room += counts[k];
        return room;
    }
    size_t spread_over = static_cast<size_t>(std::max(job.min_nodes, 1));
    return counts.size() < spread_over ? 0 : counts[spread_over - 1] * static_cast<int>(spread_over);
}

}  // namespace

std::optional<GpuRequest> request_with(const PendingJob &job, const std::string &type, int gpus)
{
    GpuRequest r = job.gpus;
    r.type = type;
    if (r.per_job > 0) {
        r.per_job = gpus;
        return r;
    }
    int spread_over = std::max(job.min_nodes, 1);
    if (gpus % spread_over != 0)
        return std::nullopt;
    r.per_node = gpus / spread_over;
    return r;
}

std::vector<RequestOption> request_options(const PendingJob &job, const NodeSetGpus &on, const GpuTypeRanker &ranker)
{
    std::vector<RequestOption> options;
    if (!job.gpus.any())
        return options;
    int asked = requested_gpus(job);
    int fewest = job.gpu_count_max > 0 ? job.gpu_count_min : asked;
    int most = job.gpu_count_max > 0 ? job.gpu_count_max : asked;
    std::vector<std::string> baseline = baseline_types(job, on);
    for (const auto &type : gpu_types_for(job, on)) {
        auto speed = ranker.speed(job, type);
        double preference = ranker.score(job, type);
        if (!speed || *speed <= 0 || preference <= 0)
            continue;
        int room = type_room(job, on.counts_of(type));
        for (int gpus = fewest; gpus <= std::min(most, room); gpus++) {
            auto request = request_with(job, type, gpus);
            if (!request)
                continue;
            // A prediction is made only where the rule needs one (it names its
            // source, and every option of every new request shape asks).
            if (!slurm_could_give(job.gpus, *request) &&
                !keeps_time_limit(job.gpus, *request, predict_speedup(job, *request, baseline, ranker)))
                continue;
            options.push_back(RequestOption{*request, gpus, preference * gpus * ranker.scaling(job, type, gpus)});
        }
    }
    return options;
}

std::vector<RequestOption> request_options(const PendingJob &job, const std::vector<Node> &nodes,
                                           const GpuTypeRanker &ranker)
{
    return request_options(job, NodeSetGpus(job.allowed_nodes, nodes), ranker);
}

}  // namespace accord::core
