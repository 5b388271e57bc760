// Training rows from what running jobs measured: the throughput samples
// sched_accord stores in StateSaveLocation/accord-samples.log
// (core/throughput_sample.h), for accord-train --samples.
//
// The rule (docs/model.md, "Training on running jobs' samples"):
//  - A family's speed per GPU on a type is what the plugin's online
//    learning takes from the same samples (core/observed_speeds.h: named
//    family, one GPU type, each job's latest sample, rate over GPU count,
//    the median over users of each user's median, one metric).
//  - Steps/s are the job's own unit, and the model learns speeds relative
//    to one GPU of the reference type, so a family's rates are put on that
//    scale by one factor: the geometric mean, over the types it was
//    measured on, of its rate over the nearest-neighbour estimate there
//    (model/baselines.h; for a family the data has, its own measurements).
//    What the samples teach is then how the family's types compare, not
//    its level against other families.
//  - One row per (family, type) at one GPU on one node. A family whose
//    name has the family_key of one in the data takes the data's spelling.
//    Types no training row has are left out, named in the notes.
#pragma once

#include <string>
#include <vector>

#include "core/throughput_sample.h"
#include "model/training_data.h"

namespace accord::model {

struct SampleRows {
    std::vector<IsolatedSample> rows;
    std::vector<std::string> notes;  // what was left out, and why
};

SampleRows sample_rows(const std::vector<core::ThroughputSample> &samples, const TrainingData &data);

// Reads the sample files `paths` (sched_accord's PATH and its older PATH.1,
// as the admin names them) and appends their rows to `data`, the paths to
// data.sources. Throws std::runtime_error naming the file when one is
// missing or unreadable, or when none holds a valid sample line; lines
// that fail their check are skipped, as the plugin skips them, and told
// in the notes returned with what else was left out.
std::vector<std::string> add_throughput_samples(const std::vector<std::string> &paths, TrainingData &data);

}  // namespace accord::model
