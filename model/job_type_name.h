// Job type names of the measured data as the model's Job: Gavel's and
// Sia's "<family> (batch size <B>)", or a bare family ("A3C", "cifar10")
// whose batch size is unknown.
#pragma once

#include <string>

#include "model/throughput_model.h"

namespace accord::model {

Job job_of_type(const std::string &job_type);

}  // namespace accord::model
