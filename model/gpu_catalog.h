// Built-in descriptors of the GPU types in the measured data (spec-sheet
// figures per GPU as the schedulers count GPUs: one K80 die, SXM2 V100).
// relative_speed is the prior an administrator would declare: FP32 TFLOPS
// over the V100's, our stated default, not a measurement.
#pragma once

#include <map>
#include <string>

#include "model/throughput_model.h"

namespace accord::model {

// Keyed by the data's GPU type names: k80 p100 v100 (Gavel), t4 v100 a100
// quadro rtx2080ti (Sia).
const std::map<std::string, GpuDescriptor> &gpu_catalog();

}  // namespace accord::model
