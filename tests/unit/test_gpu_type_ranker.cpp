// Unit tests for core/gpu_type_ranker: SpeedTableRanker and FamilySpeedRanker.
#include "cmocka_cpp.h"

#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "core/gpu_type_ranker.h"

using accord::core::GpuTypeRanker;
using accord::core::PendingJob;
using accord::core::FamilySpeedRanker;
using accord::core::SpeedTableRanker;

static const std::map<std::string, double> kTable = {{"a100", 3}, {"v100", 2.5}, {"t4", 1}};

static void score_is_table_speed(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob job;
    assert_true(r.score(job, "a100") == 3.0);
    assert_true(r.score(job, "v100") == 2.5);
    assert_true(r.score(job, "t4") == 1.0);
}

static void score_orders_faster_type_higher(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob job;
    assert_true(r.score(job, "a100") > r.score(job, "v100"));
    assert_true(r.score(job, "v100") > r.score(job, "t4"));
}

static void unknown_type_scores_zero(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob job;
    assert_true(r.score(job, "h100") == 0.0);
    assert_true(r.score(job, "") == 0.0);
}

static void type_names_are_case_sensitive(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob job;
    assert_true(r.score(job, "A100") == 0.0);
}

static void empty_table_scores_every_type_zero(void **)
{
    SpeedTableRanker r({});
    PendingJob job;
    assert_true(r.score(job, "a100") == 0.0);
    assert_true(r.score(job, "t4") == 0.0);
}

static void score_does_not_depend_on_job(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob small, big;
    big.job_id = 99;
    big.cpus_total = 64;
    big.gpus = {"", 8};
    assert_true(r.score(small, "v100") == r.score(big, "v100"));
}

static void rule_with_table_names_accord_gpu_speed(void **)
{
    SpeedTableRanker r(kTable);
    assert_non_null(strstr(r.rule().c_str(), "accord_gpu_speed"));
}

static void rule_without_table_says_best_fit(void **)
{
    SpeedTableRanker r({});
    assert_non_null(strstr(r.rule().c_str(), "best fit"));
    assert_null(strstr(r.rule().c_str(), "accord_gpu_speed"));
}

static void rule_differs_with_and_without_table(void **)
{
    assert_string_not_equal(SpeedTableRanker(kTable).rule().c_str(), SpeedTableRanker({}).rule().c_str());
}

static void works_through_base_interface(void **)
{
    std::unique_ptr<GpuTypeRanker> r = std::make_unique<SpeedTableRanker>(kTable);
    PendingJob job;
    assert_true(r->score(job, "a100") == 3.0);
    assert_false(r->rule().empty());
}

static PendingJob job_of(const char *family)
{
    PendingJob j;
    j.family = family;
    return j;
}

static void family_speed_decides_for_known_family(void **)
{
    // Recommendation runs faster on P100 than on V100 in Gavel's table.
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}, {"p100", 1.5}}}}, {{"v100", 3}, {"p100", 2}});
    assert_true(r.score(job_of("rec"), "p100") > r.score(job_of("rec"), "v100"));
}

static void unknown_family_falls_back_to_type_table(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}, {"p100", 1.5}}}}, {{"v100", 3}, {"p100", 2}});
    assert_true(r.score(job_of("resnet"), "v100") == 3.0);
    assert_true(r.score(job_of(""), "p100") == 2.0);
}

static void type_missing_for_family_falls_back(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}}}}, {{"k80", 0.5}});
    assert_true(r.score(job_of("rec"), "k80") == 0.5);
}

static void speed_is_table_speed_or_nothing(void **)
{
    SpeedTableRanker r(kTable);
    PendingJob job;
    assert_true(r.speed(job, "v100") == 2.5);
    assert_false(r.speed(job, "h100").has_value());
    assert_false(SpeedTableRanker({}).speed(job, "a100").has_value());
}

static void table_speed_source_says_it_is_not_the_model(void **)
{
    assert_contains(SpeedTableRanker(kTable).speed_source(), "accord_gpu_speed");
    assert_contains(SpeedTableRanker(kTable).speed_source(), "not the job's own model");
}

