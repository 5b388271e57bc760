#include "slurm/cycle_stats.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>  // unlink

namespace accord::slurm {

void CycleStats::record(const CycleRecord &cycle)
{
    last_ = cycle;
    cycles_++;
    started_total_ += cycle.started;
    refused_total_ += cycle.refused;
    max_lock_us_ = std::max(max_lock_us_, cycle.lock_us);
    lock_us_total_ += cycle.lock_us;
    plan_us_total_ += cycle.plan_us;
}

std::string CycleStats::to_json() const
{
    char text[512];
    snprintf(text, sizeof(text),
             "{\"cycles\": %llu, \"started_total\": %llu, \"refused_total\": %llu, "
             "\"lock_us_total\": %lld, \"lock_us_max\": %lld, \"plan_us_total\": %lld, "
             "\"last\": {\"considered\": %zu, \"started\": %zu, \"reserved\": %zu, "
             "\"refused\": %zu, \"lock_us\": %lld, \"longest_hold_us\": %lld, \"lock_wait_us\": %lld, "
             "\"plan_us\": %lld}}\n",
             (unsigned long long)cycles_, (unsigned long long)started_total_,
             (unsigned long long)refused_total_, (long long)lock_us_total_, (long long)max_lock_us_,
             (long long)plan_us_total_, last_.considered, last_.started, last_.reserved,
             last_.refused, (long long)last_.lock_us, (long long)last_.longest_hold_us,
             (long long)last_.lock_wait_us,
             (long long)last_.plan_us);
    return text;
}

bool write_file_atomically(const std::string &path, const std::string &text)
{
    std::string tmp = path + ".new";
    FILE *f = fopen(tmp.c_str(), "w");
    if (!f)
        return false;
    bool ok = fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = (fflush(f) == 0) && ok;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp.c_str(), path.c_str()) != 0) {
        unlink(tmp.c_str());
        return false;
    }
    return true;
}

}  // namespace accord::slurm
