// The GPU service finished jobs held in all, by model family (the
// --accord-model hint; "" for the jobs without one, as one family), for
// accord_order=gittins: each family's Gittins index (core/gittins_index.h)
// from its last 1,000 finished jobs. Slurm-free and pure.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>

#include "core/gittins_index.h"

namespace accord::core {

class FamilyHistory {
public:
    void add(const std::string &family, double gpu_s);
    bool empty() const { return service_.empty(); }
    // The samples kept of the family.
    size_t finished(const std::string &family) const;
    // The family's index for a job that has held `attained` GPU-seconds;
    // 0 when none of its finished jobs held more. Remembered until the next
    // add: a cycle asks it for every queued job of a family, most of them
    // with no service yet.
    double index(const std::string &family, double attained) const;

private:
    static constexpr size_t kMaxRemembered = 100000;
    FinishedService service_;
    std::map<std::string, uint32_t> kinds_;
    mutable std::map<std::pair<uint32_t, double>, double> remembered_;
};

}  // namespace accord::core
