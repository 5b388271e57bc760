// Unit tests for the learned model's stacking estimates: interpolation
// over a family's batch sizes (model/batch_interpolation.h) and the
// interpolated neighbour estimates with their kinds and left-out samples
// (model/neighbour_estimates.h).
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "model/batch_interpolation.h"
#include "model/neighbour_estimates.h"

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

}  // namespace

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interpolates_between_batch_sizes),
        cmocka_unit_test(test_extends_beyond_the_batch_sizes_only_when_asked),
        cmocka_unit_test(test_points_of_one_batch_size_count_as_their_mean),
        cmocka_unit_test(test_isolated_estimate_interpolates_over_the_family),
        cmocka_unit_test(test_pair_estimate_interpolates_over_the_new_type),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
