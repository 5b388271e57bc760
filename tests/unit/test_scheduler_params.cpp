// Unit tests for core/scheduler_params: SchedulerParameters parsing and the
// main-scheduler warnings.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "core/plan_cycle.h"
#include "core/scheduler_params.h"

using accord::core::AllocConfig;
using accord::core::main_scheduler_warnings;
using accord::core::parse_scheduler_params;
using accord::core::SchedulerParams;

static SchedulerParams parse_ok(const std::string &text)
{
    std::vector<std::string> errors;
    SchedulerParams p = parse_scheduler_params(text, errors);
    if (!errors.empty())
        fail_msg("unexpected error for \"%s\": %s", text.c_str(), errors[0].c_str());
    return p;
}

// Parses `text`, expects exactly one error naming `key` and `range`, and
// returns the params.
static SchedulerParams parse_one_error(const std::string &text, const std::string &key,
                                       const std::string &range)
{
    std::vector<std::string> errors;
    SchedulerParams p = parse_scheduler_params(text, errors);
    if (errors.size() != 1)
        fail_msg("\"%s\" gave %zu errors, expected 1", text.c_str(), errors.size());
    assert_contains(errors[0], key);
    assert_contains(errors[0], range);
    return p;
}

static void assert_defaults(const SchedulerParams &p)
{
    assert_int_equal(p.interval_s, 5);
    assert_int_equal(p.max_jobs, 1000);
    assert_int_equal(p.reserve_depth, 1);
    assert_false(p.debug);
    assert_true(p.gpu_speed.empty());
    assert_true(p.model_path.empty());
    assert_true(p.fairness_bound == 0);
    assert_int_equal(p.min_run_s, 600);
    assert_int_equal(p.restart_cost_s, 300);
}

static const char kIntervalRange[] = "[1, 3600]";
static const char kMaxJobsRange[] = "[1, 1000000]";
static const char kDepthRange[] = "[0, 1000]";
static const char kDebugRange[] = "[0, 1]";
static const char kSpeedForm[] = "TYPE:SPEED";

// ---- defaults -------------------------------------------------------------------

static void empty_string_gives_defaults(void **)
{
    SchedulerParams p = parse_ok("");
    assert_defaults(p);
    assert_false(p.main_loop_disabled);
    assert_false(p.defer);
}

static void default_struct_matches_documented_defaults(void **)
{
    assert_defaults(SchedulerParams{});
}

// ---- each key -------------------------------------------------------------------

static void accord_interval_parsed(void **)
{
    assert_int_equal(parse_ok("accord_interval=30").interval_s, 30);
}

static void accord_max_jobs_parsed(void **)
{
    assert_int_equal(parse_ok("accord_max_jobs=250").max_jobs, 250);
}

static void accord_reserve_depth_parsed(void **)
{
    assert_int_equal(parse_ok("accord_reserve_depth=4").reserve_depth, 4);
    assert_int_equal(parse_ok("accord_reserve_depth=0").reserve_depth, 0);
}

static void accord_debug_parsed(void **)
{
    assert_true(parse_ok("accord_debug=1").debug);
    assert_false(parse_ok("accord_debug=0").debug);
}

static void all_keys_together_with_other_plugins_keys(void **)
{
    SchedulerParams p = parse_ok("bf_continue,accord_interval=10,bf_interval=30,accord_max_jobs=50,"
                                 "accord_reserve_depth=3,accord_debug=1,"
                                 "accord_gpu_speed=a100:3/v100:2,sched_interval=-1,defer");
    assert_int_equal(p.interval_s, 10);
    assert_int_equal(p.max_jobs, 50);
    assert_int_equal(p.reserve_depth, 3);
    assert_true(p.debug);
    assert_int_equal(p.gpu_speed.size(), 2);
    assert_true(p.main_loop_disabled);
    assert_true(p.defer);
}

static void empty_items_between_commas_ignored(void **)
{
    assert_int_equal(parse_ok(",,accord_interval=7,,").interval_s, 7);
}

// ---- range bounds ------------------------------------------------------------------

static void accord_interval_bounds(void **)
{
    assert_int_equal(parse_ok("accord_interval=1").interval_s, 1);
    assert_int_equal(parse_ok("accord_interval=3600").interval_s, 3600);
    assert_int_equal(parse_one_error("accord_interval=0", "accord_interval", kIntervalRange).interval_s, 5);
    assert_int_equal(parse_one_error("accord_interval=3601", "accord_interval", kIntervalRange).interval_s, 5);
}

