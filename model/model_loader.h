// Loads the learned throughput model without linking LibTorch: dlopens the
// module accord_model.so (built only where LibTorch is) and calls its C
// factory. Slurm-free and torch-free, shared by the plugin and accord-sim,
// and unit-tested against the built module. A missing module, a LibTorch
// that cannot load or a bad model file give a one-line reason instead of a
// model (the plugin then ranks with its table; accord-sim stops).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/throughput_model.h"

namespace accord::model {

constexpr const char *kModelModule = "accord_model.so";

struct LoadedModel {
    std::shared_ptr<ThroughputModel> model;  // closed by the module when released
    std::string error;                              // why there is no model, one line
};

// Where the module is looked for, first hit wins: the directory of the
// shared object holding this code (sched_accord.so: a build's .libs, or an
// install that put both side by side), then the package's pkglibdir.
std::vector<std::string> model_module_dirs();

// The same for a program (accord-sim): its own directory, that directory's
// .libs (where libtool leaves the module in a build tree), then pkglibdir.
std::vector<std::string> program_module_dirs();

// Opens the model file `path` (and `path`.json) through the module found
// first in `module_dirs`. The module stays loaded for the process's life:
// LibTorch's libraries cannot be unloaded cleanly.
LoadedModel load_model(const std::string &path, const std::vector<std::string> &module_dirs);

}  // namespace accord::model
