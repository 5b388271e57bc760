// Fuzzes the GPU topology reader (plugin/topology/hwloc_gpus) through
// hwloc's XML import: any text gives a topology or std::runtime_error
// saying why not, never a crash. Only the reader is instrumented; hwloc
// itself is the system's library.
#include "fuzz_input.h"
#include "topology/hwloc_gpus.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        accord::core::GpuTopology t = accord::topology::gpu_topology_from_xml(accord::fuzz::text(data, size));
        std::vector<int> all;
        for (int g = 0; g < t.gpus(); g++)
            all.push_back(g);
        t.span(t.closest(all, (t.gpus() + 1) / 2));
    } catch (const std::runtime_error &) {
    }
    return 0;
}
