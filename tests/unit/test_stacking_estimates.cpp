// Unit tests for the learned model's stacking estimates and correction
// gates (feature schema 3 on): interpolation over a family's batch sizes
// (model/batch_interpolation.h), the interpolated neighbour estimates (completed
// across GPU types and counts) with
// their kinds and left-out samples (model/neighbour_estimates.h), and how a
// prediction takes a gated share of the networks' correction, with the
// members' spread as its uncertainty (model/correction_gate.h,
// model/learned_model.h). Models are tiny (hidden 8, 40 steps).
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "model/baselines.h"
#include "model/batch_interpolation.h"
#include "model/model_training.h"
#include "model/neighbour_estimates.h"
#include "tiny_training_data.h"

using namespace accord::model;

namespace {

void assert_close(double a, double b)
{
    if (std::fabs(a - b) > 1e-5 * std::max(1.0, std::fabs(b)))
        fail_msg("%.17g is not within 1e-5 of %.17g", a, b);
}

void assert_estimate(const Estimate &e, double log_value, double distance, EstimateKind kind)
{
    assert_close(e.log_value, log_value);
    assert_close(e.distance, distance);
    assert_int_equal(static_cast<int>(e.kind), static_cast<int>(kind));
}

// log(a) + t x (log(b) - log(a)): on the line in log space.
double on_line(double a, double b, double t) { return std::log(a) + t * (std::log(b) - std::log(a)); }

// ---- interpolation over batch sizes ---------------------------------------------

void test_interpolates_between_batch_sizes(void **)
{
    std::vector<BatchPoint> points = {{6, std::log(0.6)}, {5, std::log(0.5)}};
    assert_close(*interpolate_over_batch(points, 5.25, false), on_line(0.5, 0.6, 0.25));
    assert_close(*interpolate_over_batch(points, 6, true), std::log(0.6));
}

void test_extends_beyond_the_batch_sizes_only_when_asked(void **)
{
    std::vector<BatchPoint> points = {{5, std::log(0.5)}, {6, std::log(0.6)}, {8, std::log(0.9)}};
    assert_close(*interpolate_over_batch(points, 9, true), on_line(0.6, 0.9, 1.5));
    assert_close(*interpolate_over_batch(points, 4, true), on_line(0.5, 0.6, -1));
    assert_close(*interpolate_over_batch(points, 9, false), std::log(0.9));
    assert_close(*interpolate_over_batch({{5, std::log(0.5)}}, 9, true), std::log(0.5));
    assert_false(interpolate_over_batch({}, 5, true).has_value());
}

void test_points_of_one_batch_size_count_as_their_mean(void **)
{
    std::vector<BatchPoint> points = {{5, 0.2}, {5, 0.4}, {6, 0.5}};
    assert_close(*interpolate_over_batch(points, 5.5, false), (0.3 + 0.5) / 2);
}

// ---- interpolated neighbour estimates -------------------------------------------

const Job kR32{"ResNet-18", 32}, kR45{"ResNet-18", 45}, kR64{"ResNet-18", 64}, kR128{"ResNet-18", 128},
    kB{"LM", 10};

NeighbourEstimates neighbours()
{
    NeighbourSamples n;
    n.isolated = {{kR32, "k80", 1, false, 0.5}, {kR64, "k80", 1, false, 0.6}, {kR128, "k80", 1, false, 0.9},
                  {kB, "k80", 1, false, 0.9},   {kR32, "v100", 1, false, 1.0}};
    n.pairs = {{kR32, kB, "k80", 1, 0.5}, {kR64, kB, "k80", 1, 0.7},   {kB, kR32, "k80", 1, 0.8},
               {kB, kR64, "k80", 1, 0.6}, {kR32, kR64, "k80", 1, 0.9}, {kR64, kR64, "k80", 1, 0.4}};
    return NeighbourEstimates(n, {{"k80", 0.3}, {"v100", 1.0}});
}

void test_isolated_estimate_interpolates_over_the_family(void **)
{
    NeighbourEstimates n = neighbours();
    auto alone = [&](const Job &job, const char *gpu, int gpus, LeaveOut leave) {
        return n.interpolated_log_relative(job, gpu, gpu[0] == 'k' ? 0.3 : 1.0, gpus, false, leave);
    };
    double t45 = std::log2(45.0 / 32);
    assert_estimate(alone(kR45, "k80", 1, LeaveOut::kNothing), on_line(0.5, 0.6, t45), t45, EstimateKind::kFamily);
    // Beyond the measured batch sizes: extended from the two nearest.
    assert_estimate(alone(Job{"ResNet-18", 256}, "k80", 1, LeaveOut::kNothing), on_line(0.6, 0.9, 2), 1,
                    EstimateKind::kFamily);
    assert_estimate(alone(kR64, "k80", 1, LeaveOut::kNothing), std::log(0.6), 0, EstimateKind::kMeasured);
    assert_estimate(alone(kR64, "k80", 1, LeaveOut::kOwnJobType), on_line(0.5, 0.9, 0.5), 1, EstimateKind::kFamily);
    // One batch size of the family on the V100: its value.
    assert_estimate(alone(kR45, "v100", 1, LeaveOut::kNothing), 0.0, t45, EstimateKind::kFamily);
    // None of the family on two GPUs: the nearest samples' geometric mean
    // (the three ResNet-18 ones on one K80, 1 away plus their batch sizes').
    assert_estimate(alone(kR64, "k80", 2, LeaveOut::kNothing), std::log(0.6), 1, EstimateKind::kNearest);
    double ties = (std::log(0.5) + std::log(0.6) + 2 * std::log(0.9)) / 4;
    assert_estimate(alone(Job{"CycleGAN", 0}, "k80", 1, LeaveOut::kNothing), ties, 6, EstimateKind::kNearest);
}

// LM ran on the K80 only: on the V100 its K80 value carried over by how
// the V100 compares with the K80 for the job types measured on both (R32:
// 2x), not the nearest sample's value (its own K80 one).
void test_isolated_estimate_completes_a_family_across_gpu_types(void **)
{
    NeighbourEstimates n = neighbours();
    double gpu_apart = 2 + 2 * std::log(1 / 0.3);
    assert_estimate(n.interpolated_log_relative(kB, "v100", 1.0, 1, false, LeaveOut::kNothing), std::log(0.9 * 2),
                    gpu_apart, EstimateKind::kFamily);
    // Its batch size unknown: the same value; the distance is the nearest
    // sample's (R32 on the V100: another family, one batch size unknown).
    assert_estimate(n.interpolated_log_relative(Job{"LM", 0}, "v100", 1.0, 1, false, LeaveOut::kNothing),
                    std::log(0.9 * 2), 4 + 2, EstimateKind::kFamily);
    // Its own samples left out, LM has none: the nearest (R32 on the V100).
    assert_estimate(n.interpolated_log_relative(kB, "v100", 1.0, 1, false, LeaveOut::kOwnJobType), 0.0,
                    4 + std::log2(32.0 / 10), EstimateKind::kNearest);
    // The baseline stays the nearest neighbour.
    assert_estimate(n.log_relative(kB, "v100", 1.0, 1, false, LeaveOut::kNothing), std::log(0.9), gpu_apart,
                    EstimateKind::kNearest);
}

// LM ran on two K80s at 1.8x its one; ResNet-18 never ran on two GPUs:
// its one-K80 value carried over by that ratio (schema 7), not the
// nearest sample's (its own one-K80 value).
void test_isolated_estimate_completes_a_family_across_gpu_counts(void **)
{
    NeighbourSamples samples = neighbours().samples();
    samples.isolated.push_back({kB, "k80", 2, false, 0.9 * 1.8});
    NeighbourEstimates n(samples, {{"k80", 0.3}, {"v100", 1.0}});
    assert_estimate(n.interpolated_log_relative(kR64, "k80", 0.3, 2, false, LeaveOut::kNothing), std::log(0.6 * 1.8),
                    1, EstimateKind::kFamily);
    assert_estimate(n.log_relative(kR64, "k80", 0.3, 2, false, LeaveOut::kNothing), std::log(0.6), 1,
                    EstimateKind::kNearest);
}

void test_pair_estimate_interpolates_over_the_new_type(void **)
{
    NeighbourEstimates n = neighbours();
    auto pair = [&](const Job &job, const Job &other, LeaveOut leave) {
        return n.interpolated_log_slowdown(job, other, "k80", 0.3, 1, leave);
    };
    double t45 = std::log2(45.0 / 32);
    // A new job next to a known co-runner: over the job's batch size.
    assert_estimate(pair(kR45, kB, LeaveOut::kNothing), on_line(0.5, 0.7, t45), t45, EstimateKind::kFamily);
    // A known job next to a new co-runner: over the co-runner's.
    assert_estimate(pair(kB, kR45, LeaveOut::kNothing), on_line(0.8, 0.6, t45), t45, EstimateKind::kFamily);
    assert_estimate(pair(kR32, kB, LeaveOut::kNothing), std::log(0.5), 0, EstimateKind::kMeasured);
    // Without R32's pairs: R64's next to B, not extended.
    assert_estimate(pair(kR32, kB, LeaveOut::kOwnJobType), std::log(0.7), 1, EstimateKind::kFamily);
    // Without B's pairs: no other LM next to R32; the nearest pair.
    double far_b = 4 + std::log2(64.0 / 10);
    assert_estimate(pair(kR32, kB, LeaveOut::kOwnCoRunnerType), std::log(0.9), far_b, EstimateKind::kNearest);
    // Without both types' pairs (two new types): only R64 next to R64 is left.
    assert_estimate(pair(kR32, kB, LeaveOut::kBothTypes), std::log(0.4), 1 + far_b, EstimateKind::kNearest);
}

// ---- correction gates and uncertainty --------------------------------------------

TrainingData tiny_data()
{
    return accord::test::tiny_data({"ResNet-18 (batch size 32)", "ResNet-18 (batch size 128)", "LM (batch size 10)",
                                    "LM (batch size 40)"});
}

LearnedModel tiny_model(const CorrectionGates &gates, int members = 2, const TrainingData &data = tiny_data())
{
    ModelOptions options;
    options.hidden = 8;
    options.members = members;
    options.train.steps = 40;
    options.train.seed = 7;
    options.gates = gates;
    return train_model(data, options);
}

const CorrectionGates kShut{{0, 0, 0}, {0, 0, 0}}, kOpen{{1, 1, 1}, {1, 1, 1}};

Prediction predicted(LearnedModel &model, const Candidate &c, const CorrectionGates &gates)
{
    model.set_gates(gates);
    Prediction p;
    model.predict(&c, 1, &p);
    return p;
}

// LM 20 and ResNet-18 64 are interpolated over their families; GPT is
// a family the model has never seen: the nearest samples.
const Candidate kFamilyAlone{Job{"LM", 20}, "k80", 2, false, {}},
    kFamilyPair{Job{"ResNet-18", 64}, "k80", 1, false, {Job{"LM", 10}}},
    kNearestAlone{Job{"GPT", 8}, "k80", 2, false, {}};

void test_shut_gates_predict_the_stacking_estimates(void **)
{
    LearnedModel model = tiny_model(kShut);
    Baselines baselines(tiny_data());
    Prediction alone = predicted(model, kFamilyAlone, kShut), pair = predicted(model, kFamilyPair, kShut);
    assert_close(alone.relative_throughput,
                 baselines.interpolated_relative(IsolatedSample{"LM (batch size 20)", "k80", 2, false, 1}));
    assert_close(pair.slowdown,
                 baselines.interpolated_slowdown(PairSample{"ResNet-18 (batch size 64)", "LM (batch size 10)", "k80", 1, 1}));
}

void test_a_gate_takes_its_share_of_the_correction(void **)
{
    LearnedModel model = tiny_model(kOpen);
    auto log_relative = [&](const Candidate &c, const CorrectionGates &g) {
        return std::log(predicted(model, c, g).relative_throughput);
    };
    auto log_slowdown = [&](const CorrectionGates &g) { return std::log(predicted(model, kFamilyPair, g).slowdown); };
    double shut = log_relative(kFamilyAlone, kShut), open = log_relative(kFamilyAlone, kOpen);
    assert_true(std::fabs(open - shut) > 1e-4);
    assert_close(log_relative(kFamilyAlone, {{0.25, 0}, {0, 0}}), shut + 0.25 * (open - shut));
    assert_close(log_slowdown({{0, 0}, {0.5, 0}}), log_slowdown(kShut) + 0.5 * (log_slowdown(kOpen) - log_slowdown(kShut)));
    // The family share leaves the nearest samples' estimates alone, and
    // the nearest share takes theirs.
    double nearest_shut = log_relative(kNearestAlone, kShut), nearest_open = log_relative(kNearestAlone, kOpen);
    assert_true(std::fabs(nearest_open - nearest_shut) > 1e-4);
    assert_close(log_relative(kNearestAlone, {{1, 0}, {1, 0}}), nearest_shut);
    assert_close(log_relative(kNearestAlone, {{0, 1}, {0, 1}}), nearest_open);
}

void test_measured_candidates_are_never_corrected(void **)
{
    LearnedModel model = tiny_model(kOpen);
    Candidate alone{Job{"LM", 10}, "k80", 2, false, {}};
    Candidate pair{Job{"ResNet-18", 32}, "k80", 1, false, {Job{"LM", 10}}};
    // tiny_data(): LM 10 is job 2 (0.3 + 0.1 on a K80, x 2 x 0.95);
    // ResNet-18 32 (job 0) next to it (other 2): 0.4 + 0.2.
    assert_close(predicted(model, alone, kOpen).relative_throughput, 0.4 * 2 * 0.95);
    assert_close(predicted(model, pair, kOpen).slowdown, 0.6);
}

// On a GPU type without samples every estimate takes the declared share,
// whatever the kind gates say.
void test_a_declared_gpu_type_takes_the_declared_share(void **)
{
    LearnedModel model = tiny_model(kOpen);
    assert_true(model.declare_gpu_type("h100", GpuDescriptor{2, 51, 80, 3350}));
    Candidate c{Job{"LM", 20}, "h100", 2, false, {Job{"ResNet-18", 64}}};
    const CorrectionGates none{{1, 1, 0}, {1, 1, 0}}, whole{{0, 0, 1}, {0, 0, 1}}, part{{1, 1, 0.25}, {0, 0, 0.75}};
    Prediction shut = predicted(model, c, none), open = predicted(model, c, whole), gated = predicted(model, c, part);
    double relative = std::log(open.relative_throughput / shut.relative_throughput);
    double slowdown = std::log(open.slowdown / shut.slowdown);
    assert_true(std::fabs(relative) > 1e-4);
    assert_true(std::fabs(slowdown) > 1e-4);
    assert_close(std::log(gated.relative_throughput), std::log(shut.relative_throughput) + 0.25 * relative);
    assert_close(std::log(gated.slowdown), std::log(shut.slowdown) + 0.75 * slowdown);
}

// The whole correction, half of it on a declared GPU type, whose pair
// slowdowns are shrunk by `weight` toward `target`.
CorrectionGates shrink_gates(double weight, PairShrinkTarget target)
{
    CorrectionGates g{{1, 1, 0.5}, {1, 1, 0.5}};
    g.declared_pair_shrink = weight;
    g.declared_pair_target = target;
    return g;
}

// The tiny model, with h100 declared, and a pair on it.
LearnedModel model_with_h100()
{
    LearnedModel model = tiny_model(kOpen);
    assert_true(model.declare_gpu_type("h100", GpuDescriptor{2, 51, 80, 3350}));
    return model;
}
const Candidate kDeclaredPair{Job{"LM", 20}, "h100", 1, false, {Job{"ResNet-18", 64}}};

// On a declared GPU type the slowdown is shrunk toward the training pairs'
// mean slowdown, the per-GPU-type mean baseline's value there: weight 0 is
// the unshrunk prediction, 1 the baseline's, between them the blend; with
// two co-runners the mean per co-runner is multiplied.
void test_a_declared_gpu_type_shrinks_its_slowdown_toward_the_mean(void **)
{
    LearnedModel model = model_with_h100();
    Candidate c = kDeclaredPair;
    auto shrunk = [](double weight) { return shrink_gates(weight, PairShrinkTarget::kTrainingMean); };
    Prediction unshrunk = predicted(model, c, CorrectionGates{{1, 1, 0.5}, {1, 1, 0.5}});
    double mean = Baselines(tiny_data()).mean_slowdown(PairSample{"LM (batch size 20)", "ResNet-18 (batch size 64)", "h100", 1, 0});
    assert_true(std::fabs(unshrunk.slowdown - mean) > 1e-3);
    Prediction none = predicted(model, c, shrunk(0));
    assert_true(none.slowdown == unshrunk.slowdown && none.relative_throughput == unshrunk.relative_throughput);
    assert_close(predicted(model, c, shrunk(1)).slowdown, mean);
    assert_close(predicted(model, c, shrunk(0.25)).slowdown, 0.75 * unshrunk.slowdown + 0.25 * mean);
    assert_true(predicted(model, c, shrunk(1)).relative_throughput == unshrunk.relative_throughput);
    c.co_runners.push_back(Job{"LM", 10});
    assert_close(predicted(model, c, shrunk(1)).slowdown, mean * mean);
}

// Toward time-sharing: each of the k + 1 jobs sharing GPUs gets 1/(k + 1),
// whatever the training pairs say.
void test_a_declared_gpu_type_shrinks_its_slowdown_toward_time_sharing(void **)
{
    LearnedModel model = model_with_h100();
    Candidate c = kDeclaredPair;
    auto shrunk = [](double weight) { return shrink_gates(weight, PairShrinkTarget::kTimeSharing); };
    double unshrunk = predicted(model, c, shrunk(0)).slowdown;
    assert_true(std::fabs(unshrunk - 0.5) > 1e-3);
    assert_close(predicted(model, c, shrunk(1)).slowdown, 0.5);
    assert_close(predicted(model, c, shrunk(0.25)).slowdown, 0.75 * unshrunk + 0.25 * 0.5);
    c.co_runners.push_back(Job{"LM", 10});
    assert_close(predicted(model, c, shrunk(1)).slowdown, 1.0 / 3);
}

// A model trained without pairs has no training mean to shrink toward,
// but time-sharing needs none.
void test_a_model_without_pairs_shrinks_only_toward_time_sharing(void **)
{
    TrainingData alone = tiny_data();
    alone.pairs.clear();
    LearnedModel model = tiny_model(kOpen, 2, alone);
    assert_true(model.declare_gpu_type("h100", GpuDescriptor{2, 51, 80, 3350}));
    double unshrunk = predicted(model, kDeclaredPair, shrink_gates(0, PairShrinkTarget::kTimeSharing)).slowdown;
    assert_true(std::fabs(unshrunk - 0.5) > 1e-3);
    assert_true(predicted(model, kDeclaredPair, shrink_gates(1, PairShrinkTarget::kTrainingMean)).slowdown == unshrunk);
    assert_close(predicted(model, kDeclaredPair, shrink_gates(1, PairShrinkTarget::kTimeSharing)).slowdown, 0.5);
}

// A GPU type with samples, or no co-runner, is never shrunk.
void test_known_gpu_types_and_lone_jobs_are_not_shrunk(void **)
{
    LearnedModel model = tiny_model(kOpen);
    assert_true(model.declare_gpu_type("h100", GpuDescriptor{2, 51, 80, 3350}));
    CorrectionGates all = kOpen;
    all.declared_pair_shrink = 1;
    Prediction before = predicted(model, kFamilyPair, kOpen), after = predicted(model, kFamilyPair, all);
    assert_true(before.slowdown == after.slowdown);
    Candidate alone{Job{"LM", 20}, "h100", 1, false, {}};
    assert_true(predicted(model, alone, all).slowdown == 1.0);
}

void test_a_shrink_weight_outside_zero_to_one_is_refused(void **)
{
    LearnedModel model = tiny_model(kOpen);
    for (double weight : {-0.25, 1.5, std::nan("")}) {
        CorrectionGates g = kOpen;
        g.declared_pair_shrink = weight;
        bool refused = false;
        try {
            model.set_gates(g);
        } catch (const std::invalid_argument &e) {
            refused = std::string(e.what()).find("declared_pair_shrink") != std::string::npos;
        }
        assert_true(refused);
    }
    assert_true(model.gates().declared_pair_shrink == 0.0);  // the refused gates were not taken
}

void test_uncertainty_is_the_spread_of_the_members_whole_corrections(void **)
{
    LearnedModel one = tiny_model(kOpen, 1), two = tiny_model(kOpen, 2);
    assert_true(predicted(one, kFamilyAlone, kOpen).uncertainty == 0.0);
    // Member 0 of both is the same network: two members' mean is half-way
    // to the other member, and their spread is that half-way distance.
    Prediction both = predicted(two, kFamilyAlone, kOpen), first = predicted(one, kFamilyAlone, kOpen);
    double half_way = std::fabs(std::log(both.relative_throughput / first.relative_throughput));
    assert_true(half_way > 1e-5);
    assert_close(both.uncertainty, half_way);
    // The same whatever share of the correction the prediction takes.
    assert_close(predicted(two, kFamilyAlone, kShut).uncertainty, both.uncertainty);
}

}  // namespace

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interpolates_between_batch_sizes),
        cmocka_unit_test(test_extends_beyond_the_batch_sizes_only_when_asked),
        cmocka_unit_test(test_points_of_one_batch_size_count_as_their_mean),
        cmocka_unit_test(test_isolated_estimate_interpolates_over_the_family),
        cmocka_unit_test(test_isolated_estimate_completes_a_family_across_gpu_types),
        cmocka_unit_test(test_isolated_estimate_completes_a_family_across_gpu_counts),
        cmocka_unit_test(test_pair_estimate_interpolates_over_the_new_type),
        cmocka_unit_test(test_shut_gates_predict_the_stacking_estimates),
        cmocka_unit_test(test_a_gate_takes_its_share_of_the_correction),
        cmocka_unit_test(test_measured_candidates_are_never_corrected),
        cmocka_unit_test(test_a_declared_gpu_type_takes_the_declared_share),
        cmocka_unit_test(test_a_declared_gpu_type_shrinks_its_slowdown_toward_the_mean),
        cmocka_unit_test(test_a_declared_gpu_type_shrinks_its_slowdown_toward_time_sharing),
        cmocka_unit_test(test_a_model_without_pairs_shrinks_only_toward_time_sharing),
        cmocka_unit_test(test_known_gpu_types_and_lone_jobs_are_not_shrunk),
        cmocka_unit_test(test_a_shrink_weight_outside_zero_to_one_is_refused),
        cmocka_unit_test(test_uncertainty_is_the_spread_of_the_members_whole_corrections),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
