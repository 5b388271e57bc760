// Held-out evaluation against the baselines (see evaluation.h).
#include "model/evaluation.h"

#include <jansson.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "model/baselines.h"
#include "model/gpu_catalog.h"
#include "model/metrics.h"

namespace accord::model {

namespace {

enum Baseline { kNoInterference, kDeclaredSpeed, kMeanPerGpu, kNearest, kInterpolated, kBaselines };
const char *const kBaselineNames[kBaselines] = {"no interference (slowdown 1)", "declared GPU speed x GPUs",
                                                "mean per GPU type", "nearest neighbour (Gavel-like)",
                                                "interpolated neighbours (the model's input)"};

// Every fold's held-out truths and each estimate, pooled: the baselines',
// and the learned model's with each of the correction gates asked for.
struct Pooled {
    explicit Pooled(std::vector<CorrectionGates> gates) : gates(std::move(gates)), learned(this->gates.size()) {}
    std::vector<CorrectionGates> gates;
    std::vector<double> pair_truth, isolated_truth;
    std::vector<std::string> pair_group, isolated_group;  // the held-out job type each sample is of
    std::vector<double> pair[kBaselines], isolated[kBaselines];
    struct Learned {
        std::vector<double> pair, isolated, pair_uncertainty, isolated_uncertainty;
    };
    std::vector<Learned> learned;  // per gate
};

struct Fold {
    TrainingData train, test;
    std::vector<std::string> test_pair_group;  // per test pair: its held-out job type (the job's if both are)
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
        bool job_held = held(s.job_type, s.gpu_type);
        bool out = job_held || held(s.other_type, s.gpu_type);
        (out ? fold.test : fold.train).pairs.push_back(s);
        if (out)
            fold.test_pair_group.push_back(job_held ? s.job_type : s.other_type);
    }
    return fold;
}

template <typename Sample>
std::vector<Prediction> predictions_of(const LearnedModel &model, const std::vector<Sample> &samples)
{
    std::vector<Candidate> candidates;
    for (const Sample &s : samples)
        candidates.push_back(candidate_of(s));
    std::vector<Prediction> predictions(candidates.size());
    model.predict(candidates.data(), candidates.size(), predictions.data());
    return predictions;
}

void score_fold(const Fold &fold, const ModelOptions &options, Pooled &pooled)
{
    Baselines baselines(fold.train);
    pooled.pair_group.insert(pooled.pair_group.end(), fold.test_pair_group.begin(), fold.test_pair_group.end());
    for (const PairSample &s : fold.test.pairs) {
        pooled.pair_truth.push_back(s.slowdown);
        pooled.pair[kNoInterference].push_back(1.0);
        pooled.pair[kMeanPerGpu].push_back(baselines.mean_slowdown(s));
        pooled.pair[kNearest].push_back(baselines.nearest_slowdown(s));
        pooled.pair[kInterpolated].push_back(baselines.interpolated_slowdown(s));
    }
    for (const IsolatedSample &s : fold.test.isolated) {
        pooled.isolated_group.push_back(s.job_type);
        pooled.isolated_truth.push_back(s.relative);
        pooled.isolated[kDeclaredSpeed].push_back(baselines.declared_speed(s));
        pooled.isolated[kMeanPerGpu].push_back(baselines.mean_relative(s));
        pooled.isolated[kNearest].push_back(baselines.nearest_relative(s));
        pooled.isolated[kInterpolated].push_back(baselines.interpolated_relative(s));
    }
    LearnedModel model = train_model(fold.train, options);
    for (const auto &[name, descriptor] : gpu_catalog())
        model.declare_gpu_type(name, descriptor);
    for (size_t k = 0; k < pooled.gates.size(); k++) {
        model.set_gates(pooled.gates[k]);
        Pooled::Learned &learned = pooled.learned[k];
        for (const Prediction &p : predictions_of(model, fold.test.pairs)) {
            learned.pair.push_back(p.slowdown);
            learned.pair_uncertainty.push_back(p.uncertainty);
        }
        for (const Prediction &p : predictions_of(model, fold.test.isolated)) {
            learned.isolated.push_back(p.relative_throughput);
            learned.isolated_uncertainty.push_back(p.uncertainty);
        }
    }
}

Score score(const std::vector<double> &estimate, const std::vector<double> &truth)
{
    if (estimate.empty())
        return Score{std::nan(""), std::nan(""), 0};
    return Score{mape(estimate, truth), spearman(estimate, truth), truth.size()};
}

Score score(const std::vector<double> &estimate, const std::vector<double> &uncertainty,
            const std::vector<double> &truth)
{
    Score s = score(estimate, truth);
    std::vector<double> error;
    for (size_t i = 0; i < truth.size(); i++)
        error.push_back(std::fabs(estimate[i] - truth[i]) / truth[i]);
    s.uncertainty_spearman = spearman(uncertainty, error);
    return s;
}

// The inner split's rows name their gate (the same for both heads).
std::string learned_name(int members, const CorrectionGates *gates)
{
    std::string name = "learned model (ensemble of " + std::to_string(members) + ")";
    if (!gates)
        return name;
    char text[192];
    std::snprintf(text, sizeof text,
                  ", corrections x %.2g family, x %.2g nearest, x %.2g / %.2g declared (isolated / pairs), pairs "
                  "shrunk %.2g toward %s",
                  gates->relative.family, gates->relative.nearest, gates->relative.declared,
                  gates->slowdown.declared, gates->declared_pair_shrink, target_name(gates->declared_pair_target));
    return name + text;
}

// The inner split's table names each row's gates and gives MAPE to two
// decimals, enough to choose between them.
HoldoutTable table_of(const std::string &holdout, const Pooled &pooled, int members, bool inner = false)
{
    HoldoutTable table{holdout, {}, inner ? 2 : 1, {}};
    for (int b = 0; b < kBaselines; b++)
        table.rows.push_back(MethodScores{kBaselineNames[b], score(pooled.pair[b], pooled.pair_truth),
                                          score(pooled.isolated[b], pooled.isolated_truth)});
    for (size_t k = 0; k < pooled.gates.size(); k++)
        table.rows.push_back(MethodScores{learned_name(members, inner ? &pooled.gates[k] : nullptr),
                                          score(pooled.learned[k].pair, pooled.learned[k].pair_uncertainty,
                                                pooled.pair_truth),
                                          score(pooled.learned[k].isolated, pooled.learned[k].isolated_uncertainty,
                                                pooled.isolated_truth)});
    return table;
}

// The names numbered in order of first appearance (score_gap.h's groups).
std::vector<size_t> group_ids(const std::vector<std::string> &names)
{
    std::map<std::string, size_t> ids;
    std::vector<size_t> group;
    for (const std::string &name : names)
        group.push_back(ids.emplace(name, ids.size()).first->second);
    return group;
}

// The learned model (the pooled run's only gate) against each baseline
// with a score on both heads.
std::vector<GapRow> gaps_to_baselines(const Pooled &pooled)
{
    std::vector<size_t> pair_group = group_ids(pooled.pair_group), isolated_group = group_ids(pooled.isolated_group);
    const Pooled::Learned &learned = pooled.learned.front();
    auto pairs = [&](Metric metric, int b) {
        return score_gap(metric, learned.pair, pooled.pair[b], pooled.pair_truth, pair_group);
    };
    auto isolated = [&](Metric metric, int b) {
        return score_gap(metric, learned.isolated, pooled.isolated[b], pooled.isolated_truth, isolated_group);
    };
    std::vector<GapRow> rows;
    for (int b : {kMeanPerGpu, kNearest, kInterpolated})
        rows.push_back(GapRow{kBaselineNames[b], pairs(mape, b), pairs(spearman, b), isolated(mape, b),
                              isolated(spearman, b)});
    return rows;
}

std::string cell(double value, const char *format)
{
    if (std::isnan(value))
        return "—";
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string gap_cell(const ScoreGap &gap, const char *format)
{
    if (std::isnan(gap.difference))
        return "—";
    return cell(gap.difference, format) + " [" + cell(gap.low, format) + ", " + cell(gap.high, format) + "]";
}

std::string gaps_markdown(const std::vector<GapRow> &gaps)
{
    std::string text = "\nThe learned model's score minus each baseline's (MAPE: below 0 is better; Spearman: above "
                       "0), -+ 1.96 standard errors of a jackknife that leaves out one held-out job type at a "
                       "time (an interval that holds 0 does not tell the two apart):\n\n"
                       "| baseline | pairs MAPE | pairs Spearman | isolated MAPE | isolated Spearman |\n"
                       "| --- | ---: | ---: | ---: | ---: |\n";
    for (const GapRow &row : gaps)
        text += "| " + row.baseline + " | " + gap_cell(row.pairs_mape, "%+.1f") + " | " +
                gap_cell(row.pairs_spearman, "%+.3f") + " | " + gap_cell(row.isolated_mape, "%+.1f") + " | " +
                gap_cell(row.isolated_spearman, "%+.3f") + " |\n";
    return text;
}

json_t *score_json(const Score &s)
{
    auto number = [](double v) { return std::isnan(v) ? json_null() : json_real(v); };
    json_t *json = json_pack("{s:o, s:o, s:I}", "mape_percent", number(s.mape), "spearman", number(s.spearman),
                             "count", static_cast<json_int_t>(s.count));
    if (!std::isnan(s.uncertainty_spearman))
        json_object_set_new(json, "uncertainty_spearman", json_real(s.uncertainty_spearman));
    return json;
}

}  // namespace

HoldoutTable evaluate_job_folds(const TrainingData &data, const ModelOptions &options, int folds,
                                const Progress &progress)
{
    std::vector<std::string> types = data.job_types();
    Pooled pooled({options.gates});
    for (int f = 0; f < folds; f++) {
        std::set<std::string> held;
        for (size_t i = f; i < types.size(); i += folds)
            held.insert(types[i]);
        progress("job-type fold " + std::to_string(f + 1) + "/" + std::to_string(folds));
        score_fold(split(data, [&](const std::string &job, const std::string &) { return held.count(job) > 0; }),
                   options, pooled);
    }
    HoldoutTable table = table_of("job types (" + std::to_string(folds) + "-fold)", pooled, options.members);
    table.gaps = gaps_to_baselines(pooled);
    return table;
}

HoldoutTable evaluate_inner_split(const TrainingData &data, const ModelOptions &options, int folds,
                                  const Progress &progress)
{
    std::vector<std::string> types = data.job_types();
    std::vector<CorrectionGates> gates;
    for (double family : kInnerShares)
        for (double nearest : kInnerShares)
            gates.push_back({{family, nearest, options.gates.relative.declared},
                             {family, nearest, options.gates.slowdown.declared}});
    Pooled pooled(gates);
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
                    pooled, options.members, true);
}