static void family_speed_falls_back_to_table_then_nothing(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}}}}, {{"k80", 0.5}});
    assert_true(r.speed(job_of("rec"), "v100") == 1.0);
    assert_true(r.speed(job_of("rec"), "k80") == 0.5);
    assert_false(r.speed(job_of("rec"), "a100").has_value());
    assert_contains(r.speed_source(), "model family");
}

// A job the family figures do not cover is told it was ranked by the table.
static void rule_for_a_job_names_the_table_when_its_family_has_no_figures(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}}}}, {{"k80", 0.5}}, "learned model m.pt's predicted throughput");
    assert_string_equal(r.rule_for(job_of("rec")).c_str(), r.rule().c_str());
    std::string none = r.rule_for(job_of(""));
    assert_contains(none, "accord_gpu_speed");
    assert_contains(none, "names no model family");
    assert_null(strstr(none.c_str(), "fastest free for the model family"));
    std::string unknown = r.rule_for(job_of("lm"));
    assert_contains(unknown, "accord_gpu_speed");
    assert_contains(unknown, "no learned model m.pt's predicted throughput for model family lm");
    assert_contains(FamilySpeedRanker({}, {}).rule_for(job_of("")), "best fit");
}

static void speed_source_of_a_type_is_the_family_or_the_table_not_both(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}}}}, {{"k80", 0.5}}, "learned model m.pt's predicted throughput");
    std::string family = r.speed_source_of(job_of("rec"), "v100");
    assert_contains(family, "learned model m.pt's predicted throughput of the job's model family");
    assert_null(strstr(family.c_str(), "accord_gpu_speed"));
    for (const char *family_name : {"rec", "lm", ""}) {
        std::string table = r.speed_source_of(job_of(family_name), family_name == std::string("rec") ? "k80" : "v100");
        assert_string_equal(table.c_str(), SpeedTableRanker({}).speed_source().c_str());
    }
    assert_string_equal(SpeedTableRanker(kTable).speed_source_of(job_of("rec"), "t4").c_str(),
                        SpeedTableRanker(kTable).speed_source().c_str());
}

static void scaling_is_the_familys_figure_for_type_and_count_else_linear(void **)
{
    FamilySpeedRanker r({{"rec", {{"v100", 1.0}}}}, {{"k80", 0.5}}, "measured",
                        {{"rec", {{"v100", {{2, 0.9}, {4, 0.7}, {8, 0.0}}}}}});
    assert_true(r.scaling(job_of("rec"), "v100", 4) == 0.7);
    assert_true(r.scaling(job_of("rec"), "v100", 3) == 1.0);   // count without a figure
    assert_true(r.scaling(job_of("rec"), "v100", 8) == 1.0);   // not positive: ignored
    assert_true(r.scaling(job_of("rec"), "k80", 4) == 1.0);    // type without figures
    assert_true(r.scaling(job_of("lm"), "v100", 4) == 1.0);    // family without figures
    assert_true(SpeedTableRanker(kTable).scaling(job_of("rec"), "v100", 4) == 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(score_is_table_speed),
        cmocka_unit_test(scaling_is_the_familys_figure_for_type_and_count_else_linear),
        cmocka_unit_test(score_orders_faster_type_higher),
        cmocka_unit_test(unknown_type_scores_zero),
        cmocka_unit_test(type_names_are_case_sensitive),
        cmocka_unit_test(empty_table_scores_every_type_zero),
        cmocka_unit_test(score_does_not_depend_on_job),
        cmocka_unit_test(rule_with_table_names_accord_gpu_speed),
        cmocka_unit_test(rule_without_table_says_best_fit),
        cmocka_unit_test(rule_differs_with_and_without_table),
        cmocka_unit_test(works_through_base_interface),
        cmocka_unit_test(family_speed_decides_for_known_family),
        cmocka_unit_test(unknown_family_falls_back_to_type_table),
        cmocka_unit_test(type_missing_for_family_falls_back),
        cmocka_unit_test(speed_is_table_speed_or_nothing),
        cmocka_unit_test(table_speed_source_says_it_is_not_the_model),
        cmocka_unit_test(family_speed_falls_back_to_table_then_nothing),
        cmocka_unit_test(rule_for_a_job_names_the_table_when_its_family_has_no_figures),
        cmocka_unit_test(speed_source_of_a_type_is_the_family_or_the_table_not_both),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