static void accord_max_jobs_bounds(void **)
{
    assert_int_equal(parse_ok("accord_max_jobs=1").max_jobs, 1);
    assert_int_equal(parse_ok("accord_max_jobs=1000000").max_jobs, 1000000);
    assert_int_equal(parse_one_error("accord_max_jobs=0", "accord_max_jobs", kMaxJobsRange).max_jobs, 1000);
    assert_int_equal(parse_one_error("accord_max_jobs=1000001", "accord_max_jobs", kMaxJobsRange).max_jobs,
                     1000);
}

static void accord_reserve_depth_bounds(void **)
{
    assert_int_equal(parse_ok("accord_reserve_depth=1000").reserve_depth, 1000);
    assert_int_equal(
        parse_one_error("accord_reserve_depth=-1", "accord_reserve_depth", kDepthRange).reserve_depth, 1);
    assert_int_equal(
        parse_one_error("accord_reserve_depth=1001", "accord_reserve_depth", kDepthRange).reserve_depth, 1);
}

static void accord_debug_bounds(void **)
{
    assert_false(parse_one_error("accord_debug=2", "accord_debug", kDebugRange).debug);
    assert_false(parse_one_error("accord_debug=-1", "accord_debug", kDebugRange).debug);
}

// ---- bad values ---------------------------------------------------------------------

static void non_number_rejected(void **)
{
    assert_int_equal(parse_one_error("accord_interval=abc", "accord_interval", kIntervalRange).interval_s, 5);
    assert_int_equal(parse_one_error("accord_max_jobs=ten", "accord_max_jobs", kMaxJobsRange).max_jobs, 1000);
}

static void trailing_garbage_rejected(void **)
{
    assert_int_equal(parse_one_error("accord_interval=5s", "accord_interval", kIntervalRange).interval_s, 5);
    assert_int_equal(parse_one_error("accord_interval=2.5", "accord_interval", kIntervalRange).interval_s, 5);
}

static void empty_value_rejected(void **)
{
    assert_int_equal(parse_one_error("accord_interval=", "accord_interval", kIntervalRange).interval_s, 5);
    assert_int_equal(
        parse_one_error("accord_reserve_depth=", "accord_reserve_depth", kDepthRange).reserve_depth, 1);
}

static void missing_equals_rejected(void **)
{
    // Not even accord_debug is a flag: it needs =0 or =1.
    assert_int_equal(parse_one_error("accord_interval", "accord_interval", kIntervalRange).interval_s, 5);
    assert_false(parse_one_error("accord_debug", "accord_debug", kDebugRange).debug);
}

static void overflowing_number_rejected(void **)
{
    assert_int_equal(
        parse_one_error("accord_max_jobs=99999999999999999999999", "accord_max_jobs", kMaxJobsRange).max_jobs,
        1000);
}

static void bad_value_does_not_affect_other_keys(void **)
{
    SchedulerParams p =
        parse_one_error("accord_interval=x,accord_max_jobs=20", "accord_interval", kIntervalRange);
    assert_int_equal(p.interval_s, 5);
    assert_int_equal(p.max_jobs, 20);
}

static void bad_value_error_quotes_the_value(void **)
{
    std::vector<std::string> errors;
    parse_scheduler_params("accord_interval=banana", errors);
    assert_int_equal(errors.size(), 1);
    assert_contains(errors[0], "banana");
}

static void each_bad_key_gives_its_own_error(void **)
{
    std::vector<std::string> errors;
    SchedulerParams p = parse_scheduler_params("accord_interval=0,accord_debug=7", errors);
    assert_int_equal(errors.size(), 2);
    assert_contains(errors[0], "accord_interval");
    assert_contains(errors[1], "accord_debug");
    assert_defaults(p);
}

// ---- unknown and foreign keys ------------------------------------------------------

static void unknown_accord_key_gives_one_error(void **)
{
    std::vector<std::string> errors;
    SchedulerParams p = parse_scheduler_params("accord_intervall=5", errors);
    assert_int_equal(errors.size(), 1);
    assert_contains(errors[0], "accord_intervall");
    assert_defaults(p);
}

