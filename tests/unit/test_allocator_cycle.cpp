// Unit tests for the allocator without preemption: core/request_options
// (which types and counts a job may be given, the time-limit rule, the
// predicted rates) and core/allocator_cycle (whole-queue choice, running
// jobs fixed, the reservation of the top blocked job, the fallback to the
// job's own request, CPU-only jobs, the decision texts).
#include "cmocka_cpp.h"
#include "plan_lookup.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/allocator_cycle.h"
#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/plan_cycle.h"
#include "core/request_options.h"
#include "snapshot_builder.h"

using accord::core::allocator_cycle;
using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::Decision;
using accord::core::explain;
using accord::core::FamilySpeedRanker;
using accord::core::plan_cycle;
using accord::core::request_options;
using accord::core::request_with;
using accord::core::RequestOption;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using namespace accord::test;

static const std::map<std::string, double> kSpeeds = {{"a100", 3}, {"v100", 2}, {"t4", 1}};

// One node of each type: a100 with 8 GPUs, v100 and t4 with 4.
static SnapshotBuilder three_types()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_node("v100-1", 32, 256000, {{"v100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    return b;
}

static std::vector<RequestOption> options_of(const PendingJob &job, const SnapshotBuilder &b)
{
    return request_options(job, b.get().nodes, SpeedTableRanker(kSpeeds));
}

// "a100:2,t4:1": each option's type and count, in order.
static std::string listed(const std::vector<RequestOption> &options)
{
    std::string out;
    for (const auto &o : options)
        out += (out.empty() ? "" : ",") + o.request.type + ":" + std::to_string(o.gpus);
    return out;
}

static CyclePlan run(const SnapshotBuilder &b, const accord::core::GpuTypeRanker &ranker)
{
    return allocator_cycle(b.get(), CycleConfig{}, ranker);
}

static CyclePlan run(const SnapshotBuilder &b) { return run(b, SpeedTableRanker(kSpeeds)); }

static int gpus_placed(const Decision &d)
{
    int total = 0;
    for (const auto &use : d.placement)
        total += use.used.gpus_of(d.gpu_type);
    return total;
}

// ---- request_options ----------------------------------------------------------

static void cpu_only_job_has_no_options(void **)
{
    SnapshotBuilder b = three_types();
    assert_true(options_of(b.add_pending(1, 4), b).empty());
}

static void named_type_is_kept(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"v100", 2});
    assert_string_equal(listed(options_of(j, b)).c_str(), "v100:2");
}

static void typeless_request_may_take_any_type(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"", 2});
    assert_string_equal(listed(options_of(j, b)).c_str(), "a100:2,t4:2,v100:2");
}

static void accepted_types_hint_restricts_types(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"", 2});
    j.accepted_types = {"t4", "v100"};
    assert_string_equal(listed(options_of(j, b)).c_str(), "t4:2,v100:2");
}

static void rate_is_one_gpu_speed_times_count(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"a100", 0, 1});
    j.gpu_count_min = 1;
    j.gpu_count_max = 3;
    auto options = options_of(j, b);
    assert_int_equal(options.size(), 3);
    for (const auto &o : options)
        assert_true(o.rate == 3.0 * o.gpus);
}

static void rate_takes_the_rankers_scaling(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"a100", 0, 1});
    j.family = "lm";
    j.gpu_count_min = 1;
    j.gpu_count_max = 3;
    FamilySpeedRanker ranker({{"lm", {{"a100", 3}}}}, {}, "measured", {{"lm", {{"a100", {{2, 0.75}, {3, 0.5}}}}}});
    auto options = request_options(j, b.get().nodes, ranker);
    assert_int_equal(options.size(), 3);
    assert_true(options[0].rate == 3.0);
    assert_true(options[1].rate == 4.5);
    assert_true(options[2].rate == 4.5);
}

// Asked for 2 GPUs of any type: the slowest it could get is 2 t4 (speed 2).
// One t4 (1) is slower and left out; one v100 (2) is as fast and one a100
// (3) faster, so they stay.
static void fewer_gpus_only_when_predicted_as_fast(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"", 0, 2});
    j.gpu_count_min = 1;
    j.gpu_count_max = 4;
    assert_string_equal(listed(options_of(j, b)).c_str(),
                        "a100:1,a100:2,a100:3,a100:4,t4:2,t4:3,t4:4,v100:1,v100:2,v100:3,v100:4");
}

