// SiaApplication: how much training one of Sia's (and Pollux's) applications
// needs, from its validation-<B>.csv files (../shared/data/sia/profiles/<app>/:
// one row per epoch of a run at batch size B, with columns progress,
// iteration, metric, grad_sqr, grad_var).
//
// The unit of work is Pollux's "progress": iterations at the application's
// initial batch size B0 (the smallest validated one), counted with
// statistical efficiency, so a larger batch B makes less progress per sample
// (sia-simulator/applications.py and job.py, from petuum/adaptdl's simulator):
//   P(e)     = min over the files of `progress` after epoch e (P(0) = 0)
//   work     = P(E), E = the fewest epochs any file has (Sia's max_epochs:
//              bert 2, cifar10 100, deepspeech2 80, imagenet 90, ncf 10,
//              yolov3 50; the job completes when it crosses epoch E)
//   gain_e(B) = (var + sqr) / (var / (B / B0) + sqr), grad_sqr and grad_var
//              from row e of validation-<B>.csv (1 when the denominator is 0)
//   iterations(B) = sum over e < E of (P(e+1) - P(e)) / gain_e(B)
// so a job that trains at a fixed batch B finishes after iterations(B)
// steps of B, exactly as Sia's Job.step integrates it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace accord::sim {

class SiaApplication {
public:
    // Reads every validation-<B>.csv of `app_dir`; the application's name is
    // the directory's last component. Throws InputError naming the file,
    // line and field for a bad value (a progress that falls, a negative
    // gradient statistic), and the directory when it has no such file.
    static SiaApplication read(const std::string &app_dir);

    const std::string &name() const { return name_; }
    // The validated batch sizes, ascending; front() is B0, back() Sia's
    // max_batch_size.
    const std::vector<int> &batch_sizes() const { return batch_sizes_; }
    int init_batch_size() const { return batch_sizes_.front(); }
    int max_batch_size() const { return batch_sizes_.back(); }
    int epochs() const { return epochs_; }
    // P(E): the work to completion, in progress units.
    double total_progress() const { return total_progress_; }
    // Steps of `batch_size` to completion; empty when that batch size was
    // not validated.
    std::optional<double> iterations(int batch_size) const;

private:
    std::string name_;
    std::vector<int> batch_sizes_;
    int epochs_ = 0;
    double total_progress_ = 0;
    std::map<int, double> iterations_;
};

}  // namespace accord::sim
