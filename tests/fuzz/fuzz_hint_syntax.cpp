// Fuzzes the SPANK hint values (plugin/spank/hint_syntax): each checker
// gives a value or an error, and shown() quotes any text.
#include "fuzz_input.h"
#include "spank/hint_syntax.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string_view text(reinterpret_cast<const char *>(data), size);
    namespace h = accord::hints;
    auto model = h::check_model(text);
    auto types = h::check_gpu_types(text);
    auto gpus = h::check_gpus(text);
    if (gpus.value && (gpus.value->min < 1 || gpus.value->min > gpus.value->max || gpus.value->max > h::kMaxGpus))
        __builtin_trap();
    if (types.value && (types.value->empty() || types.value->size() > h::kMaxGpuTypes))
        __builtin_trap();
    if (model.value && model.value->size() > h::kMaxNameLength)
        __builtin_trap();
    h::shown(text);
    return 0;
}
