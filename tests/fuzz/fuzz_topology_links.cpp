// Fuzzes the text form of a node's GPU links (core/gpu_topology_text), the
// lines sched_accord reads from accord-topology: a topology that prints
// back to the same text, or std::invalid_argument, never a crash.
#include "core/gpu_topology_text.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text = accord::fuzz::text(data, size);
    try {
        accord::core::GpuTopology t = accord::core::links_from_text(text);
        if (accord::core::links_text(t) != text)
            throw std::logic_error("links text does not round-trip");
    } catch (const std::invalid_argument &) {
    }
    return 0;
}
