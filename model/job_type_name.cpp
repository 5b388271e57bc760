// Job type names as the model's Job (see job_type_name.h).
#include "model/job_type_name.h"

#include <cstdlib>

namespace accord::model {

Job job_of_type(const std::string &job_type)
{
    static const std::string marker = " (batch size ";
    size_t at = job_type.find(marker);
    if (at == std::string::npos || job_type.back() != ')')
        return Job{job_type, 0};
    std::string digits = job_type.substr(at + marker.size(), job_type.size() - 1 - at - marker.size());
    char *end = nullptr;
    long batch = std::strtol(digits.c_str(), &end, 10);
    if (digits.empty() || *end != '\0' || batch <= 0)
        return Job{job_type, 0};
    return Job{job_type.substr(0, at), static_cast<int>(batch)};
}

}  // namespace accord::model
