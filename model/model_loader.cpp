// Finds and opens accord_model.so (see model_loader.h).
#include "model/model_loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace accord::model {

namespace {

using OpenFn = ThroughputModel *(*)(const char *, char *, size_t);
using CloseFn = void (*)(ThroughputModel *);

struct Module {
    OpenFn open = nullptr;
    CloseFn close = nullptr;
    std::string error;
};

std::string directory_of(const std::string &file)
{
    size_t slash = file.rfind('/');
    return slash == std::string::npos ? "." : file.substr(0, slash);
}

// The first existing module in `dirs`. A module that exists but does not
// load (LibTorch missing) is reported with dlerror's reason.
Module open_module(const std::vector<std::string> &dirs)
{
    Module m;
    for (const auto &dir : dirs) {
        std::string path = dir + "/" + kModelModule;
        if (access(path.c_str(), F_OK) != 0)
            continue;
        void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            m.error = std::string("cannot load ") + dlerror();
            return m;
        }
        m.open = reinterpret_cast<OpenFn>(dlsym(handle, "accord_model_open"));
        m.close = reinterpret_cast<CloseFn>(dlsym(handle, "accord_model_close"));
        if (!m.open || !m.close)
            m.error = path + " lacks accord_model_open/accord_model_close";
        return m;
    }
    std::string tried;
    for (const auto &dir : dirs)
        tried += (tried.empty() ? "" : ", ") + dir;
    m.error = std::string("no ") + kModelModule + " in " + (tried.empty() ? "no directory" : tried) +
              " (Accord built without LibTorch?)";
    return m;
}

}  // namespace

std::vector<std::string> model_module_dirs()
{
    std::vector<std::string> dirs;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&model_module_dirs), &info) && info.dli_fname)
        dirs.push_back(directory_of(info.dli_fname));
    dirs.push_back(ACCORD_PKGLIBDIR);
    return dirs;
}

std::vector<std::string> program_module_dirs()
{
    std::vector<std::string> dirs;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        std::string dir = directory_of(std::string(exe, static_cast<size_t>(n)));
        dirs.push_back(dir);
        dirs.push_back(dir + "/.libs");
    }
    dirs.push_back(ACCORD_PKGLIBDIR);
    return dirs;
}

LoadedModel load_model(const std::string &path, const std::vector<std::string> &module_dirs)
{
    LoadedModel loaded;
    // Checked first so that a missing file does not load LibTorch for nothing.
    if (access(path.c_str(), R_OK) != 0) {
        loaded.error = path + ": " + std::strerror(errno);
        return loaded;
    }
    Module module = open_module(module_dirs);
    if (!module.error.empty()) {
        loaded.error = module.error;
        return loaded;
    }
    char error[512] = "";
    ThroughputModel *opened = module.open(path.c_str(), error, sizeof error);
    if (!opened) {
        loaded.error = *error ? error : path + ": cannot open the model";
        return loaded;
    }
    loaded.model.reset(opened, module.close);
    return loaded;
}

}  // namespace accord::model