HoldoutTable evaluate_gpu_folds(const TrainingData &data, const ModelOptions &options, const Progress &progress)
{
    Pooled pooled({options.gates});
    for (const std::string &gpu : data.gpu_types()) {
        progress("GPU-type fold " + gpu);
        score_fold(split(data, [&](const std::string &, const std::string &g) { return g == gpu; }), options,
                   pooled);
    }
    return table_of("GPU types (leave one out)", pooled, options.members);
}

HoldoutTable evaluate_gpu_inner_split(const TrainingData &data, const ModelOptions &options,
                                      const Progress &progress)
{
    std::vector<CorrectionGates> gates;
    for (double declared : kInnerShares) {
        CorrectionGates g = options.gates;
        g.relative.declared = g.slowdown.declared = declared;
        gates.push_back(g);
    }
    for (PairShrinkTarget target : {PairShrinkTarget::kTrainingMean, PairShrinkTarget::kTimeSharing})
        for (double shrink : kInnerShares) {
            CorrectionGates g = options.gates;
            g.declared_pair_shrink = shrink;
            g.declared_pair_target = target;
            gates.push_back(g);
        }
    Pooled pooled(gates);
    std::vector<std::string> gpus = data.gpu_types();
    for (size_t g = 0; g < gpus.size(); g++) {
        const std::string &outer = gpus[g], &inner = gpus[(g + 1) % gpus.size()];
        TrainingData train = split(data, [&](const std::string &, const std::string &gpu) { return gpu == outer; }).train;
        progress("inner split of GPU-type fold " + outer + ": " + inner);
        score_fold(split(train, [&](const std::string &, const std::string &gpu) { return gpu == inner; }), options,
                   pooled);
    }
    return table_of("inner split of the GPU-type folds' training types (the next type held out)", pooled,
                    options.members, true);
}