static void unknown_accord_flag_gives_one_error(void **)
{
    std::vector<std::string> errors;
    parse_scheduler_params("accord_fast", errors);
    assert_int_equal(errors.size(), 1);
    assert_contains(errors[0], "accord_fast");
}

static void other_plugins_interval_keys_not_taken(void **)
{
    SchedulerParams p = parse_ok("bf_interval=30,bf_max_job_test=500,max_rpc_cnt=150");
    assert_defaults(p);
}

static void key_must_match_whole_not_as_suffix(void **)
{
    SchedulerParams p = parse_ok("xaccord_interval=9,my_accord_max_jobs=3,interval=8,max_jobs=2");
    assert_defaults(p);
}

static void key_must_match_whole_not_as_prefix(void **)
{
    std::vector<std::string> errors;
    SchedulerParams p = parse_scheduler_params("accord_interval_s=9", errors);
    assert_int_equal(p.interval_s, 5);
    assert_int_equal(errors.size(), 1);
}

// ---- Slurm's own keys ------------------------------------------------------------

static void sched_interval_minus_one_disables_main_loop(void **)
{
    assert_true(parse_ok("sched_interval=-1").main_loop_disabled);
}

static void other_sched_interval_keeps_main_loop(void **)
{
    assert_false(parse_ok("sched_interval=60").main_loop_disabled);
    assert_false(parse_ok("sched_interval=-10").main_loop_disabled);
    assert_false(parse_ok("sched_interval").main_loop_disabled);
}

static void sched_interval_is_whole_key(void **)
{
    assert_false(parse_ok("bf_sched_interval=-1").main_loop_disabled);
    assert_false(parse_ok("sched_interval_x=-1").main_loop_disabled);
}

static void defer_detected(void **)
{
    assert_true(parse_ok("bf_continue,defer").defer);
    assert_false(parse_ok("bf_continue").defer);
}

static void defer_is_whole_key(void **)
{
    assert_false(parse_ok("defer_batch").defer);
    assert_false(parse_ok("nodefer").defer);
}

static void warnings_when_neither_set(void **)
{
    auto w = main_scheduler_warnings(parse_ok("bf_interval=30"));
    assert_int_equal(w.size(), 2);
    assert_contains(w[0] + w[1], "sched_interval=-1");
    assert_contains(w[0] + w[1], "defer");
}

static void one_warning_when_only_defer(void **)
{
    auto w = main_scheduler_warnings(parse_ok("defer"));
    assert_int_equal(w.size(), 1);
    assert_contains(w[0], "sched_interval=-1");
}

static void one_warning_when_only_main_loop_disabled(void **)
{
    auto w = main_scheduler_warnings(parse_ok("sched_interval=-1"));
    assert_int_equal(w.size(), 1);
    assert_contains(w[0], "defer");
    assert_true(w[0].find("sched_interval") == std::string::npos);
}

static void no_warnings_when_both_set(void **)
{
    assert_int_equal(main_scheduler_warnings(parse_ok("sched_interval=-1,defer")).size(), 0);
}

// ---- accord_gpu_speed --------------------------------------------------------------

static void gpu_speed_table_parsed(void **)
{
    SchedulerParams p = parse_ok("accord_gpu_speed=a100:3/v100:2.5/t4:1");
    assert_int_equal(p.gpu_speed.size(), 3);
    assert_true(p.gpu_speed.at("a100") == 3.0);
    assert_true(p.gpu_speed.at("v100") == 2.5);
    assert_true(p.gpu_speed.at("t4") == 1.0);
}

static void gpu_speed_single_entry(void **)
{
    SchedulerParams p = parse_ok("accord_gpu_speed=h100:10");
    assert_int_equal(p.gpu_speed.size(), 1);
    assert_true(p.gpu_speed.at("h100") == 10.0);
}

static void gpu_speed_fractional_below_one(void **)
{
    assert_true(parse_ok("accord_gpu_speed=t4:0.5").gpu_speed.at("t4") == 0.5);
}

static void gpu_speed_among_other_keys(void **)
{
    SchedulerParams p = parse_ok("defer,accord_gpu_speed=a100:3/v100:2,accord_interval=9");
    assert_int_equal(p.gpu_speed.size(), 2);
    assert_int_equal(p.interval_s, 9);
}

