// Fuzzes sacct's parsable output (contrib/sim/sacct_records).
#include "fuzz_input.h"
#include "sim/input_error.h"
#include "sim/sacct_records.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text = accord::fuzz::text(data, size);
    try {
        accord::sim::parse_sacct(text, "sacct.txt");
    } catch (const accord::sim::InputError &) {
    }
    accord::sim::parse_sacct_time(text);
    return 0;
}
