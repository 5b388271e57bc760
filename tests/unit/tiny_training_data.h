// A small synthetic training set for the model's unit tests: four job
// types on a K80 and a V100 at one and two GPUs, and every one-GPU pair.
#pragma once

#include <string>
#include <vector>

#include "model/training_data.h"

namespace accord::test {

// Job i runs 0.3 + 0.05 i on a K80 and 1 on a V100 per GPU, 5% less per
// added GPU; next to job o it keeps 0.4 + 0.1 o + 0.05 i of its speed.
inline model::TrainingData tiny_data(const std::vector<std::string> &jobs)
{
    model::TrainingData data;
    for (size_t j = 0; j < jobs.size(); j++)
        for (const char *gpu : {"k80", "v100"})
            for (int gpus : {1, 2}) {
                double speed = (gpu[0] == 'k' ? 0.3 + 0.05 * j : 1.0) * gpus * (1 - 0.05 * (gpus - 1));
                data.isolated.push_back(model::IsolatedSample{jobs[j], gpu, gpus, false, speed});
                for (size_t o = 0; o < jobs.size(); o++)
                    if (gpus == 1)
                        data.pairs.push_back(model::PairSample{jobs[j], jobs[o], gpu, 1, 0.4 + 0.1 * o + 0.05 * j});
            }
    return data;
}

}  // namespace accord::test
