// Held-out evaluation against the baselines (see evaluation.h).
#include "model/evaluation.h"

#include <jansson.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <set>

#include "model/baselines.h"
#include "model/gpu_catalog.h"
#include "model/metrics.h"

namespace accord::model {

namespace {

enum Method { kNoInterference, kDeclaredSpeed, kMeanPerGpu, kNearest, kLearned, kMethods };
const char *const kMethodNames[kMethods] = {"no interference (slowdown 1)", "declared GPU speed x GPUs",
                                            "mean per GPU type", "nearest neighbour (Gavel-like)",
                                            "learned model"};

// Every fold's held-out truths and each method's estimates, pooled.
struct Pooled {
    std::vector<double> pair_truth, isolated_truth;
    std::vector<double> pair[kMethods], isolated[kMethods];
};

struct Fold {
    TrainingData train, test;
};

bool is_reference(const IsolatedSample &s) { return s.gpu_type == kReferenceGpu && s.gpus == 1 && !s.spread; }

Fold split(const TrainingData &data, const std::function<bool(const std::string &job, const std::string &gpu)> &held)
{
    Fold fold;
    for (const IsolatedSample &s : data.isolated) {
        if (!held(s.job_type, s.gpu_type))
            fold.train.isolated.push_back(s);
        else if (!is_reference(s))
            fold.test.isolated.push_back(s);
    }
    for (const PairSample &s : data.pairs) {
        bool out = held(s.job_type, s.gpu_type) || held(s.other_type, s.gpu_type);
        (out ? fold.test : fold.train).pairs.push_back(s);
    }
    return fold;
}

void score_fold(const Fold &fold, const ModelOptions &options, Pooled &pooled)
{
    Baselines baselines(fold.train);
    LearnedModel model = train_model(fold.train, options);
    for (const auto &[name, descriptor] : gpu_catalog())
        model.declare_gpu_type(name, descriptor);
    std::vector<Candidate> pair_candidates;
    for (const PairSample &s : fold.test.pairs)
        pair_candidates.push_back(candidate_of(s));
    std::vector<Prediction> pair_predictions(pair_candidates.size());
    model.predict(pair_candidates.data(), pair_candidates.size(), pair_predictions.data());
    for (size_t i = 0; i < pair_candidates.size(); i++) {
        const PairSample &s = fold.test.pairs[i];
        pooled.pair_truth.push_back(s.slowdown);
        pooled.pair[kNoInterference].push_back(1.0);
        pooled.pair[kMeanPerGpu].push_back(baselines.mean_slowdown(s));
        pooled.pair[kNearest].push_back(baselines.nearest_slowdown(s));
        pooled.pair[kLearned].push_back(pair_predictions[i].slowdown);
    }
    std::vector<Candidate> candidates;
    for (const IsolatedSample &s : fold.test.isolated)
        candidates.push_back(candidate_of(s));
    std::vector<Prediction> predictions(candidates.size());
    model.predict(candidates.data(), candidates.size(), predictions.data());
    for (size_t i = 0; i < candidates.size(); i++) {
        const IsolatedSample &s = fold.test.isolated[i];
        pooled.isolated_truth.push_back(s.relative);
        pooled.isolated[kDeclaredSpeed].push_back(baselines.declared_speed(s));
        pooled.isolated[kMeanPerGpu].push_back(baselines.mean_relative(s));
        pooled.isolated[kNearest].push_back(baselines.nearest_relative(s));
        pooled.isolated[kLearned].push_back(predictions[i].relative_throughput);
    }
}

Score score(const std::vector<double> &estimate, const std::vector<double> &truth)
{
    if (estimate.empty())
        return Score{std::nan(""), std::nan(""), 0};
    return Score{mape(estimate, truth), spearman(estimate, truth), truth.size()};
}

HoldoutTable table_of(const std::string &holdout, const Pooled &pooled, int members)
{
    HoldoutTable table{holdout, {}};
    for (int m = 0; m < kMethods; m++) {
        std::string name = kMethodNames[m];
        if (m == kLearned)
            name += " (ensemble of " + std::to_string(members) + ")";
        table.rows.push_back(MethodScores{name, score(pooled.pair[m], pooled.pair_truth),
                                          score(pooled.isolated[m], pooled.isolated_truth)});
    }
    return table;
}

std::string cell(double value, const char *format)
{
    if (std::isnan(value))
        return "—";
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

json_t *score_json(const Score &s)
{
    auto number = [](double v) { return std::isnan(v) ? json_null() : json_real(v); };
    return json_pack("{s:o, s:o, s:I}", "mape_percent", number(s.mape), "spearman", number(s.spearman), "count",
                     static_cast<json_int_t>(s.count));
}

}  // namespace

HoldoutTable evaluate_job_folds(const TrainingData &data, const ModelOptions &options, int folds,
                                const Progress &progress)
{
    std::vector<std::string> types = data.job_types();
    Pooled pooled;
    for (int f = 0; f < folds; f++) {
        std::set<std::string> held;
        for (size_t i = f; i < types.size(); i += folds)
            held.insert(types[i]);
        progress("job-type fold " + std::to_string(f + 1) + "/" + std::to_string(folds));
        score_fold(split(data, [&](const std::string &job, const std::string &) { return held.count(job) > 0; }),
                   options, pooled);
    }
    return table_of("job types (" + std::to_string(folds) + "-fold)", pooled, options.members);
}

HoldoutTable evaluate_inner_split(const TrainingData &data, const ModelOptions &options, int folds,
                                  const Progress &progress)
{
    std::vector<std::string> types = data.job_types();
    Pooled pooled;
    for (int f = 0; f < folds; f++) {
        std::set<std::string> outer;
        for (size_t i = f; i < types.size(); i += folds)
            outer.insert(types[i]);
        TrainingData train = split(data, [&](const std::string &job, const std::string &) {
                                 return outer.count(job) > 0;
                             }).train;
        std::vector<std::string> inner_types = train.job_types();
        std::set<std::string> inner;
        for (size_t i = 0; i < inner_types.size(); i += kInnerFolds)
            inner.insert(inner_types[i]);
        progress("inner split of job-type fold " + std::to_string(f + 1) + "/" + std::to_string(folds));
        score_fold(split(train, [&](const std::string &job, const std::string &) { return inner.count(job) > 0; }),
                   options, pooled);
    }
    return table_of("inner split of the job-type folds' training types (" + std::to_string(folds) + " folds)",
                    pooled, options.members);
}

HoldoutTable evaluate_gpu_folds(const TrainingData &data, const ModelOptions &options, const Progress &progress)
{
    Pooled pooled;
    for (const std::string &gpu : data.gpu_types()) {
        progress("GPU-type fold " + gpu);
        score_fold(split(data, [&](const std::string &, const std::string &g) { return g == gpu; }), options,
                   pooled);
    }
    return table_of("GPU types (leave one out)", pooled, options.members);
}

std::string markdown(const HoldoutTable &table)
{
    std::string text = "Held out: " + table.holdout + "\n\n";
    text += "| estimate | pairs MAPE % | pairs Spearman | isolated MAPE % | isolated Spearman |\n";
    text += "| --- | ---: | ---: | ---: | ---: |\n";
    for (const MethodScores &row : table.rows)
        text += "| " + row.method + " | " + cell(row.pairs.mape, "%.1f") + " | " + cell(row.pairs.spearman, "%.3f") +
                " | " + cell(row.isolated.mape, "%.1f") + " | " + cell(row.isolated.spearman, "%.3f") + " |\n";
    if (!table.rows.empty())
        text += "\n(" + std::to_string(table.rows.back().pairs.count) + " held-out pairs, " +
                std::to_string(table.rows.back().isolated.count) + " held-out isolated configurations)\n";
    return text;
}

std::string json_text(const std::vector<HoldoutTable> &tables)
{
    json_t *root = json_object();
    for (const HoldoutTable &table : tables) {
        json_t *rows = json_object();
        for (const MethodScores &row : table.rows)
            json_object_set_new(rows, row.method.c_str(),
                                json_pack("{s:o, s:o}", "pairs", score_json(row.pairs), "isolated",
                                          score_json(row.isolated)));
        json_object_set_new(root, table.holdout.c_str(), rows);
    }
    char *dumped = json_dumps(root, JSON_SORT_KEYS);
    std::string text = dumped ? dumped : "{}";
    free(dumped);
    json_decref(root);
    return text;
}

}  // namespace accord::model
