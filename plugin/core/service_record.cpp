#include "core/service_record.h"

namespace accord::core {

std::string encode_service(int64_t gpu_s) { return std::to_string(gpu_s); }

std::optional<int64_t> decode_service(const std::string &text, std::string &error)
{
    if (text.empty() || text.size() > 16) {
        error = "'" + text.substr(0, 32) + "' is not 1-16 decimal digits";
        return std::nullopt;
    }
    int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') {
            error = "'" + text.substr(0, 32) + "' is not 1-16 decimal digits";
            return std::nullopt;
        }
        value = value * 10 + (c - '0');
    }
    if (value > kMaxServiceGpuS) {
        error = text + " GPU-seconds is above " + std::to_string(kMaxServiceGpuS);
        return std::nullopt;
    }
    return value;
}

}  // namespace accord::core
