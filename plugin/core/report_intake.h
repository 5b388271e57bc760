// The rules by which sched_accord takes a running job's progress report
// (core/progress_report.h) as a new throughput sample. It looks at every
// running job's Comment each cycle, so the same report is seen many times:
//  - no tag: nothing to do;
//  - a tag that does not parse or is out of range: refused, with the
//    reason (the caller logs it and shows it once per distinct tag);
//  - seq not above the job's last stored sample: already taken (or older);
//  - less than the minimum interval since the job's last stored sample:
//    too soon; the report stays in the Comment and is taken once the
//    interval has passed (a newer one replaces it meanwhile);
//  - otherwise a new sample.
// A job's state changes only once its sample is stored (accepted()), so a
// sample that fails to reach the disk is taken again the next cycle. After
// a restart, restore() rebuilds the state from the stored samples, so no
// report is stored twice. Slurm-free.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/progress_report.h"
#include "core/throughput_sample.h"

namespace accord::core {

constexpr int64_t kMinReportIntervalS = 10;

enum class Intake { None, New, Seen, TooSoon, Refused };

struct IntakeVerdict {
    Intake what = Intake::None;
    ProgressReport report;  // for New
    std::string tag;        // for Refused: the tag as found (cut)
    std::string error;      // for Refused: why
};

class ReportIntake {
public:
    explicit ReportIntake(int64_t min_interval_s = kMinReportIntervalS) : min_interval_s_(min_interval_s) {}

    IntakeVerdict check(uint32_t job_id, std::string_view comment, int64_t now) const;

    // The job's sample with `seq`, taken at `time`, is stored.
    void accepted(uint32_t job_id, uint64_t seq, int64_t time);

    // True the first time `tag` is refused for the job (until another tag
    // is refused or a sample is accepted).
    bool first_refusal(uint32_t job_id, const std::string &tag);

    // Forgets every job not in `running`: finished jobs report no more.
    void keep_only(const std::set<uint32_t> &running);

    // The state the stored samples imply, after a restart.
    void restore(const std::vector<ThroughputSample> &samples);

    size_t tracked() const { return jobs_.size(); }

private:
    struct JobState {
        uint64_t seq = 0;     // of the last stored sample; 0: none
        int64_t time = 0;     // when it was taken
        std::string refused;  // the last tag refused
    };
    int64_t min_interval_s_;
    std::map<uint32_t, JobState> jobs_;
};

}  // namespace accord::core
