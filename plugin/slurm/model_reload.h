// The model the agent ranks with, and when to (re)load it: at start-up and
// at each reconfigure, only when accord_model names another file or the
// file or its metadata changed (size or modification time). A load that
// fails keeps the model in use; either way the caller logs the one line
// refresh() returns. Slurm-free.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/throughput_model.h"

namespace accord::slurm {

struct FileStamp {
    bool exists = false;
    int64_t size = 0;
    int64_t mtime_ns = 0;
    bool operator==(const FileStamp &o) const
    {
        return exists == o.exists && size == o.size && mtime_ns == o.mtime_ns;
    }
};

struct RefreshResult {
    std::string line;   // what happened, for the log; "" when nothing changed
    bool error = false; // the line reports a failure
};

class ReloadableModel {
public:
    explicit ReloadableModel(std::vector<std::string> module_dirs);
    // `path` is accord_model's value ("" when unset).
    RefreshResult refresh(const std::string &path);
    const model::ThroughputModel *model() const { return model_.get(); }
    // "learned model m.pt": how users are told what ranked their job.
    std::string name() const;

private:
    std::vector<std::string> module_dirs_;
    std::string tried_path_;                // the last file a load was tried from
    std::vector<FileStamp> tried_stamps_;   // it and its metadata as they were then
    std::shared_ptr<model::ThroughputModel> model_;
    std::string model_path_;                // the file model_ came from
};

}  // namespace accord::slurm
