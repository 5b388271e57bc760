#include "core/family_history.h"

namespace accord::core {

void FamilyHistory::add(const std::string &family, double gpu_s)
{
    auto kind = kinds_.emplace(family, static_cast<uint32_t>(kinds_.size())).first->second;
    service_.add(kind, gpu_s);
    remembered_.clear();
}

size_t FamilyHistory::finished(const std::string &family) const
{
    auto kind = kinds_.find(family);
    return kind == kinds_.end() ? 0 : service_.count(kind->second);
}

double FamilyHistory::index(const std::string &family, double attained) const
{
    auto kind = kinds_.find(family);
    if (kind == kinds_.end())
        return 0;
    auto key = std::make_pair(kind->second, attained);
    auto known = remembered_.find(key);
    if (known != remembered_.end())
        return known->second;
    if (remembered_.size() >= kMaxRemembered)  // running jobs' services change every cycle
        remembered_.clear();
    return remembered_[key] = service_.index(kind->second, attained);
}

}  // namespace accord::core
