// Fuzzes the cluster spec string "TYPE:NODESxGPUS,..." (contrib/sim/cluster_spec).
#include "fuzz_input.h"
#include "sim/cluster_spec.h"
#include "sim/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        accord::sim::parse_cluster_spec(accord::fuzz::text(data, size));
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
