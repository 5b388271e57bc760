// Unit tests for core/speed_prediction: the speed-up of a chosen GPU
// configuration over the slowest one the request could have got, the
// time-limit rule, the run-time bound and the texts users read.
#include "cmocka_cpp.h"

#include <map>
#include <string>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/speed_prediction.h"

using accord::core::GpuRequest;
using accord::core::keeps_time_limit;
using accord::core::kUnlimitedSeconds;
using accord::core::PendingJob;
using accord::core::predict_speedup;
using accord::core::run_time_bound;
using accord::core::slurm_duration;
using accord::core::SpeedPrediction;
using accord::core::FamilySpeedRanker;
using accord::core::SpeedTableRanker;

static const SpeedTableRanker kTable({{"a100", 3}, {"v100", 2}, {"t4", 1}});
static const std::vector<std::string> kAllTypes = {"a100", "t4", "v100"};

static PendingJob job_asking(GpuRequest gpus, int64_t time_limit_s = 3600)
{
    PendingJob j;
    j.gpus = std::move(gpus);
    j.time_limit_s = time_limit_s;
    return j;
}

static GpuRequest per_node(const std::string &type, int n) { return GpuRequest{type, n, 0, 0, 0}; }
static GpuRequest per_job(const std::string &type, int n) { return GpuRequest{type, 0, n, 0, 0}; }

static SpeedPrediction known(double speedup, int64_t limit = 3600)
{
    SpeedPrediction p;
    p.baseline_type = "t4";
    p.speedup = speedup;
    p.time_limit_s = limit;
    return p;
}

// ---- predict_speedup ------------------------------------------------------------

static void speedup_is_over_the_slowest_possible_type(void **)
{
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), kAllTypes, kTable);
    assert_string_equal(p.baseline_type.c_str(), "t4");
    assert_true(p.speedup && *p.speedup == 3.0);
    assert_true(p.unknown_type.empty());
}

static void types_the_request_cannot_fit_are_no_baseline(void **)
{
    // Only a100 and v100 could hold it: the baseline is v100, not t4.
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), {"a100", "v100"}, kTable);
    assert_string_equal(p.baseline_type.c_str(), "v100");
    assert_true(p.speedup && *p.speedup == 1.5);
}

static void equally_slow_types_give_the_first_name(void **)
{
    SpeedTableRanker table({{"a100", 3}, {"k80", 1}, {"t4", 1}});
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 1)), per_node("a100", 1), {"a100", "k80", "t4"}, table);
    assert_string_equal(p.baseline_type.c_str(), "k80");
}

static void possible_type_without_speed_gives_no_speedup(void **)
{
    SpeedTableRanker table({{"a100", 3}, {"v100", 2}});
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), kAllTypes, table);
    assert_false(p.speedup.has_value());
    assert_string_equal(p.unknown_type.c_str(), "t4");
}

static void chosen_type_without_speed_gives_no_speedup(void **)
{
    SpeedTableRanker table({{"v100", 2}, {"t4", 1}});
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("h100", 2), {"t4", "v100"}, table);
    assert_false(p.speedup.has_value());
    assert_string_equal(p.unknown_type.c_str(), "h100");
}

static void no_table_gives_no_speedup(void **)
{
    SpeedTableRanker none({});
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), kAllTypes, none);
    assert_false(p.speedup.has_value());
}

static void speedup_scales_with_the_gpus_in_all(void **)
{
    // Twice the GPUs of the same type: twice the throughput (linear scaling).
    SpeedPrediction p = predict_speedup(job_asking(per_node("t4", 2)), per_node("t4", 4), {"t4"}, kTable);
    assert_true(p.speedup && *p.speedup == 2.0);
    // 2 a100 for 4 t4 per job: 3 x 2 / (1 x 4).
    p = predict_speedup(job_asking(per_job("", 4)), per_job("a100", 2), kAllTypes, kTable);
    assert_true(p.speedup && *p.speedup == 1.5);
}

static void per_node_counts_are_taken_on_the_minimum_nodes(void **)
{
    PendingJob j = job_asking(per_node("", 2));
    j.min_nodes = 2;
    // 2 x 2 t4 asked; 4 per node on 2 nodes chosen.
    SpeedPrediction p = predict_speedup(j, per_node("t4", 4), {"t4"}, kTable);
    assert_true(p.speedup && *p.speedup == 2.0);
}

static void prediction_carries_time_limit_and_source(void **)
{
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 1), 7200), per_node("a100", 1), kAllTypes, kTable);
    assert_int_equal(p.time_limit_s, 7200);
    assert_contains(p.source, "accord_gpu_speed");
}

