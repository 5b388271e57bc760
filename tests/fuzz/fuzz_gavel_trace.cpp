// Fuzzes Gavel's and Shockwave's job traces (contrib/sim/gavel_trace).
#include "fuzz_input.h"
#include "sim/gavel_trace.h"
#include "sim/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("jobs.trace", accord::fuzz::text(data, size));
    try {
        for (const auto &job : accord::sim::read_gavel_trace(path))
            accord::sim::job_label(job);
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