static void gpu_speed_rejects(const char *text)
{
    SchedulerParams p = parse_one_error(text, "accord_gpu_speed", kSpeedForm);
    if (!p.gpu_speed.empty())
        fail_msg("\"%s\" left a speed table of %zu entries", text, p.gpu_speed.size());
}

// ---- accord_policy ------------------------------------------------------------------

static void policy_defaults_to_the_allocator(void **)
{
    assert_true(parse_ok("defer").policy == accord::core::CyclePolicy::Allocator);
}

static void policy_easy_and_allocator_parsed(void **)
{
    assert_true(parse_ok("accord_policy=easy").policy == accord::core::CyclePolicy::Easy);
    assert_true(parse_ok("accord_policy=easy,accord_policy=allocator").policy ==
                accord::core::CyclePolicy::Allocator);
}

static void policy_unknown_value_keeps_the_default(void **)
{
    for (const char *text : {"accord_policy=fifo", "accord_policy=", "accord_policy", "accord_policy=EASY",
                             "accord_policy=PREEMPT"})
        assert_true(parse_one_error(text, "accord_policy", "easy, allocator or preempt").policy ==
                    accord::core::CyclePolicy::Allocator);
}

static void policy_preempt_parsed(void **)
{
    assert_true(parse_ok("accord_policy=preempt").policy == accord::core::CyclePolicy::Preempt);
    assert_true(parse_ok("accord_policy=preempt,accord_policy=easy").policy == accord::core::CyclePolicy::Easy);
}

// ---- accord_min_run, accord_restart_cost, accord_preempt_interval ---------------------

static void min_run_and_restart_cost_parsed(void **)
{
    SchedulerParams p = parse_ok("accord_policy=preempt,accord_min_run=20,accord_restart_cost=5");
    assert_int_equal(p.min_run_s, 20);
    assert_int_equal(p.restart_cost_s, 5);
}

static void min_run_bounds(void **)
{
    const char range[] = "[0, 604800]";
    assert_int_equal(parse_ok("accord_min_run=0").min_run_s, 0);
    assert_int_equal(parse_ok("accord_min_run=604800").min_run_s, 604800);
    for (const char *text : {"accord_min_run=-1", "accord_min_run=604801", "accord_min_run=10m", "accord_min_run=",
                             "accord_min_run"})
        assert_int_equal(parse_one_error(text, "accord_min_run", range).min_run_s, 600);
}

static void restart_cost_bounds(void **)
{
    const char range[] = "[0, 86400]";
    assert_int_equal(parse_ok("accord_restart_cost=0").restart_cost_s, 0);
    assert_int_equal(parse_ok("accord_restart_cost=86400").restart_cost_s, 86400);
    for (const char *text : {"accord_restart_cost=-5", "accord_restart_cost=86401", "accord_restart_cost=x"})
        assert_int_equal(parse_one_error(text, "accord_restart_cost", range).restart_cost_s, 300);
}

static void bad_min_run_keeps_the_policy_and_cost(void **)
{
    SchedulerParams p = parse_one_error("accord_policy=preempt,accord_min_run=abc,accord_restart_cost=9",
                                        "accord_min_run=abc", "[0, 604800]");
    assert_true(p.policy == accord::core::CyclePolicy::Preempt);
    assert_int_equal(p.min_run_s, 600);
    assert_int_equal(p.restart_cost_s, 9);
}

static void unknown_key_error_lists_the_preempt_keys(void **)
{
    std::vector<std::string> errors;
    parse_scheduler_params("accord_min_runs=5", errors);
    assert_int_equal(errors.size(), 1);
    assert_contains(errors[0], "accord_min_run,");
    assert_contains(errors[0], "accord_restart_cost,");
    assert_contains(errors[0], "accord_preempt_interval,");
    assert_contains(errors[0], "accord_migrate,");
    assert_contains(errors[0], "accord_order,");
    assert_contains(errors[0], "accord_first_queue)");
}

