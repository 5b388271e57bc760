// Fuzzes the progress report tag in a job's Comment (core/progress_report):
// finding it, merging a report into the Comment and the SystemComment note.
#include "core/progress_report.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace accord::core;
    std::string comment = accord::fuzz::text(data, size);
    FoundReport found = find_report(comment);
    if (found.report && (found.report->rate <= 0 || found.report->rate > kMaxRate))
        __builtin_trap();
    check_rate(comment);
    ProgressReport report{ReportMetric::SamplesPerSecond, 12.5, 7};
    MergedComment merged = with_report(comment, report);
    if (!merged.comment.empty() && merged.comment.size() > kMaxCommentLength)
        __builtin_trap();
    with_report_note(comment, "last report: 12.5 samples/s");
    return 0;
}