// A named type is its own baseline: fewer GPUs of it are always slower.
static void named_type_never_gets_fewer_gpus(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"a100", 0, 2});
    j.gpu_count_min = 1;
    j.gpu_count_max = 3;
    assert_string_equal(listed(options_of(j, b)).c_str(), "a100:2,a100:3");
}

static void counts_stop_at_what_the_nodes_hold(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"v100", 0, 2});
    j.gpu_count_min = 2;
    j.gpu_count_max = 16;
    assert_string_equal(listed(options_of(j, b)).c_str(), "v100:2,v100:3,v100:4");
}

static void per_node_request_keeps_its_node_count(void **)
{
    SnapshotBuilder b;
    for (int n = 0; n < 3; n++)
        b.add_node("a100-" + std::to_string(n), 64, 512000, {{"a100", 8}});
    PendingJob &j = b.add_pending(1, 2, {"a100", 2});
    j.min_nodes = j.max_nodes = 2;
    j.gpu_count_min = 3;
    j.gpu_count_max = 8;
    assert_string_equal(listed(options_of(j, b)).c_str(), "a100:4,a100:6,a100:8");
    auto r = request_with(j, "a100", 6);
    assert_true(r && r->per_node == 3 && r->per_job == 0);
    assert_false(request_with(j, "a100", 5).has_value());
}

static void no_speed_for_any_type_gives_no_options(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"", 2});
    assert_true(request_options(j, b.get().nodes, SpeedTableRanker({})).empty());
}

// ---- allocator_cycle -------------------------------------------------------------

static void count_range_gets_a_count_chosen(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"", 0, 2}, 3600);
    j.gpu_count_min = 1;
    j.gpu_count_max = 4;
    CyclePlan plan = run(b);
    Decision d = only(plan, 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(gpus_placed(d), 4);
    assert_true(d.chosen_request && d.chosen_request->per_job == 4 && d.chosen_request->type == "a100");
    assert_true(d.rewrite_gpus);
    assert_true(d.prediction && d.prediction->speedup && *d.prediction->speedup == 6.0);
    std::string text = explain(d, b.get());
    assert_contains(text, "gpu:a100:4/node (Accord's allocator for the whole queue)");
    assert_contains(text, "predicted speed-up 6.0x over t4");
}

static void typeless_request_without_range_changes_only_its_type(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    Decision d = only(run(b), 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(gpus_placed(d), 2);
    assert_true(d.chosen_request && d.chosen_request->per_job == 2 && d.chosen_request->type == "a100");
    assert_true(d.rewrite_gpus);
}

static void named_type_with_range_gets_its_count_rewritten(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"a100", 1}, 3600);
    j.gpu_count_min = 1;
    j.gpu_count_max = 4;
    Decision d = only(run(b), 1);
    assert_int_equal(gpus_placed(d), 4);
    assert_true(d.chosen_request && d.chosen_request->per_node == 4 && d.chosen_request->type == "a100");
    assert_true(d.rewrite_gpus);
    assert_true(d.prediction && d.prediction->speedup && *d.prediction->speedup == 4.0);
    assert_string_equal(d.prediction->baseline_type.c_str(), "a100");
}

static void named_type_without_range_is_not_rewritten(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 1, {"t4", 0, 2}, 3600);
    Decision d = only(run(b), 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "t4");
    assert_false(d.rewrite_gpus);
    assert_false(d.prediction.has_value());
}