static void preempt_interval_bounds(void **)
{
    const char range[] = "[0, 86400]";
    assert_int_equal(SchedulerParams{}.preempt_interval_s, 300);
    assert_int_equal(parse_ok("accord_policy=preempt,accord_preempt_interval=0").preempt_interval_s, 0);
    assert_int_equal(parse_ok("accord_policy=preempt,accord_preempt_interval=60").preempt_interval_s, 60);
    assert_int_equal(parse_ok("accord_preempt_interval=86400").preempt_interval_s, 86400);
    for (const char *text : {"accord_preempt_interval=-1", "accord_preempt_interval=86401",
                             "accord_preempt_interval=5m", "accord_preempt_interval"})
        assert_int_equal(parse_one_error(text, "accord_preempt_interval", range).preempt_interval_s, 300);
}

static void migrate_is_off_unless_set_to_one(void **)
{
    const char range[] = "[0, 1]";
    assert_false(SchedulerParams{}.migrate);
    assert_true(parse_ok("accord_policy=preempt,accord_migrate=1").migrate);
    assert_false(parse_ok("accord_migrate=0").migrate);
    for (const char *text : {"accord_migrate=2", "accord_migrate=yes", "accord_migrate"})
        assert_false(parse_one_error(text, "accord_migrate", range).migrate);
}

static void order_is_slurms_priority_unless_set_to_service_or_gittins(void **)
{
    using accord::core::JobOrder;
    assert_true(SchedulerParams{}.order == JobOrder::Priority);
    assert_true(parse_ok("accord_policy=preempt,accord_order=service").order == JobOrder::Service);
    assert_true(parse_ok("accord_policy=preempt,accord_order=gittins").order == JobOrder::Gittins);
    assert_true(parse_ok("accord_order=service,accord_order=priority").order == JobOrder::Priority);
    for (const char *text : {"accord_order=las", "accord_order=Service", "accord_order=", "accord_order"})
        assert_true(parse_one_error(text, "accord_order", "priority, service or gittins").order == JobOrder::Priority);
}

static void first_queue_bounds_reach_the_allocator(void **)
{
    const char range[] = "[1, 1000000000]";
    assert_int_equal(SchedulerParams{}.first_queue_gpu_s, 3600);
    auto p = parse_ok("accord_first_queue=400");
    assert_int_equal(p.first_queue_gpu_s, 400);
    assert_true(accord::core::alloc_config(p).first_queue_gpu_s == 400);
    assert_true(accord::core::alloc_config(SchedulerParams{}).first_queue_gpu_s == AllocConfig{}.first_queue_gpu_s);
    for (const char *text : {"accord_first_queue=0", "accord_first_queue=1000000001", "accord_first_queue=1h",
                             "accord_first_queue"})
        assert_int_equal(parse_one_error(text, "accord_first_queue", range).first_queue_gpu_s, 3600);
}

// ---- accord_model --------------------------------------------------------------------

static void model_absolute_path_taken(void **)
{
    assert_string_equal(parse_ok("accord_model=/var/lib/accord/m.pt,accord_interval=2").model_path.c_str(),
                        "/var/lib/accord/m.pt");
}

static void model_relative_empty_or_long_path_rejected(void **)
{
    std::string too_long = "accord_model=/" + std::string(accord::core::kMaxModelPath, 'm');
    for (const std::string &text : {std::string("accord_model=m.pt"), std::string("accord_model="),
                                    std::string("accord_model"), too_long})
        assert_true(parse_one_error(text.c_str(), "accord_model", "an absolute path of at most 4095 bytes")
                        .model_path.empty());
}

// ---- accord_topology -----------------------------------------------------------------

static void topology_absolute_dir_taken(void **)
{
    auto p = parse_ok("accord_topology=/etc/accord/topology,accord_model=/m.pt");
    assert_string_equal(p.topology_dir.c_str(), "/etc/accord/topology");
    assert_string_equal(p.model_path.c_str(), "/m.pt");
    assert_true(parse_ok("accord_interval=2").topology_dir.empty());
}

static void topology_relative_empty_or_long_dir_rejected(void **)
{
    std::string too_long = "accord_topology=/" + std::string(accord::core::kMaxModelPath, 't');
    for (const std::string &text : {std::string("accord_topology=topo"), std::string("accord_topology="),
                                    std::string("accord_topology"), too_long})
        assert_true(parse_one_error(text.c_str(), "accord_topology", "an absolute path of at most 4095 bytes")
                        .topology_dir.empty());
}

// ---- accord_fairness ------------------------------------------------------------------

