// Fuzzes Gavel's throughput table JSON (contrib/sim/throughput_table):
// loaded, or an InputError naming the file and entry.
#include "fuzz_input.h"
#include "sim/input_error.h"
#include "sim/throughput_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("throughputs.json", accord::fuzz::text(data, size));
    try {
        auto table = accord::sim::ThroughputTable::load_gavel(path);
        for (const std::string &type : table.gpu_types())
            for (const std::string &job : table.job_types())
                table.isolated(type, job, 1);
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
