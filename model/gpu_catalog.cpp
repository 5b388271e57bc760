// Spec-sheet descriptors of the measured GPU types (see gpu_catalog.h).
#include "model/gpu_catalog.h"

namespace accord::model {

namespace {

GpuDescriptor spec(double tflops, double memory_gb, double bandwidth_gbs)
{
    const double v100_tflops = 15.7;
    return GpuDescriptor{tflops / v100_tflops, tflops, memory_gb, bandwidth_gbs};
}

}  // namespace

const std::map<std::string, GpuDescriptor> &gpu_catalog()
{
    static const std::map<std::string, GpuDescriptor> catalog = {
        {"k80", spec(4.37, 12, 240)},     {"p100", spec(9.3, 16, 732)},
        {"v100", spec(15.7, 16, 900)},    {"t4", spec(8.1, 16, 320)},
        {"rtx2080ti", spec(13.4, 11, 616)}, {"quadro", spec(16.3, 24, 672)},
        {"a100", spec(19.5, 40, 1555)},
    };
    return catalog;
}

}  // namespace accord::model