static const char kFairnessRange[] = "0 (off) or a number in [1, 1000]";

static void fairness_defaults_to_off(void **) { assert_true(parse_ok("defer").fairness_bound == 0); }

static void fairness_bounds_parsed(void **)
{
    assert_true(parse_ok("accord_fairness=2.5").fairness_bound == 2.5);
    assert_true(parse_ok("accord_fairness=1").fairness_bound == 1);
    assert_true(parse_ok("accord_fairness=1000,accord_interval=2").fairness_bound == 1000);
    assert_true(parse_ok("accord_fairness=3,accord_fairness=0").fairness_bound == 0);
}

static void fairness_bad_value_named_with_range_and_default_kept(void **)
{
    for (const char *text : {"accord_fairness=0.5", "accord_fairness=-1", "accord_fairness=1000.5",
                             "accord_fairness=abc", "accord_fairness=2x", "accord_fairness=", "accord_fairness",
                             "accord_fairness=nan", "accord_fairness=inf"})
        assert_true(parse_one_error(text, std::string("invalid accord_fairness"), kFairnessRange).fairness_bound ==
                    0);
}

static void fairness_bad_value_keeps_an_earlier_good_one(void **)
{
    std::vector<std::string> errors;
    assert_true(parse_scheduler_params("accord_fairness=4,accord_fairness=0.9", errors).fairness_bound == 4);
    assert_int_equal(errors.size(), 1);
}

// ---- accord_explore -------------------------------------------------------------------

static const char kExploreRange[] = "0 (off) or a fraction in (0, 1]";

static void explore_defaults_to_the_chosen_bound(void **)
{
    assert_true(parse_ok("defer").explore_bound == accord::core::kDefaultExploreBound);
    assert_true(accord::core::kDefaultExploreBound > 0 && accord::core::kDefaultExploreBound <= 1);
}

static void explore_bounds_parsed(void **)
{
    assert_true(parse_ok("accord_explore=0.25").explore_bound == 0.25);
    assert_true(parse_ok("accord_explore=1").explore_bound == 1);
    assert_true(parse_ok("accord_explore=0,accord_interval=2").explore_bound == 0);
}

static void explore_bad_value_named_with_range_and_default_kept(void **)
{
    for (const char *text : {"accord_explore=-0.1", "accord_explore=1.5", "accord_explore=abc", "accord_explore=0.2x",
                             "accord_explore=", "accord_explore", "accord_explore=nan", "accord_explore=inf"})
        assert_true(parse_one_error(text, std::string("invalid accord_explore"), kExploreRange).explore_bound ==
                    accord::core::kDefaultExploreBound);
}

static void gpu_speed_without_colon_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100"); }
static void gpu_speed_without_type_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=:3"); }
static void gpu_speed_zero_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:0"); }
static void gpu_speed_negative_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:-1"); }
static void gpu_speed_non_number_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:x"); }
static void gpu_speed_empty_rejected(void **) { gpu_speed_rejects("accord_gpu_speed="); }
static void gpu_speed_missing_equals_rejected(void **) { gpu_speed_rejects("accord_gpu_speed"); }
static void gpu_speed_without_speed_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:"); }
static void gpu_speed_trailing_garbage_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:3x"); }
static void gpu_speed_infinite_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:inf"); }
static void gpu_speed_nan_rejected(void **) { gpu_speed_rejects("accord_gpu_speed=a100:nan"); }

