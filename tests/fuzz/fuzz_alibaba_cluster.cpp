// Fuzzes Alibaba PAI's machine list (contrib/sim/alibaba_cluster), scaled
// down 10x over a table that knows p100, t4 and v100.
#include "fuzz_input.h"
#include "sim/alibaba_cluster.h"
#include "sim/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("pai_machine_spec.csv", accord::fuzz::text(data, size));
    try {
        accord::sim::alibaba_cluster_spec(path, 10, {"p100", "t4", "v100"});
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
