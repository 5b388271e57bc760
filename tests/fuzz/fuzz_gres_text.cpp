// Fuzzes accord-ctl's GRES text (contrib/ctl/gres_text): counts, or
// std::invalid_argument quoting the bad item.
#include "ctl/gres_text.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        accord::ctl::gpu_counts(accord::fuzz::text(data, size));
    } catch (const std::invalid_argument &) {
    }
    return 0;
}