// A request of several types starts as submitted, where each type is.
static void request_of_several_types_is_not_rewritten(void **)
{
    SnapshotBuilder b = three_types();
    b.add_node("mix-1", 16, 128000, {{"a100", 2}, {"t4", 2}});
    GpuRequest gpus{"a100", 1};
    gpus.more_types = {GpuPart{"t4", 2, 0}};
    b.add_pending(1, 1, gpus, 3600);
    Decision d = only(run(b), 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(d.placement.size(), 1);
    assert_string_equal(b.get().nodes.at(d.placement[0].node).name.c_str(), "mix-1");
    assert_int_equal(d.placement[0].used.gpus_of("t4"), 2);
    assert_false(d.rewrite_gpus);
}

// Job 1's model gains little on a100, job 2's a lot: job by job, job 1
// would take the one a100 GPU; for the whole queue it goes to job 2.
static void whole_queue_gives_each_type_to_the_job_it_suits(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 8, 64000, {{"a100", 1}});
    b.add_node("v100-1", 8, 64000, {{"v100", 1}});
    PendingJob &one = b.add_pending(1, 1, {"", 0, 1}, 3600);
    one.family = "flat";
    PendingJob &two = b.add_pending(2, 1, {"", 0, 1}, 3600);
    two.family = "steep";
    FamilySpeedRanker ranker({{"flat", {{"a100", 3}, {"v100", 2.9}}}, {"steep", {{"a100", 3}, {"v100", 1}}}}, {});
    CyclePlan plan = run(b, ranker);
    assert_string_equal(only(plan, 1).gpu_type.c_str(), "v100");
    assert_string_equal(only(plan, 2).gpu_type.c_str(), "a100");
}

// Six a100s free, two jobs that may take 1-4 each. "flat" (first in
// priority) gains nothing beyond 2 GPUs, "lin" scales linearly: told so,
// the allocator gives lin 4 and flat 2; read linearly, flat gets more.
static void gpus_go_where_the_scaling_says_they_add_speed(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 6}});
    for (auto [id, family] : {std::pair<uint32_t, const char *>{1, "flat"}, {2, "lin"}}) {
        PendingJob &j = b.add_pending(id, 1, {"a100", 0, 2}, 3600);
        j.family = family;
        j.gpu_count_min = 1;
        j.gpu_count_max = 4;
    }
    FamilySpeedRanker::FamilySpeeds speeds = {{"flat", {{"a100", 3}}}, {"lin", {{"a100", 3}}}};
    FamilySpeedRanker scaled(speeds, {}, "measured", {{"flat", {{"a100", {{3, 2.0 / 3}, {4, 0.5}}}}}});
    CyclePlan plan = run(b, scaled);
    assert_int_equal(gpus_placed(only(plan, 1)), 2);
    assert_int_equal(gpus_placed(only(plan, 2)), 4);
    assert_true(gpus_placed(only(run(b, FamilySpeedRanker(speeds, {})), 1)) > 2);
}

// accord_policy picks the pipeline: on the same queue, EASY gives job 1
// (first in priority) the a100 GPU, the allocator gives it to job 2.
static void plan_cycle_follows_accord_policy(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 8, 64000, {{"a100", 1}});
    b.add_node("v100-1", 8, 64000, {{"v100", 1}});
    b.add_pending(1, 1, {"", 0, 1}, 3600).family = "flat";
    b.add_pending(2, 1, {"", 0, 1}, 3600).family = "steep";
    FamilySpeedRanker ranker({{"flat", {{"a100", 3}, {"v100", 2.9}}}, {"steep", {{"a100", 3}, {"v100", 1}}}}, {});
    accord::core::SchedulerParams params;
    accord::core::PreemptCadence cadence;
    params.policy = accord::core::CyclePolicy::Easy;
    assert_string_equal(only(plan_cycle(b.get(), params, ranker, cadence), 1).gpu_type.c_str(), "a100");
    params.policy = accord::core::CyclePolicy::Allocator;
    assert_string_equal(only(plan_cycle(b.get(), params, ranker, cadence), 1).gpu_type.c_str(), "v100");
}

// Running jobs keep their GPUs: with 6 of 8 a100 GPUs held, a job that
// may take 2-4 of them gets the 2 that are free.
static void running_jobs_hold_their_gpus(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_running(50, b.now() + 600, "a100-1", res(6, 6000, {{"a100", 6}}));
    PendingJob &j = b.add_pending(1, 1, {"a100", 0, 2}, 3600);
    j.gpu_count_min = 2;
    j.gpu_count_max = 4;
    Decision d = only(run(b), 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(gpus_placed(d), 2);
}

// Job 1 (first in priority) needs 8 a100 GPUs; 6 are held until now+600,
// so it is reserved from then. Job 2's range could use the 2 free GPUs,
// but only if it ends before the reservation.
static SnapshotBuilder blocked_top_job(int64_t second_limit)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_running(50, b.now() + 600, "a100-1", res(6, 6000, {{"a100", 6}}));
    b.add_pending(1, 1, {"a100", 0, 8}, 3600);
    PendingJob &j = b.add_pending(2, 1, {"a100", 0, 1}, second_limit);
    j.gpu_count_min = 1;
    j.gpu_count_max = 2;
    return b;
}