std::string markdown(const HoldoutTable &table)
{
    std::string text = "Held out: " + table.holdout + "\n\n";
    text += "| estimate | pairs MAPE % | pairs Spearman | isolated MAPE % | isolated Spearman "
            "| uncertainty vs error, pairs | uncertainty vs error, isolated |\n";
    text += "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    const char *mape_format = table.mape_decimals == 2 ? "%.2f" : "%.1f";
    for (const MethodScores &row : table.rows)
        text += "| " + row.method + " | " + cell(row.pairs.mape, mape_format) + " | " +
                cell(row.pairs.spearman, "%.3f") + " | " + cell(row.isolated.mape, mape_format) + " | " + cell(row.isolated.spearman, "%.3f") + " | " +
                cell(row.pairs.uncertainty_spearman, "%.3f") + " | " + cell(row.isolated.uncertainty_spearman, "%.3f") +
                " |\n";
    text += "\n(uncertainty vs error: Spearman of the learned model's uncertainty with its absolute relative "
            "error)\n";
    if (!table.rows.empty())
        text += "(" + std::to_string(table.rows.back().pairs.count) + " held-out pairs, " +
                std::to_string(table.rows.back().isolated.count) + " held-out isolated configurations)\n";
    if (!table.gaps.empty())
        text += gaps_markdown(table.gaps);
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
