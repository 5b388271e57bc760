// Fuzzes the record a GPU request rewrite keeps in a job's spank_job_env
// (plugin/core/rewrite_record), which a forged submission can set: a value
// read back must encode to itself.
#include <cstdlib>

#include "core/rewrite_record.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text = accord::fuzz::text(data, size);
    std::string error;
    auto forms = accord::core::decode_forms(text, error);
    if (forms && accord::core::encode_forms(*forms) != text)
        abort();
    if (forms)
        accord::core::back_to_submitted({*forms, *forms}, *forms);
    return 0;
}
