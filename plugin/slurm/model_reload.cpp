#include "slurm/model_reload.h"

#include <sys/stat.h>

#include <utility>

#include "model/model_loader.h"

namespace accord::slurm {

namespace {

FileStamp stamp_of(const std::string &path)
{
    struct stat st {};
    if (stat(path.c_str(), &st) != 0)
        return {};
    return {true, static_cast<int64_t>(st.st_size),
            static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

std::vector<FileStamp> stamps_of(const std::string &path)
{
    return {stamp_of(path), stamp_of(path + ".json")};
}

}  // namespace

ReloadableModel::ReloadableModel(std::vector<std::string> module_dirs) : module_dirs_(std::move(module_dirs)) {}

std::string ReloadableModel::name() const
{
    size_t slash = model_path_.rfind('/');
    return "learned model " + (slash == std::string::npos ? model_path_ : model_path_.substr(slash + 1));
}

RefreshResult ReloadableModel::refresh(const std::string &path)
{
    if (path.empty()) {
        tried_path_.clear();
        tried_stamps_.clear();
        if (!model_)
            return {};
        model_.reset();
        return {"accord_model unset: ranking GPU types by accord_gpu_speed", false};
    }
    std::vector<FileStamp> stamps = stamps_of(path);
    if (path == tried_path_ && stamps == tried_stamps_)
        return {};
    tried_path_ = path;
    tried_stamps_ = stamps;
    model::LoadedModel loaded = model::load_model(path, module_dirs_);
    if (!loaded.model) {
        std::string fallback = model_ ? "keeping " + model_path_ : "ranking GPU types by accord_gpu_speed";
        return {"accord_model=" + path + ": " + loaded.error + "; " + fallback, true};
    }
    model_ = std::move(loaded.model);
    model_path_ = path;
    return {"loaded accord_model=" + path + " (" + std::to_string(model_->families().size()) + " model families, " +
                std::to_string(model_->gpu_types().size()) + " GPU types)",
            false};
}

}  // namespace accord::slurm
