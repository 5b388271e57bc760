// Test helpers for the online-learning rankers: a throughput sample as a
// running job reports it, and a pending job of a model family.
#pragma once

#include <cstdint>
#include <string>

#include "core/snapshot.h"
#include "core/throughput_sample.h"

namespace accord::test {

// Job `job` of `family` measured `rate` steps/s on `gpus` GPUs of `type`.
inline core::ThroughputSample sample(uint32_t job, const std::string &family, const std::string &type, int gpus,
                                     double rate)
{
    core::ThroughputSample s;
    s.time = 100;
    s.job_id = job;
    s.user = "alice";
    s.family = family;
    s.gpus = {{type, gpus}};
    s.nodes = "n1";
    s.report = core::ProgressReport{core::ReportMetric::StepsPerSecond, rate, 1};
    return s;
}

inline core::PendingJob job_of(const std::string &family)
{
    core::PendingJob j;
    j.family = family;
    return j;
}

}  // namespace accord::test
