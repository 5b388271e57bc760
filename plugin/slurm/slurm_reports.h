// Progress reports of running jobs (core/progress_report.h): each cycle the
// agent reads the report tag in every running job's Comment, takes new ones
// by core/report_intake's rules, stores them as throughput samples in
// StateSaveLocation/accord-samples.log (core/sample_store.h) with the
// families of the jobs beside it on its nodes, learns each model family's
// speed per GPU type (core/observed_speeds.h) and its slowdown beside other
// families (core/neighbour_slowdowns.h) from them, and shows the latest in
// the job's SystemComment. Slurm's job-update RPC lets only the
// job's owner, an operator or a coordinator of its account set a Comment,
// so a report cannot be made about somebody else's job.
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "core/neighbour_slowdowns.h"
#include "core/observed_speeds.h"
#include "core/report_intake.h"
#include "core/sample_store.h"

namespace accord::slurm {

constexpr const char *kSampleFileName = "accord-samples.log";

// A line about one job: why its report was refused, or its SystemComment note.
struct JobNote {
    uint32_t job_id = 0;
    std::string text;
};

class ReportIngest {
public:
    // Reads StateSaveLocation; when it changed (and at start-up), loads the
    // samples stored there so no report is stored twice.
    void reconfigure();

    // One pass over the running jobs at time `now`.
    void run(time_t now);

    // What the stored samples say of each family's speed per GPU type
    // (those of the file at start-up and reconfigure, then each new one).
    const core::ObservedSpeeds &observed() const { return observed_; }
    // What they say of each family's slowdown beside another on a node.
    const core::NeighbourTable &neighbour_slowdowns() const { return neighbours_.table(); }

private:
    // Under job and node read locks: the new samples and the refusals to
    // report, from every running job's Comment.
    void collect(time_t now, std::vector<core::ThroughputSample> &fresh, std::vector<JobNote> &refused);
    // Appends them durably; false when they could not be written.
    bool store(std::vector<core::ThroughputSample> &fresh);

    std::optional<core::SampleStore> store_;
    core::ReportIntake intake_;
    core::ObservedSpeeds observed_;
    core::NeighbourSlowdowns neighbours_;
    std::string last_failure_;  // of the last append, "" when it succeeded
};

}  // namespace accord::slurm
