// Honest evaluation: the model and the baselines are built from a fold's
// training samples only and scored on samples of job types (or GPU types)
// they never saw. Folds:
//  - job types: k folds, job type i (sorted by name) held out in fold i % k;
//    a pair is held out when either job is;
//  - GPU types: one fold per GPU type; its prior is the catalog's
//    declared descriptors.
// The reference samples (one reference GPU, alone: 1 by definition) are
// never scored. Scores pool every fold's held-out predictions.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "model/model_training.h"
#include "model/score_gap.h"
#include "model/training_data.h"

namespace accord::model {

struct Score {
    double mape = 0;      // %
    double spearman = 0;  // NaN when undefined (a constant estimate)
    size_t count = 0;     // 0: not applicable
    // Of the learned model's uncertainty with its absolute relative error:
    // whether it knows where it is wrong. NaN for the baselines.
    double uncertainty_spearman = std::nan("");
};

struct MethodScores {
    std::string method;
    Score pairs, isolated;
};

// The learned model's MAPE and Spearman minus a baseline's, each with its
// jackknife interval over the held-out job types (score_gap.h).
struct GapRow {
    std::string baseline;
    ScoreGap pairs_mape, pairs_spearman, isolated_mape, isolated_spearman;
};

struct HoldoutTable {
    std::string holdout;  // what the folds hold out
    std::vector<MethodScores> rows;
    int mape_decimals = 1;  // in markdown
    std::vector<GapRow> gaps;  // held-out job types only
};

using Progress = std::function<void(const std::string &)>;

HoldoutTable evaluate_job_folds(const TrainingData &data, const ModelOptions &options, int folds,
                                const Progress &progress);
// For choosing settings without the held-out scores: in each job-type
// fold, only its training samples, of which every kInnerFolds-th training
// job type (sorted) is held out and scored; pooled over the folds. The
// learned model is scored with every pair of correction shares of
// kInnerShares (family, nearest; the same for both heads; the same
// networks), one row each: a head's gate is the row best for its column.
constexpr int kInnerFolds = 4;
constexpr double kInnerShares[] = {0, 0.25, 0.5, 0.75, 1};
HoldoutTable evaluate_inner_split(const TrainingData &data, const ModelOptions &options, int folds,
                                  const Progress &progress);
HoldoutTable evaluate_gpu_folds(const TrainingData &data, const ModelOptions &options, const Progress &progress);
// The same for GPU types, for the declared share (correction_gate.h): in
// each GPU-type fold, only its training samples, of which the next GPU
// type in sorted order (cyclically) is held out
// and predicted from its declared descriptors; pooled over the folds. One
// row per declared share of kInnerShares (the same for both heads; the
// other shares as in `options`; the same networks), then one per
// declared_pair_shrink of kInnerShares for each declared_pair_target (the
// shares as in `options`).
HoldoutTable evaluate_gpu_inner_split(const TrainingData &data, const ModelOptions &options,
                                      const Progress &progress);

std::string markdown(const HoldoutTable &table);
std::string json_text(const std::vector<HoldoutTable> &tables);

}  // namespace accord::model
