// The GPU service a job attained in its earlier runs, which Accord keeps
// with the job when it requeues it (slurm/service_record.h): a requeued job
// is pending again with its run's start forgotten by Slurm, and ranked as
// new it would take back the GPUs it was requeued from at once
// (core/service_order.h). Kept as whole GPU-seconds in decimal. A
// submission may forge the record; it can only claim more service, which
// ranks its own job lower. Slurm-free and pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace accord::core {

// Above any service a job can attain (1,024 GPUs for 100 years is 3.2e12).
constexpr int64_t kMaxServiceGpuS = INT64_C(1000000000000000);

std::string encode_service(int64_t gpu_s);

// The GPU-seconds back, or empty with `error` naming what is wrong: not
// 1-16 decimal digits, or above kMaxServiceGpuS.
std::optional<int64_t> decode_service(const std::string &text, std::string &error);

}  // namespace accord::core