// The family's figure for a100 only: the t4 it is compared with is the table's.
static void source_names_each_types_source_when_they_differ(void **)
{
    FamilySpeedRanker ranker({{"bert", {{"a100", 6}, {"v100", 4}}}}, {{"a100", 3}, {"v100", 2}, {"t4", 1}},
                             "learned model m.pt's predicted throughput");
    PendingJob j = job_asking(per_node("", 1));
    j.family = "bert";
    SpeedPrediction both = predict_speedup(j, per_node("a100", 1), {"a100", "v100"}, ranker);
    assert_string_equal(both.source.c_str(), "learned model m.pt's predicted throughput of the job's model family");
    SpeedPrediction mixed = predict_speedup(j, per_node("a100", 1), kAllTypes, ranker);
    assert_string_equal(mixed.baseline_type.c_str(), "t4");
    assert_contains(mixed.source, "learned model m.pt's predicted throughput of the job's model family for a100");
    assert_contains(mixed.source, "accord_gpu_speed, not the job's own model for t4");
    j.family = "";
    SpeedPrediction table = predict_speedup(j, per_node("a100", 1), kAllTypes, ranker);
    assert_string_equal(table.source.c_str(), kTable.speed_source().c_str());
}

// ---- keeps_time_limit -----------------------------------------------------------

static void any_type_the_request_accepts_keeps_the_limit(void **)
{
    SpeedPrediction unknown;  // no speeds at all
    assert_true(keeps_time_limit(per_node("", 2), per_node("a100", 2), unknown));
    assert_true(keeps_time_limit(per_node("", 2), per_node("t4", 2), unknown));
    assert_true(keeps_time_limit(per_job("", 4), per_job("v100", 4), unknown));
}

static void the_named_type_keeps_the_limit(void **)
{
    assert_true(keeps_time_limit(per_node("v100", 2), per_node("v100", 2), SpeedPrediction{}));
}

static void other_type_than_named_needs_a_predicted_speedup(void **)
{
    assert_false(keeps_time_limit(per_node("a100", 2), per_node("v100", 2), known(2.0 / 3.0)));
    assert_true(keeps_time_limit(per_node("t4", 2), per_node("a100", 2), known(3.0)));
    assert_false(keeps_time_limit(per_node("t4", 2), per_node("a100", 2), SpeedPrediction{}));
}

static void fewer_gpus_keep_the_limit_only_if_not_slower(void **)
{
    assert_false(keeps_time_limit(per_node("", 4), per_node("t4", 2), known(0.5)));
    assert_true(keeps_time_limit(per_node("", 4), per_node("a100", 2), known(1.5)));
    assert_true(keeps_time_limit(per_node("", 4), per_node("v100", 2), known(1.0)));
    assert_false(keeps_time_limit(per_node("", 4), per_node("h100", 2), SpeedPrediction{}));
}

// A family that scales to half of linear on 4 t4s and on 2 a100s, linearly
// on one a100 (speeds as kTable's).
static const FamilySpeedRanker kScaling({{"lm", {{"a100", 3}, {"t4", 1}}}}, {}, "measured",
                                        {{"lm", {{"t4", {{4, 0.5}}}, {"a100", {{2, 0.5}}}}}});

static PendingJob lm_asking(GpuRequest gpus)
{
    PendingJob j = job_asking(std::move(gpus));
    j.family = "lm";
    return j;
}

static void speedup_is_the_smaller_of_linear_and_scaled_readings(void **)
{
    // 1 a100 for 4 t4s: linear 3/4 = 0.75, scaled 3/(4 x 0.5) = 1.5: 0.75.
    SpeedPrediction fewer = predict_speedup(lm_asking(per_job("", 4)), per_job("a100", 1), {"t4", "a100"}, kScaling);
    assert_true(fewer.speedup && *fewer.speedup == 0.75);
    // 2 a100s for 1 t4: linear 6, scaled 6 x 0.5 = 3: 3.
    SpeedPrediction more = predict_speedup(lm_asking(per_job("", 1)), per_job("a100", 2), {"t4", "a100"}, kScaling);
    assert_true(more.speedup && *more.speedup == 3.0);
}

static void fewer_gpus_on_a_faster_type_need_linear_scaling_too(void **)
{
    // Predicted by the scaling alone, 1 a100 would be 1.5x 4 t4s; linearly
    // it is 0.75x: a job that scales better than predicted could be
    // killed, so the rule refuses it.
    GpuRequest asked = per_job("", 4), chosen = per_job("a100", 1);
    assert_false(keeps_time_limit(asked, chosen, predict_speedup(lm_asking(asked), chosen, {"t4", "a100"}, kScaling)));
}