static void allocator_never_delays_the_top_blocked_job(void **)
{
    SnapshotBuilder b = blocked_top_job(3600);
    CyclePlan plan = run(b);
    Decision top = only(plan, 1);
    assert_int_equal(top.verdict, Verdict::Reserve);
    assert_int_equal(top.start_time, b.now() + 600);
    assert_int_not_equal(only(plan, 2).verdict, Verdict::Start);
}

static void allocator_choice_backfills_before_the_reservation(void **)
{
    SnapshotBuilder b = blocked_top_job(300);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 1).verdict, Verdict::Reserve);
    Decision d = only(plan, 2);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(gpus_placed(d), 2);
}

// The allocator sees GPUs only: it picks the a100 node, whose CPUs are
// taken. The pipeline cannot start that, so the job is planned again on
// its own request and starts on the v100 node.
static void refused_choice_falls_back_to_the_request(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 4, 64000, {{"a100", 4}});
    b.add_node("v100-1", 8, 64000, {{"v100", 4}});
    b.add_running(50, b.now() + 600, "a100-1", res(4, 1000, {}));
    b.add_pending(1, 2, {"", 0, 1}, 3600);
    Decision d = only(run(b), 1);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "v100");
}

// Job 1 (first in priority) may use a100-1 only (its partition), where
// job 50 holds every GPU; a100-2 is free. Pooling the a100s, the allocator
// gave job 1 a100-2's GPUs and job 2, typeless, the v100s, and a100-2
// stayed idle while job 1 waited for a100-1. Job 1 is admitted only on
// nodes it may use: job 2 gets a100-2.
static void job_confined_to_busy_nodes_leaves_the_free_ones_to_others(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("a100-2", 64, 512000, {{"a100", 4}});
    b.add_node("v100-1", 64, 512000, {{"v100", 4}});
    b.add_running(50, b.now() + 600, "a100-1", res(4, 4000, {{"a100", 4}}));
    b.add_pending(1, 1, {"a100", 0, 4}, 3600).allowed_nodes = accord::core::NodeList({0});
    b.add_pending(2, 1, {"", 0, 4}, 3600);
    CyclePlan plan = run(b);
    Decision top = only(plan, 1);
    assert_int_equal(top.verdict, Verdict::Reserve);
    assert_int_equal(top.placement[0].node, 0);
    Decision d = only(plan, 2);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(d.placement[0].node, 1);
}

// schedule_cycle's choices: tried first, in the record's place; one that
// does not fit now gives way to the record's own request at once.
static void pipeline_tries_the_choice_then_the_request(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    b.add_pending(2, 1, {"", 0, 2}, 3600);
    accord::core::RequestChoices choices = {{0, GpuRequest{"v100", 0, 3}}, {1, GpuRequest{"t4", 0, 8}}};
    CyclePlan plan = accord::core::schedule_cycle(b.get(), CycleConfig{}, SpeedTableRanker(kSpeeds), &choices);
    Decision first = only(plan, 1), second = only(plan, 2);
    assert_string_equal(first.gpu_type.c_str(), "v100");
    assert_int_equal(gpus_placed(first), 3);
    assert_true(first.chosen_request && first.chosen_request->per_job == 3);
    assert_string_equal(second.gpu_type.c_str(), "a100");
    assert_int_equal(gpus_placed(second), 2);
    assert_false(second.chosen_request.has_value());
}

static void cpu_only_jobs_are_scheduled_as_today(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 8);
    b.add_pending(2, 1, {"", 0, 1}, 3600);
    CyclePlan plan = run(b);
    Decision cpu = only(plan, 1);
    assert_int_equal(cpu.verdict, Verdict::Start);
    assert_true(cpu.gpu_type.empty());
    assert_int_equal(cpu.placement[0].used.cpus, 8);
    assert_int_equal(only(plan, 2).verdict, Verdict::Start);
}

// An array record with several tasks ready keeps its request: each task
// starts with what it asked for.
static void array_records_keep_their_request(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &j = b.add_pending(1, 1, {"a100", 0, 1}, 3600);
    j.array_tasks = 2;
    j.gpu_count_min = 1;
    j.gpu_count_max = 4;
    CyclePlan plan = run(b);
    assert_int_equal(plan.starts, 2);
    for (const auto &d : plan.decisions) {
        assert_int_equal(gpus_placed(d), 1);
        assert_false(d.chosen_request.has_value());
    }
}

