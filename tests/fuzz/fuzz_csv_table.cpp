// Fuzzes the CSV reader (contrib/sim/csv_table) and its field checks.
#include "fuzz_input.h"
#include "sim/csv_table.h"
#include "sim/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("table.csv", accord::fuzz::text(data, size));
    try {
        auto table = accord::sim::CsvTable::read(path, {"name"});
        for (size_t row = 0; row < table.rows(); row++) {
            table.text(row, "name");
            try {
                table.number(row, "name", 0);
            } catch (const accord::sim::InputError &) {
            }
            table.whole(row, "name", -1000, 1000);
        }
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
