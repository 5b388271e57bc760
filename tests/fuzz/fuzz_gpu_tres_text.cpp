// Fuzzes the plugin's TRES request text (plugin/slurm/gpu_tres_text): the
// first input line is the TRES string, the second a GPU type.
#include "fuzz_input.h"
#include "slurm/gpu_tres_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text = accord::fuzz::text(data, size);
    size_t cut = text.find('\n');
    std::string tres = text.substr(0, cut);
    std::string type = cut == std::string::npos ? "a100" : text.substr(cut + 1);
    accord::slurm::with_gpu_type(tres, type);
    accord::slurm::gpu_items_text(tres, "/node");
    accord::slurm::has_untyped_gpu(tres);
    accord::slurm::first_gpu_count(tres);
    return 0;
}