// A CPU-only job after an array record of typeless GPU tasks is still
// CPU-only in its decision and its text.
static void cpu_only_job_after_an_array_record_names_no_gpu(void **)
{
    SnapshotBuilder b = three_types();
    PendingJob &array = b.add_pending(1, 1, {"", 1, 0}, 3600);
    array.array_tasks = 2;
    b.add_pending(2, 4);
    CyclePlan plan = run(b);
    Decision cpu = only(plan, 2);
    assert_int_equal(cpu.verdict, Verdict::Start);
    assert_true(cpu.gpu_type.empty());
    assert_null(std::strstr(explain(cpu, b.get()).c_str(), "gpu:"));
}

// And an array record of typeless GPU tasks after a CPU-only job gets a
// GPU type for each task.
static void array_record_after_a_cpu_only_job_gets_a_type(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 4);
    PendingJob &array = b.add_pending(2, 1, {"", 1, 0}, 3600);
    array.array_tasks = 2;
    CyclePlan plan = run(b);
    assert_int_equal(plan.starts, 3);
    for (const auto &d : plan.decisions)
        if (d.job_id == 2) {
            assert_false(d.gpu_type.empty());
            assert_int_equal(gpus_placed(d), 1);
        }
}

// Two jobs alike but for their CPUs per GPU: each starts with its own.
static void chosen_request_keeps_the_jobs_cpus_per_gpu(void **)
{
    SnapshotBuilder b = three_types();
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    PendingJob &wide = b.add_pending(2, 1, {"", 0, 2}, 3600);
    wide.gpus.cpus_per_gpu = 8;
    CyclePlan plan = run(b);
    Decision d = only(plan, 2);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_true(d.chosen_request.has_value());
    assert_int_equal(d.chosen_request->cpus_per_gpu, 8);
    assert_int_equal(d.placement[0].used.cpus, 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cpu_only_job_has_no_options),
        cmocka_unit_test(named_type_is_kept),
        cmocka_unit_test(typeless_request_may_take_any_type),
        cmocka_unit_test(accepted_types_hint_restricts_types),
        cmocka_unit_test(rate_is_one_gpu_speed_times_count),
        cmocka_unit_test(rate_takes_the_rankers_scaling),
        cmocka_unit_test(fewer_gpus_only_when_predicted_as_fast),
        cmocka_unit_test(named_type_never_gets_fewer_gpus),
        cmocka_unit_test(counts_stop_at_what_the_nodes_hold),
        cmocka_unit_test(per_node_request_keeps_its_node_count),
        cmocka_unit_test(no_speed_for_any_type_gives_no_options),
        cmocka_unit_test(count_range_gets_a_count_chosen),
        cmocka_unit_test(typeless_request_without_range_changes_only_its_type),
        cmocka_unit_test(named_type_with_range_gets_its_count_rewritten),
        cmocka_unit_test(named_type_without_range_is_not_rewritten),
        cmocka_unit_test(request_of_several_types_is_not_rewritten),
        cmocka_unit_test(whole_queue_gives_each_type_to_the_job_it_suits),
        cmocka_unit_test(gpus_go_where_the_scaling_says_they_add_speed),
        cmocka_unit_test(plan_cycle_follows_accord_policy),
        cmocka_unit_test(running_jobs_hold_their_gpus),
        cmocka_unit_test(allocator_never_delays_the_top_blocked_job),
        cmocka_unit_test(allocator_choice_backfills_before_the_reservation),
        cmocka_unit_test(refused_choice_falls_back_to_the_request),
        cmocka_unit_test(job_confined_to_busy_nodes_leaves_the_free_ones_to_others),
        cmocka_unit_test(pipeline_tries_the_choice_then_the_request),
        cmocka_unit_test(cpu_only_jobs_are_scheduled_as_today),
        cmocka_unit_test(cpu_only_job_after_an_array_record_names_no_gpu),
        cmocka_unit_test(array_record_after_a_cpu_only_job_gets_a_type),
        cmocka_unit_test(chosen_request_keeps_the_jobs_cpus_per_gpu),
        cmocka_unit_test(array_records_keep_their_request),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
