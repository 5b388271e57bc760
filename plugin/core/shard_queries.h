// Which slowdowns the node picker may ask of a cycle's SlowdownTable: for
// every model family of a pending shard job and every GPU with shard jobs
// on it, that family next to them, and each of them next to the others
// with and without that family. The same again for each GPU with room for
// two shard jobs after one pending job of any family has joined it, since
// the cycle may start that one first. The shell predicts these in one
// batch.
#pragma once

#include <vector>

#include "core/slowdown_table.h"
#include "core/snapshot.h"

namespace accord::core {

// Sorted, without duplicates; none for unknown families (""), which the
// table never answers.
std::vector<SlowdownKey> shard_slowdown_queries(const ClusterSnapshot &snapshot);

}  // namespace accord::core
