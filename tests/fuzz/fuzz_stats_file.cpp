// Fuzzes accord-ctl's reader of accord-stats.json (contrib/ctl/stats_file):
// parsed, or refused with a StatsError.
#include "ctl/stats_file.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        accord::ctl::StatsFile stats = accord::ctl::parse_stats(accord::fuzz::text(data, size), "accord-stats.json");
        accord::ctl::staleness(stats, 1700000000);
    } catch (const accord::ctl::StatsError &) {
    }
    return 0;
}
