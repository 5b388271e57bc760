// Fuzzes one line of the sample file (core/throughput_sample): parsed or
// refused; a parsed sample written again reads back the same.
#include "core/throughput_sample.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace accord::core;
    ParsedSample parsed = parse_sample_line(accord::fuzz::text(data, size));
    if (parsed.sample) {
        std::string line = sample_line(*parsed.sample);
        if (!line.empty() && !parse_sample_line(std::string_view(line).substr(0, line.size() - 1)).sample)
            __builtin_trap();
    }
    return 0;
}
