// Fuzzes reading a sample file (core/sample_store): any file content gives
// samples and skipped lines, never a crash.
#include "core/sample_store.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("accord-samples.log", accord::fuzz::text(data, size));
    accord::core::SampleLog log;
    accord::core::read_sample_file(path, log);
    return 0;
}
