// Loads the learned throughput model without linking LibTorch: dlopens the
// module accord_model.so (built only where LibTorch is) and calls its C
// factory. Slurm-free, so it is unit-tested against the built module. A
// missing module, a LibTorch that cannot load or a bad model file give a
// one-line reason instead of a model, and the plugin ranks with its table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/throughput_model.h"

namespace accord::slurm {

constexpr const char *kModelModule = "accord_model.so";

struct LoadedModel {
    std::shared_ptr<model::ThroughputModel> model;  // closed by the module when released
    std::string error;                              // why there is no model, one line
};

// Where the module is looked for, first hit wins: the directory of the
// shared object holding this code (sched_accord.so: a build's .libs, or an
// install that put both side by side), then the package's pkglibdir.
std::vector<std::string> model_module_dirs();

// Opens the model file `path` (and `path`.json) through the module found
// first in `module_dirs`. The module stays loaded for the process's life:
// LibTorch's libraries cannot be unloaded cleanly.
LoadedModel load_model(const std::string &path, const std::vector<std::string> &module_dirs);

}  // namespace accord::slurm