static void gpu_speed_one_bad_entry_rejects_whole_table(void **)
{
    gpu_speed_rejects("accord_gpu_speed=a100:3/v100");
    gpu_speed_rejects("accord_gpu_speed=a100:3/v100:0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_string_gives_defaults),
        cmocka_unit_test(default_struct_matches_documented_defaults),
        cmocka_unit_test(accord_interval_parsed),
        cmocka_unit_test(accord_max_jobs_parsed),
        cmocka_unit_test(accord_reserve_depth_parsed),
        cmocka_unit_test(accord_debug_parsed),
        cmocka_unit_test(all_keys_together_with_other_plugins_keys),
        cmocka_unit_test(empty_items_between_commas_ignored),
        cmocka_unit_test(accord_interval_bounds),
        cmocka_unit_test(accord_max_jobs_bounds),
        cmocka_unit_test(accord_reserve_depth_bounds),
        cmocka_unit_test(accord_debug_bounds),
        cmocka_unit_test(non_number_rejected),
        cmocka_unit_test(trailing_garbage_rejected),
        cmocka_unit_test(empty_value_rejected),
        cmocka_unit_test(missing_equals_rejected),
        cmocka_unit_test(overflowing_number_rejected),
        cmocka_unit_test(bad_value_does_not_affect_other_keys),
        cmocka_unit_test(bad_value_error_quotes_the_value),
        cmocka_unit_test(each_bad_key_gives_its_own_error),
        cmocka_unit_test(unknown_accord_key_gives_one_error),
        cmocka_unit_test(unknown_accord_flag_gives_one_error),
        cmocka_unit_test(other_plugins_interval_keys_not_taken),
        cmocka_unit_test(key_must_match_whole_not_as_suffix),
        cmocka_unit_test(key_must_match_whole_not_as_prefix),
        cmocka_unit_test(sched_interval_minus_one_disables_main_loop),
        cmocka_unit_test(other_sched_interval_keeps_main_loop),
        cmocka_unit_test(sched_interval_is_whole_key),
        cmocka_unit_test(defer_detected),
        cmocka_unit_test(defer_is_whole_key),
        cmocka_unit_test(warnings_when_neither_set),
        cmocka_unit_test(one_warning_when_only_defer),
        cmocka_unit_test(one_warning_when_only_main_loop_disabled),
        cmocka_unit_test(no_warnings_when_both_set),
        cmocka_unit_test(gpu_speed_table_parsed),
        cmocka_unit_test(gpu_speed_single_entry),
        cmocka_unit_test(gpu_speed_fractional_below_one),
        cmocka_unit_test(gpu_speed_among_other_keys),
        cmocka_unit_test(gpu_speed_without_colon_rejected),
        cmocka_unit_test(gpu_speed_without_type_rejected),
        cmocka_unit_test(gpu_speed_zero_rejected),
        cmocka_unit_test(gpu_speed_negative_rejected),
        cmocka_unit_test(gpu_speed_non_number_rejected),
        cmocka_unit_test(policy_defaults_to_the_allocator),
        cmocka_unit_test(policy_easy_and_allocator_parsed),
        cmocka_unit_test(policy_unknown_value_keeps_the_default),
        cmocka_unit_test(policy_preempt_parsed),
        cmocka_unit_test(min_run_and_restart_cost_parsed),
        cmocka_unit_test(min_run_bounds),
        cmocka_unit_test(restart_cost_bounds),
        cmocka_unit_test(bad_min_run_keeps_the_policy_and_cost),
        cmocka_unit_test(unknown_key_error_lists_the_preempt_keys),
        cmocka_unit_test(preempt_interval_bounds),
        cmocka_unit_test(migrate_is_off_unless_set_to_one),
        cmocka_unit_test(model_absolute_path_taken),
        cmocka_unit_test(model_relative_empty_or_long_path_rejected),
        cmocka_unit_test(topology_absolute_dir_taken),
        cmocka_unit_test(topology_relative_empty_or_long_dir_rejected),
        cmocka_unit_test(fairness_defaults_to_off),
        cmocka_unit_test(explore_defaults_to_the_chosen_bound),
        cmocka_unit_test(explore_bounds_parsed),
        cmocka_unit_test(explore_bad_value_named_with_range_and_default_kept),
        cmocka_unit_test(fairness_bounds_parsed),
        cmocka_unit_test(fairness_bad_value_named_with_range_and_default_kept),
        cmocka_unit_test(fairness_bad_value_keeps_an_earlier_good_one),
        cmocka_unit_test(gpu_speed_empty_rejected),
        cmocka_unit_test(gpu_speed_missing_equals_rejected),
        cmocka_unit_test(gpu_speed_without_speed_rejected),
        cmocka_unit_test(gpu_speed_trailing_garbage_rejected),
        cmocka_unit_test(gpu_speed_infinite_rejected),
        cmocka_unit_test(gpu_speed_nan_rejected),
        cmocka_unit_test(gpu_speed_one_bad_entry_rejects_whole_table),
        cmocka_unit_test(order_is_slurms_priority_unless_set_to_service_or_gittins),
        cmocka_unit_test(first_queue_bounds_reach_the_allocator),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
