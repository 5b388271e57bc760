#include "core/report_intake.h"

#include <algorithm>

namespace accord::core {

IntakeVerdict ReportIntake::check(uint32_t job_id, std::string_view comment, int64_t now) const
{
    IntakeVerdict verdict;
    FoundReport found = find_report(comment);
    if (!found.present)
        return verdict;
    if (!found.report) {
        verdict.what = Intake::Refused;
        verdict.tag = found.tag;
        verdict.error = found.error;
        return verdict;
    }
    auto it = jobs_.find(job_id);
    bool stored_before = it != jobs_.end() && it->second.seq > 0;
    if (stored_before && found.report->seq <= it->second.seq)
        verdict.what = Intake::Seen;
    else if (stored_before && now - it->second.time < min_interval_s_)
        verdict.what = Intake::TooSoon;
    else
        verdict.what = Intake::New;
    verdict.report = *found.report;
    return verdict;
}

void ReportIntake::accepted(uint32_t job_id, uint64_t seq, int64_t time)
{
    JobState &state = jobs_[job_id];
    state.seq = std::max(state.seq, seq);
    state.time = std::max(state.time, time);
    state.refused.clear();
}

bool ReportIntake::first_refusal(uint32_t job_id, const std::string &tag)
{
    JobState &state = jobs_[job_id];
    if (state.refused == tag)
        return false;
    state.refused = tag;
    return true;
}

void ReportIntake::keep_only(const std::set<uint32_t> &running)
{
    for (auto it = jobs_.begin(); it != jobs_.end();) {
        if (!running.count(it->first))
            it = jobs_.erase(it);
        else
            ++it;
    }
}

void ReportIntake::restore(const std::vector<ThroughputSample> &samples)
{
    for (const ThroughputSample &s : samples)
        accepted(s.job_id, s.report.seq, s.time);
}

}  // namespace accord::core
