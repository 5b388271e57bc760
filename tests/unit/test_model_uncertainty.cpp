// Unit tests for core/model_uncertainty and its use by core/exploring_ranker:
// a pair's share of accord_explore is its ensemble spread over the largest
// (spread 0 -> no bonus, the largest -> the whole bound, never more);
// pairs without a spread, and rankers without a model, get the whole
// bound exactly as before; equal spreads give equal scores.
#include "cmocka_cpp.h"

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>

#include "core/exploring_ranker.h"
#include "core/measured_speed_ranker.h"
#include "core/model_uncertainty.h"
#include "sample_builder.h"
#include "snapshot_builder.h"

using namespace accord::core;
using accord::test::job_of;
using accord::test::sample;

static bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

static const std::map<std::string, double> kTable = {{"k80", 1}, {"p100", 3}, {"t4", 3}, {"v100", 4}};

static void share_is_the_spread_over_the_largest(void **)
{
    ModelUncertainty u({{"rec", {{"k80", 0.0}, {"p100", 0.1}, {"v100", 0.4}}}, {"lm", {{"p100", 0.2}}}});
    assert_true(near(u.share("rec", "k80"), 0));
    assert_true(near(u.share("rec", "p100"), 0.25));
    assert_true(near(u.share("rec", "v100"), 1));
    assert_true(near(u.share("lm", "p100"), 0.5));
}

static void pairs_without_a_spread_and_no_model_get_the_whole_bound(void **)
{
    ModelUncertainty u({{"rec", {{"p100", 0.1}, {"bad", -1.0}, {"nan", std::numeric_limits<double>::quiet_NaN()}}}});
    assert_true(near(u.share("rec", "t4"), 1));     // the model does not rate the type
    assert_true(near(u.share("other", "p100"), 1)); // nor the family
    assert_true(near(u.share("rec", "bad"), 1));    // a spread that is no spread
    assert_true(near(u.share("rec", "nan"), 1));
    assert_true(ModelUncertainty().empty());
    assert_true(near(ModelUncertainty().share("rec", "p100"), 1));
}

static void spreads_all_zero_give_no_bonus(void **)
{
    ModelUncertainty u({{"rec", {{"k80", 0.0}, {"p100", 0.0}}}});
    assert_true(near(u.share("rec", "k80"), 0));
    assert_true(near(u.share("rec", "p100"), 0));
}

// "rec" ran on a v100 at 20 steps/s: prior p100 = t4 = 15 and k80 5 after
// rescaling. Spreads: k80 0 (no bonus), p100 0.3 (the largest: the whole
// bound 0.5), t4 0.15 (half of it), v100 0.1 (measured: none).
static void the_bonus_scales_with_the_spread_and_never_exceeds_the_bound(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    auto u = std::make_shared<const ModelUncertainty>(
        ModelUncertainty::Spreads{{"rec", {{"k80", 0.0}, {"p100", 0.3}, {"t4", 0.15}, {"v100", 0.1}}}});
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5, u);
    PendingJob rec = job_of("rec");
    assert_true(near(ranker.score(rec, "k80"), 5));
    assert_true(near(ranker.score(rec, "t4"), 15 * 1.25));
    assert_true(near(ranker.score(rec, "p100"), 15 * 1.5));
    assert_true(near(ranker.score(rec, "v100"), 20));
    for (const char *type : {"k80", "p100", "t4", "v100"})
        assert_true(ranker.bonus(rec, type) <= 1.5 + 1e-12);
    assert_true(near(*ranker.speed(rec, "p100"), 15));
    assert_contains(ranker.rule(), "uncertainty");
}

// The largest spread among the pairs gets exactly the bound.
static void the_most_uncertain_type_gets_the_whole_bound(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    auto u = std::make_shared<const ModelUncertainty>(
        ModelUncertainty::Spreads{{"rec", {{"k80", 0.05}, {"p100", 0.2}}}});
    ExploringRanker ranker(learned, seen, ClusterSnapshot{}, 0.5, u);
    assert_true(near(ranker.bonus(job_of("rec"), "p100"), 1.5));
    assert_true(near(ranker.bonus(job_of("rec"), "k80"), 1.125));
    assert_true(near(ranker.bonus(job_of("rec"), "t4"), 1.5));  // no spread: as without a model
}

// Equal prediction and equal spread: equal scores, whatever order the
// spreads were given in, so the allocator's fixed tie-break decides.
static void equal_spreads_tie_deterministically(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ModelUncertainty::Spreads a{{"rec", {{"p100", 0.1}, {"t4", 0.1}, {"k80", 0.2}}}};
    ModelUncertainty::Spreads b{{"rec", {{"k80", 0.2}, {"t4", 0.1}, {"p100", 0.1}}}};
    ExploringRanker first(learned, seen, ClusterSnapshot{}, 0.5, std::make_shared<const ModelUncertainty>(a));
    ExploringRanker second(learned, seen, ClusterSnapshot{}, 0.5, std::make_shared<const ModelUncertainty>(b));
    PendingJob rec = job_of("rec");
    assert_true(first.score(rec, "p100") == first.score(rec, "t4"));
    for (const char *type : {"k80", "p100", "t4", "v100"})
        assert_true(first.score(rec, type) == second.score(rec, type));
}

// Without a model (the table predictor) every unmeasured type is raised by
// the whole bound, exactly as before the spread was used.
static void without_a_model_exploration_is_unchanged(void **)
{
    ObservedSpeeds seen;
    seen.add(sample(1, "rec", "v100", 1, 20));
    SpeedTableRanker table(kTable);
    MeasuredSpeedRanker learned(table, seen);
    ExploringRanker plain(learned, seen, ClusterSnapshot{}, 0.5);
    ExploringRanker empty(learned, seen, ClusterSnapshot{}, 0.5, std::make_shared<const ModelUncertainty>());
    PendingJob rec = job_of("rec");
    for (const char *type : {"k80", "p100", "t4", "v100"}) {
        double expected = learned.score(rec, type) * (std::string(type) == "v100" ? 1 : 1.5);
        assert_true(plain.score(rec, type) == expected);
        assert_true(empty.score(rec, type) == expected);
    }
    assert_string_equal(plain.rule().c_str(), empty.rule().c_str());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(share_is_the_spread_over_the_largest),
        cmocka_unit_test(pairs_without_a_spread_and_no_model_get_the_whole_bound),
        cmocka_unit_test(spreads_all_zero_give_no_bonus),
        cmocka_unit_test(the_bonus_scales_with_the_spread_and_never_exceeds_the_bound),
        cmocka_unit_test(the_most_uncertain_type_gets_the_whole_bound),
        cmocka_unit_test(equal_spreads_tie_deterministically),
        cmocka_unit_test(without_a_model_exploration_is_unchanged),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