static void changing_the_form_counts_as_a_change(void **)
{
    // 2 per node and 2 per job differ on more than one node.
    assert_false(keeps_time_limit(per_node("", 2), per_job("t4", 2), known(0.9)));
}

// ---- run_time_bound and texts -----------------------------------------------------

static void bound_is_limit_over_speedup_rounded_up(void **)
{
    assert_int_equal(*run_time_bound(known(3.0)), 1200);
    assert_int_equal(*run_time_bound(known(7.0)), 515);  // 514.3 s
}

static void bound_is_the_limit_without_a_gain(void **)
{
    SpeedPrediction unknown;
    unknown.time_limit_s = 3600;
    assert_int_equal(*run_time_bound(unknown), 3600);
    assert_int_equal(*run_time_bound(known(1.0)), 3600);
    assert_int_equal(*run_time_bound(known(0.5)), 3600);  // Slurm ends it at its limit
}

static void no_bound_without_time_limit(void **)
{
    assert_false(run_time_bound(known(3.0, kUnlimitedSeconds)).has_value());
}

static void durations_are_written_as_slurm_does(void **)
{
    assert_string_equal(slurm_duration(3600).c_str(), "1:00:00");
    assert_string_equal(slurm_duration(59).c_str(), "0:00:59");
    assert_string_equal(slurm_duration(1200).c_str(), "0:20:00");
    assert_string_equal(slurm_duration(90061).c_str(), "1-01:01:01");
}

static void text_gives_speedup_baseline_source_and_run_time(void **)
{
    SpeedPrediction p = predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), kAllTypes, kTable);
    std::string text = describe(p);
    assert_contains(text, "predicted speed-up 3.0x over t4, the slowest type it could get");
    assert_contains(text, "admin speed table accord_gpu_speed, not the job's own model");
    assert_contains(text, "predicted run time <= 0:20:00 (time limit 1:00:00 / 3.0)");
}

static void text_says_which_speed_is_missing(void **)
{
    SpeedTableRanker table({{"a100", 3}});
    std::string text = describe(predict_speedup(job_asking(per_node("", 2)), per_node("a100", 2), kAllTypes, table));
    assert_contains(text, "no speed-up predicted: no speed for t4");
    assert_contains(text, "predicted run time <= 1:00:00 (its time limit)");
}

static void text_without_time_limit_predicts_no_run_time(void **)
{
    std::string text = describe(predict_speedup(job_asking(per_node("", 2), kUnlimitedSeconds), per_node("a100", 2),
                                                kAllTypes, kTable));
    assert_contains(text, "no run time predicted (no time limit)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(speedup_is_over_the_slowest_possible_type),
        cmocka_unit_test(types_the_request_cannot_fit_are_no_baseline),
        cmocka_unit_test(equally_slow_types_give_the_first_name),
        cmocka_unit_test(possible_type_without_speed_gives_no_speedup),
        cmocka_unit_test(chosen_type_without_speed_gives_no_speedup),
        cmocka_unit_test(no_table_gives_no_speedup),
        cmocka_unit_test(speedup_scales_with_the_gpus_in_all),
        cmocka_unit_test(per_node_counts_are_taken_on_the_minimum_nodes),
        cmocka_unit_test(prediction_carries_time_limit_and_source),
        cmocka_unit_test(source_names_each_types_source_when_they_differ),
        cmocka_unit_test(any_type_the_request_accepts_keeps_the_limit),
        cmocka_unit_test(the_named_type_keeps_the_limit),
        cmocka_unit_test(other_type_than_named_needs_a_predicted_speedup),
        cmocka_unit_test(fewer_gpus_keep_the_limit_only_if_not_slower),
        cmocka_unit_test(speedup_is_the_smaller_of_linear_and_scaled_readings),
        cmocka_unit_test(fewer_gpus_on_a_faster_type_need_linear_scaling_too),
        cmocka_unit_test(changing_the_form_counts_as_a_change),
        cmocka_unit_test(bound_is_limit_over_speedup_rounded_up),
        cmocka_unit_test(bound_is_the_limit_without_a_gain),
        cmocka_unit_test(no_bound_without_time_limit),
        cmocka_unit_test(durations_are_written_as_slurm_does),
        cmocka_unit_test(text_gives_speedup_baseline_source_and_run_time),
        cmocka_unit_test(text_says_which_speed_is_missing),
        cmocka_unit_test(text_without_time_limit_predicts_no_run_time),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
