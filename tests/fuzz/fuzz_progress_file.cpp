// Fuzzes the emulator's checkpoint file (contrib/emulator/progress_file):
// a step count, or an InputError naming the file.
#include "emulator/progress_file.h"
#include "fuzz_input.h"
#include "sim/input_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string path = accord::fuzz::write_file("progress", accord::fuzz::text(data, size));
    try {
        double steps = accord::emu::read_progress(path);
        if (!(steps >= 0))
            __builtin_trap();
    } catch (const accord::sim::InputError &) {
    }
    return 0;
}
