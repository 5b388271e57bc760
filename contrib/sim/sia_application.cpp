#include "sim/sia_application.h"

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "sim/csv_table.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

struct Epoch {
    double progress, grad_sqr, grad_var;
};

// B of "validation-<B>.csv", or 0 for any other name.
int validated_batch_size(const std::string &file)
{
    const std::string prefix = "validation-", suffix = ".csv";
    if (file.size() <= prefix.size() + suffix.size() || file.compare(0, prefix.size(), prefix) != 0 ||
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0)
        return 0;
    std::string digits = file.substr(prefix.size(), file.size() - prefix.size() - suffix.size());
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
        return 0;
    return std::stoi(digits);
}

std::map<int, std::string> validation_files(const std::string &dir)
{
    DIR *d = opendir(dir.c_str());
    if (!d)
        throw InputError(dir + ": cannot list: " + std::strerror(errno));
    std::map<int, std::string> files;
    while (dirent *e = readdir(d))
        if (int b = validated_batch_size(e->d_name))
            files[b] = dir + "/" + e->d_name;
    closedir(d);
    if (files.empty())
        throw InputError(dir + ": no validation-<batch size>.csv file");
    return files;
}

std::vector<Epoch> read_epochs(const std::string &path)
{
    CsvTable t = CsvTable::read(path, {"progress", "grad_sqr", "grad_var"});
    if (t.rows() == 0)
        throw InputError(path + ": no epochs");
    std::vector<Epoch> epochs;
    for (size_t r = 0; r < t.rows(); r++) {
        Epoch e{t.number(r, "progress", 0), t.number(r, "grad_sqr", 0), t.number(r, "grad_var", 0)};
        if (!epochs.empty() && e.progress < epochs.back().progress)
            t.reject(r, "progress", "is below the previous epoch's progress");
        epochs.push_back(e);
    }
    return epochs;
}

// Pollux's statistical efficiency of batch size `scale` x B0 relative to B0.
double gain(const Epoch &e, double scale)
{
    double denom = e.grad_var / scale + e.grad_sqr;
    return denom > 0 ? (e.grad_var + e.grad_sqr) / denom : 1.0;
}

}  // namespace

SiaApplication SiaApplication::read(const std::string &app_dir)
{
    SiaApplication app;
    std::string dir = app_dir;
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    app.name_ = dir.substr(dir.rfind('/') + 1);
    std::map<int, std::vector<Epoch>> runs;
    for (const auto &[batch, path] : validation_files(dir)) {
        runs[batch] = read_epochs(path);
        app.batch_sizes_.push_back(batch);
    }
    app.epochs_ = static_cast<int>(runs.begin()->second.size());
    for (const auto &run : runs)
        app.epochs_ = std::min(app.epochs_, static_cast<int>(run.second.size()));

    std::vector<double> progress(app.epochs_ + 1, 0.0);  // P(e)
    for (int e = 1; e <= app.epochs_; e++) {
        progress[e] = runs.begin()->second[e - 1].progress;
        for (const auto &run : runs)
            progress[e] = std::min(progress[e], run.second[e - 1].progress);
    }
    app.total_progress_ = progress[app.epochs_];
    if (!(app.total_progress_ > 0))
        throw InputError(dir + ": the validation files record no progress");

    for (const auto &[batch, epochs] : runs) {
        double scale = static_cast<double>(batch) / app.init_batch_size();
        double steps = 0;
        for (int e = 0; e < app.epochs_; e++)
            steps += (progress[e + 1] - progress[e]) / gain(epochs[e], scale);
        app.iterations_[batch] = steps;
    }
    return app;
}

std::optional<double> SiaApplication::iterations(int batch_size) const
{
    auto it = iterations_.find(batch_size);
    if (it == iterations_.end())
        return std::nullopt;
    return it->second;
}

}  // namespace accord::sim
