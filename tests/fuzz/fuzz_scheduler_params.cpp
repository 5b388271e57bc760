// Fuzzes SchedulerParameters parsing (plugin/core/scheduler_params): any
// text gives settings plus errors, never a crash.
#include "core/scheduler_params.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::vector<std::string> errors;
    accord::core::SchedulerParams params = accord::core::parse_scheduler_params(accord::fuzz::text(data, size), errors);
    accord::core::main_scheduler_warnings(params);
    return 0;
}
