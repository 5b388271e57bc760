#include "slurm/shard_slowdowns.h"

#include <vector>

#include "core/shard_queries.h"
#include "model/job_type_name.h"

namespace accord::slurm {

namespace {

// One GPU shared with the co-runners: shards come from a single GPU.
model::Candidate candidate_of(const core::SlowdownKey &key)
{
    model::Candidate c;
    c.job = model::job_of_type(key.family);
    c.gpu_type = key.gpu_type;
    for (const auto &family : key.co_runners)
        c.co_runners.push_back(model::job_of_type(family));
    return c;
}

}  // namespace

core::SlowdownTable predict_shard_slowdowns(const model::ThroughputModel &model, const std::string &model_name,
                                            const core::ClusterSnapshot &snapshot)
{
    core::SlowdownTable table;
    table.source = model_name;
    std::vector<core::SlowdownKey> keys = core::shard_slowdown_queries(snapshot);
    if (keys.empty())
        return table;
    std::vector<model::Candidate> candidates;
    for (const auto &key : keys)
        candidates.push_back(candidate_of(key));
    std::vector<model::Prediction> out(candidates.size());
    model.predict(candidates.data(), candidates.size(), out.data());
    for (size_t i = 0; i < out.size(); i++)
        if (out[i].valid && out[i].family_known && out[i].gpu_known)
            table.set(keys[i], out[i].slowdown);
    return table;
}

}  // namespace accord::slurm
