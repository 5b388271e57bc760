// Fuzzes the records Accord keeps in a job's spank_job_env, which a forged
// submission can set: a GPU request rewrite's (plugin/core/rewrite_record)
// and earlier runs' service (plugin/core/service_record). A request read
// back must encode to itself, a service to a text read back as it.
#include <cstdlib>

#include "core/rewrite_record.h"
#include "core/service_record.h"
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
    auto service = accord::core::decode_service(text, error);
    if (service && (*service < 0 || *service > accord::core::kMaxServiceGpuS ||
                    accord::core::decode_service(accord::core::encode_service(*service), error) != service))
        abort();
    return 0;
}
