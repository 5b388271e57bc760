// Unit tests for core/schedule_cycle (and the decision texts of core/decision):
// priority order, GPU type choice (and the accepted-types hint), EASY
// backfill with reservations, requests of several GPU types, NeverFits,
// array records, duplicate records, max_jobs and counters.
#include "cmocka_cpp.h"
#include "plan_lookup.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/schedule_cycle.h"
#include "snapshot_builder.h"

using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::Decision;
using accord::core::explain;
using accord::core::schedule_cycle;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using accord::core::WaitReason;
using namespace accord::test;

using SpeedTable = std::map<std::string, double>;
static const SpeedTable kSpeeds = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
static const SpeedTable kNoTable = {};

// ---- helpers ------------------------------------------------------------------

// The golden cluster: two a100 nodes with 8 GPUs, one v100 node with 4.
static SnapshotBuilder golden()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_node("a100-2", 64, 512000, {{"a100", 8}});
    b.add_node("v100-1", 32, 256000, {{"v100", 4}});
    return b;
}

// One node "n" with 8 a100 GPUs.
static SnapshotBuilder one_node()
{
    SnapshotBuilder b;
    b.add_node("n", 64, 512000, {{"a100", 8}});
    return b;
}

static CycleConfig config(int reserve_depth = 1, size_t max_jobs = 1000)
{
    CycleConfig c;
    c.reserve_depth = reserve_depth;
    c.max_jobs = max_jobs;
    return c;
}

static CyclePlan run(const SnapshotBuilder &b, const CycleConfig &c = config(),
                     const SpeedTable &speeds = kSpeeds)
{
    SpeedTableRanker ranker(speeds);
    return schedule_cycle(b.get(), c, ranker);
}

// A copy of the one decision for `job_id` (safe on a temporary plan); fails
// the test if there is not exactly one.
static size_t count_verdict(const CyclePlan &plan, uint32_t job_id, Verdict v)
{
    size_t n = 0;
    for (const auto *d : decisions_for(plan, job_id))
        n += d->verdict == v;
    return n;
}

static std::string nodes_of(const Decision &d, const SnapshotBuilder &b)
{
    std::vector<std::string> names;
    for (const auto &use : d.placement)
        names.push_back(b.get().nodes.at(use.node).name);
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto &n : names)
        out += (out.empty() ? "" : ",") + n;
    return out;
}

static std::string rule_with_table() { return SpeedTableRanker(kSpeeds).rule(); }
static std::string rule_without_table() { return SpeedTableRanker(kNoTable).rule(); }

// Fill both a100 nodes of the golden cluster with running jobs.
static void fill_a100(SnapshotBuilder &b, int64_t until)
{
    b.add_running(1, until, "a100-1", res(8, 8000, {{"a100", 8}}));
    b.add_running(2, until, "a100-2", res(8, 8000, {{"a100", 8}}));
}

// ---- basics and priority order ----------------------------------------------

static void empty_queue_gives_empty_plan(void **)
{
    SnapshotBuilder b = golden();
    CyclePlan plan = run(b);
    assert_int_equal(plan.decisions.size(), 0);
    assert_int_equal(plan.considered, 0);
    assert_int_equal(plan.starts, 0);
    assert_int_equal(plan.reservations, 0);
}

static void fitting_job_starts_now(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 4, {"a100", 2}, 3600);
    CyclePlan plan = run(b);
    const Decision d = only(plan, 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(d.start_time, b.now());
    assert_int_equal(d.queue_index, 0);
    assert_int_equal(d.placement.size(), 1);
    assert_int_equal(d.placement[0].used.cpus, 4);
    assert_int_equal(d.placement[0].used.gpus_of("a100"), 2);
    assert_int_equal(plan.starts, 1);
}

static void first_queue_record_starts_when_room_for_one(void **)
{
    // Job ids in reverse order, so only queue order can pick the winner.
    SnapshotBuilder b = one_node();
    b.add_pending(20, 1, {"a100", 8}, 3600);
    b.add_pending(10, 1, {"a100", 8}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 20).verdict, Verdict::Start);
    assert_int_not_equal(only(plan, 10).verdict, Verdict::Start);
    assert_int_equal(plan.starts, 1);
}

static void decisions_carry_queue_index(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(30, 1, {}, 3600);
    b.add_pending(40, 1, {}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 30).queue_index, 0);
    assert_int_equal(only(plan, 40).queue_index, 1);
}

static void started_jobs_hold_their_resources_for_later_jobs(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"a100", 8}, 3600);
    b.add_pending(11, 1, {"a100", 8}, 3600);
    b.add_pending(12, 1, {"a100", 8}, 3600);
    CyclePlan plan = run(b);
    const Decision d10 = only(plan, 10);
    const Decision d11 = only(plan, 11);
    assert_int_equal(d10.verdict, Verdict::Start);
    assert_int_equal(d11.verdict, Verdict::Start);
    assert_int_not_equal(d10.placement[0].node, d11.placement[0].node);
    assert_int_not_equal(only(plan, 12).verdict, Verdict::Start);
}

// Records of one shape: each tries first the node that last had room for
// the shape, and looks further once that node is full.
static void one_node_jobs_of_one_shape_fill_node_after_node(void **)
{
    SnapshotBuilder b;
    b.add_node("n1", 64, 512000, {{"a100", 2}});
    b.add_node("n2", 64, 512000, {{"a100", 2}});
    for (uint32_t id = 10; id < 15; id++)
        b.add_pending(id, 1, {"a100", 1}, 3600);
    CyclePlan plan = run(b);
    int on_n1 = 0;
    for (uint32_t id = 10; id < 14; id++) {
        const Decision d = only(plan, id);
        assert_int_equal(d.verdict, Verdict::Start);
        on_n1 += nodes_of(d, b) == "n1";
    }
    assert_int_equal(on_n1, 2);
    assert_int_not_equal(only(plan, 14).verdict, Verdict::Start);
}

static void cpu_only_job_keeps_off_gpu_nodes(void **)
{
    SnapshotBuilder b = golden();
    b.add_node("cpu-1", 64, 512000);
    b.add_pending(10, 4, {}, 3600);
    CyclePlan plan = run(b);
    const Decision d = only(plan, 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(nodes_of(d, b).c_str(), "cpu-1");
    assert_string_equal(d.gpu_type.c_str(), "");
}

// ---- GPU type choice --------------------------------------------------------

static void typeless_request_gets_fastest_type_with_free_gpus(void **)
{
    // Best fit alone would pick v100 (2 left idle instead of 6).
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(d.placement[0].used.gpus_of("a100"), 2);
    assert_contains(nodes_of(d, b), "a100-");
}

// A CPU-only job before it on the same nodes does not make a typeless
// request CPU-only (nor the other way round: each is told its own types).
static void typeless_request_after_cpu_only_job_still_gets_a_type(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(9, 4, {}, 3600);
    b.add_pending(10, 1, {"", 2}, 3600);
    CyclePlan plan = run(b);
    assert_string_equal(only(plan, 9).gpu_type.c_str(), "");
    const Decision d = only(plan, 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(d.placement[0].used.gpus_of("a100"), 2);
}

static void typeless_request_falls_back_to_v100_when_a100_full(void **)
{
    SnapshotBuilder b = golden();
    fill_a100(b, b.now() + 3600);
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "v100");
    assert_string_equal(nodes_of(d, b).c_str(), "v100-1");
    assert_int_equal(d.placement[0].used.gpus_of("v100"), 2);
}

static void no_start_on_a_node_whose_starts_slurm_defers(void **)
{
    // An epilog runs on a100-1 (Slurm refuses starts there): a 2-a100 job
    // goes to a100-2; with a100-2 taken too, it is reserved on a100-1 from
    // the next second, as sched/backfill plans it.
    SnapshotBuilder b = golden();
    b.node_at(b.node("a100-1")).starts_deferred = true;
    b.add_pending(10, 1, {"a100", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(nodes_of(d, b).c_str(), "a100-2");
    b.add_running(1, b.now() + 3600, "a100-2", res(8, 8000, {{"a100", 8}}));
    const Decision later = only(run(b), 10);
    assert_int_equal(later.verdict, Verdict::Reserve);
    assert_string_equal(nodes_of(later, b).c_str(), "a100-1");
    assert_int_equal(later.start_time, b.now() + 1);
}

static void typeless_request_falls_back_when_fast_type_has_too_few(void **)
{
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 3600, "a100-1", res(1, 0, {{"a100", 7}}));
    b.add_running(2, b.now() + 3600, "a100-2", res(1, 0, {{"a100", 7}}));
    b.add_pending(10, 1, {"", 2}, 3600);
    assert_string_equal(only(run(b), 10).gpu_type.c_str(), "v100");
}

static void typeless_request_without_table_is_best_fit(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b, config(), kNoTable), 10);
    assert_string_equal(d.gpu_type.c_str(), "v100");
    assert_string_equal(nodes_of(d, b).c_str(), "v100-1");
}

static void typeless_best_fit_prefers_partly_used_a100(void **)
{
    // a100-1 has 2 GPUs free: taking them leaves 0 idle, v100 would leave 2.
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 3600, "a100-1", res(1, 0, {{"a100", 6}}));
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b, config(), kNoTable), 10);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_string_equal(nodes_of(d, b).c_str(), "a100-1");
}

static void equal_speeds_fall_back_to_best_fit(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b, config(), SpeedTable{{"a100", 2}, {"v100", 2}}), 10);
    assert_string_equal(d.gpu_type.c_str(), "v100");
}

static void typeless_request_considers_only_types_on_allowed_nodes(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.allowed_nodes = {b.node("v100-1")};
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "v100");
}

static void explicit_type_is_kept_when_faster_type_is_free(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"v100", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "v100");
    assert_string_equal(nodes_of(d, b).c_str(), "v100-1");
}

static void explicit_type_waits_rather_than_switching(void **)
{
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 3600, "v100-1", res(1, 0, {{"v100", 4}}));
    b.add_pending(10, 1, {"v100", 2}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 10, Verdict::Start), 0);
    assert_int_equal(only(plan, 10).verdict, Verdict::Reserve);
    assert_string_equal(only(plan, 10).gpu_type.c_str(), "v100");
}

// ---- accepted GPU types (the --accord-gpu-types hint) -------------------------

static void accepted_types_keep_typeless_request_off_faster_type(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.accepted_types = {"v100"};
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(d.gpu_type.c_str(), "v100");
    assert_string_equal(nodes_of(d, b).c_str(), "v100-1");
}

static void fastest_accepted_type_wins(void **)
{
    SnapshotBuilder b = golden();
    b.add_node("t4-1", 16, 64000, {{"t4", 4}});
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.accepted_types = {"t4", "v100"};
    assert_string_equal(only(run(b), 10).gpu_type.c_str(), "v100");
}

static void accepted_type_full_waits_rather_than_taking_another(void **)
{
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 3600, "v100-1", res(1, 0, {{"v100", 4}}));
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.accepted_types = {"v100"};
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 10, Verdict::Start), 0);
    assert_int_equal(only(plan, 10).verdict, Verdict::Reserve);
    assert_string_equal(only(plan, 10).gpu_type.c_str(), "v100");
}

static void accepted_types_no_allowed_node_has_never_fit(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.accepted_types = {"h100"};
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::NeverFits);
}

// Three GPU nodes, two a100 and one v100: a typeless job on 3 nodes fits
// only with the types mixed, which Slurm alone would do and Accord does not;
// on 4 nodes it fits on no mix either. Its decision tells them apart.
static void typeless_job_that_only_a_mix_of_types_holds_is_told_so(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &mixed = b.add_pending(10, 3, {"", 1}, 3600);
    mixed.min_nodes = mixed.max_nodes = 3;
    PendingJob &too_many = b.add_pending(11, 4, {"", 1}, 3600);
    too_many.min_nodes = too_many.max_nodes = 4;
    PendingJob &typed = b.add_pending(12, 3, {"a100", 1}, 3600);
    typed.min_nodes = typed.max_nodes = 3;
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 10).reason, WaitReason::OneTypeNeverFits);
    assert_contains(explain(only(plan, 10), b.get()), "of any one GPU type");
    assert_int_equal(only(plan, 11).reason, WaitReason::NeverFits);
    assert_int_equal(only(plan, 12).reason, WaitReason::NeverFits);  // its type is named
}

// A typeless job on two named nodes of different types.
static void typeless_job_on_nodes_of_two_types_fits_only_mixed(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 2, {"", 1}, 3600);
    j.min_nodes = j.max_nodes = 2;
    j.required_nodes = {0, 2};
    assert_int_equal(only(run(b), 10).reason, WaitReason::OneTypeNeverFits);
    b = golden();
    PendingJob &k = b.add_pending(11, 2, {"", 1}, 3600);
    k.min_nodes = k.max_nodes = 2;
    k.required_nodes = {0, 2};
    k.accepted_types = {"a100"};  // the v100 node gives it nothing
    assert_int_equal(only(run(b), 11).reason, WaitReason::NeverFits);
}

static void never_fits_tells_apart_jobs_that_differ_in_accepted_types(void **)
{
    // Same request shape but for the accepted types; both are blocked, so
    // both are judged for NeverFits.
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 3600, "v100-1", res(1, 0, {{"v100", 4}}));
    b.add_pending(10, 1, {"", 2}, 3600).accepted_types = {"h100"};
    b.add_pending(11, 1, {"", 2}, 3600).accepted_types = {"v100"};
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 10).reason, WaitReason::NeverFits);
    assert_int_equal(only(plan, 11).reason, WaitReason::Resources);
}

static void named_type_wins_over_accepted_types(void **)
{
    // job_hints drops such a hint; the planner also keeps the request's type.
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"a100", 2}, 3600);
    j.accepted_types = {"v100"};
    assert_string_equal(only(run(b), 10).gpu_type.c_str(), "a100");
}

static void gpu_count_range_does_not_change_the_started_count(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.gpu_count_min = 1;
    j.gpu_count_max = 8;
    const Decision d = only(run(b), 10);
    assert_int_equal(d.placement.at(0).used.gpus_of(d.gpu_type), 2);
}

static void type_rule_set_for_typeless_request(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    assert_string_equal(only(run(b), 10).type_rule.c_str(), rule_with_table().c_str());
    assert_string_equal(only(run(b, config(), kNoTable), 10).type_rule.c_str(),
                        rule_without_table().c_str());
}

static void type_rule_empty_for_explicit_type(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"a100", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_true(d.type_rule.empty());
}

static void type_rule_empty_for_cpu_only_job(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_true(d.type_rule.empty());
    assert_true(d.gpu_type.empty());
}

// ---- prediction and rewrite of typeless requests ---------------------------------

static void typeless_start_predicts_speedup_over_slowest_type(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_true(d.prediction.has_value());
    assert_string_equal(d.prediction->baseline_type.c_str(), "v100");
    assert_true(d.prediction->speedup && *d.prediction->speedup == 1.5);
    assert_int_equal(d.prediction->time_limit_s, 3600);
    assert_true(d.rewrite_gpus);
}

static void baseline_is_a_type_the_request_fits(void **)
{
    // 8 GPUs on one node: the 4-GPU v100 node could never have held it.
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 8}, 3600);
    const Decision d = only(run(b), 10);
    assert_string_equal(d.prediction->baseline_type.c_str(), "a100");
    assert_true(d.prediction->speedup && *d.prediction->speedup == 1.0);
}

static void per_job_baseline_counts_gpus_over_all_allowed_nodes(void **)
{
    // 6 GPUs per job: the one v100 node has 4, so only a100 could hold it;
    // with a second v100 node, v100 could.
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 0, 6}, 3600);
    assert_string_equal(only(run(b), 10).prediction->baseline_type.c_str(), "a100");
    SnapshotBuilder more = golden();
    more.add_node("v100-2", 32, 256000, {{"v100", 4}});
    more.add_pending(10, 1, {"", 0, 6}, 3600);
    assert_string_equal(only(run(more), 10).prediction->baseline_type.c_str(), "v100");
}

static void typeless_start_without_table_is_rewritten_without_speedup(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b, config(), kNoTable), 10);
    assert_false(d.prediction->speedup.has_value());
    assert_true(d.rewrite_gpus);
}

static void named_type_gets_no_prediction_and_no_rewrite(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"v100", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_false(d.prediction.has_value());
    assert_false(d.rewrite_gpus);
}

static void cpu_job_gets_no_prediction_and_no_rewrite(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {}, 3600);
    const Decision d = only(run(b), 10);
    assert_false(d.prediction.has_value());
    assert_false(d.rewrite_gpus);
}

static void reservation_gets_no_rewrite(void **)
{
    SnapshotBuilder b = golden();
    fill_a100(b, b.now() + 600);
    b.add_pending(10, 1, {"", 8}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_false(d.rewrite_gpus);
}

// ---- EASY backfill ------------------------------------------------------------
//
// one_node() with a running job holding 4 of the 8 GPUs until now+1000, and
// a head job wanting all 8: it is reserved the node from now+1000.

static SnapshotBuilder blocked_head(int64_t head_limit = 3600)
{
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 1000, "n", res(4, 4000, {{"a100", 4}}));
    b.add_pending(100, 1, {"a100", 8}, head_limit);
    return b;
}

static void blocked_head_job_gets_reservation_at_earliest_release(void **)
{
    SnapshotBuilder b = blocked_head();
    CyclePlan plan = run(b);
    const Decision d = only(plan, 100);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 1000);
    assert_string_equal(nodes_of(d, b).c_str(), "n");
    assert_string_equal(d.gpu_type.c_str(), "a100");
    assert_int_equal(d.placement[0].used.gpus_of("a100"), 8);
    assert_int_equal(plan.reservations, 1);
    assert_int_equal(plan.starts, 0);
}

static void reservation_skips_release_times_that_free_too_little(void **)
{
    // At now+1000 only 6 GPUs are free; all 8 are free at now+2000.
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 1000, "n", res(1, 0, {{"a100", 2}}));
    b.add_running(2, b.now() + 2000, "n", res(1, 0, {{"a100", 2}}));
    b.add_pending(100, 1, {"a100", 8}, 3600);
    const Decision d = only(run(b), 100);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 2000);
}

static void reservation_takes_earliest_of_unordered_release_times(void **)
{
    // Running jobs listed out of end-time order; both +1000 and +2000 would
    // fit the head, the reservation must take +1000.
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 2000, "n", res(1, 0, {{"a100", 2}}));
    b.add_running(2, b.now() + 1000, "n", res(1, 0, {{"a100", 2}}));
    b.add_running(3, b.now() + 3000, "n", res(1, 0, {{"a100", 4}}));
    b.add_pending(100, 1, {"a100", 2}, 3600);
    const Decision d = only(run(b), 100);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 1000);
}

static void short_job_ending_before_reservation_is_backfilled(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 4}, 500);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 100).verdict, Verdict::Reserve);
    const Decision d = only(plan, 200);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(d.start_time, b.now());
    assert_int_equal(plan.starts, 1);
}

static void job_ending_exactly_at_reservation_start_is_backfilled(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 4}, 1000);
    assert_int_equal(only(run(b), 200).verdict, Verdict::Start);
}

static void job_overlapping_reservation_waits_for_priority(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 4}, 1001);
    CyclePlan plan = run(b);
    const Decision d = only(plan, 200);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::Priority);
    assert_true(d.placement.empty());
    assert_int_equal(plan.starts, 0);
}

static void job_that_does_not_fit_now_waits_for_resources_not_priority(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 5}, 100);
    const Decision d = only(run(b), 200);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::Resources);
}

static void long_job_fitting_outside_reservation_starts(void **)
{
    // a100-1 frees all 8 at +1000 (reserved for the head); a100-2 has 4
    // free now and the rest only at +3000. An unlimited 4-GPU job cannot
    // go on a100-1 without delaying the head, but a100-2 is fine.
    SnapshotBuilder b = golden();
    b.add_running(1, b.now() + 1000, "a100-1", res(4, 4000, {{"a100", 4}}));
    b.add_running(2, b.now() + 3000, "a100-2", res(4, 4000, {{"a100", 4}}));
    b.add_pending(100, 1, {"a100", 8}, 3600);
    b.add_pending(200, 1, {"a100", 4});
    CyclePlan plan = run(b);
    const Decision head = only(plan, 100);
    assert_int_equal(head.verdict, Verdict::Reserve);
    assert_string_equal(nodes_of(head, b).c_str(), "a100-1");
    assert_int_equal(head.start_time, b.now() + 1000);
    const Decision d = only(plan, 200);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_string_equal(nodes_of(d, b).c_str(), "a100-2");
}

static void reserve_depth_zero_makes_no_reservation(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 4});  // unlimited: would delay a reservation
    CyclePlan plan = run(b, config(0));
    const Decision head = only(plan, 100);
    assert_int_equal(head.verdict, Verdict::Wait);
    assert_int_equal(head.reason, WaitReason::Resources);
    assert_true(head.placement.empty());
    assert_int_equal(only(plan, 200).verdict, Verdict::Start);
    assert_int_equal(plan.reservations, 0);
}

static SnapshotBuilder three_blocked_heads()
{
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 1000, "n", res(8, 8000, {{"a100", 8}}));
    b.add_pending(101, 1, {"a100", 8}, 1000);
    b.add_pending(102, 1, {"a100", 8}, 1000);
    b.add_pending(103, 1, {"a100", 8}, 1000);
    return b;
}

static void reserve_depth_one_reserves_only_first_blocked_job(void **)
{
    SnapshotBuilder b = three_blocked_heads();
    CyclePlan plan = run(b, config(1));
    assert_int_equal(only(plan, 101).verdict, Verdict::Reserve);
    const Decision d = only(plan, 102);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::Resources);
    assert_int_equal(plan.reservations, 1);
}

static void reserve_depth_two_gives_two_reservations(void **)
{
    SnapshotBuilder b = three_blocked_heads();
    CyclePlan plan = run(b, config(2));
    const Decision first = only(plan, 101);
    const Decision second = only(plan, 102);
    assert_int_equal(first.verdict, Verdict::Reserve);
    assert_int_equal(first.start_time, b.now() + 1000);
    assert_int_equal(second.verdict, Verdict::Reserve);
    assert_int_equal(second.start_time, b.now() + 2000);  // after the first reservation
    const Decision third = only(plan, 103);
    assert_int_equal(third.verdict, Verdict::Wait);
    assert_int_equal(third.reason, WaitReason::Resources);
    assert_int_equal(plan.reservations, 2);
}

static void running_job_past_its_end_time_releases_at_now_plus_one(void **)
{
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() - 60, "n", res(8, 8000, {{"a100", 8}}));
    b.add_pending(100, 1, {"a100", 8}, 3600);
    const Decision d = only(run(b), 100);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 1);
}

static void usage_no_running_job_explains_gets_no_reservation(void **)
{
    // The node reports its GPUs allocated but no running job holds them
    // (e.g. a completing job): no known time frees them.
    SnapshotBuilder b = one_node();
    b.node_at(0).free.gpus["a100"] = 0;
    b.add_pending(100, 1, {"a100", 8}, 3600);
    CyclePlan plan = run(b);
    const Decision d = only(plan, 100);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::Resources);
    assert_int_equal(plan.reservations, 0);
}

// ---- a request of several GPU types ------------------------------------------

// The golden cluster and "mix-1", which holds 2 a100 and 2 v100 GPUs.
static SnapshotBuilder golden_and_mixed()
{
    SnapshotBuilder b = golden();
    b.add_node("mix-1", 16, 128000, {{"a100", 2}, {"v100", 2}});
    return b;
}

// --gres=gpu:a100:A,gpu:v100:V (per node), or --gpus=... with per_job.
static GpuRequest a100_and_v100(int a100, int v100, bool per_job = false)
{
    GpuRequest g;
    g.type = "a100";
    (per_job ? g.per_job : g.per_node) = a100;
    g.more_types = {per_job ? GpuPart{"v100", 0, v100} : GpuPart{"v100", v100, 0}};
    return g;
}

static void several_types_start_on_a_node_holding_each(void **)
{
    for (bool per_job : {false, true}) {
        SnapshotBuilder b = golden_and_mixed();
        b.add_pending(10, 1, a100_and_v100(1, 2, per_job), 3600);
        const Decision d = only(run(b), 10);
        assert_int_equal(d.verdict, Verdict::Start);
        assert_string_equal(nodes_of(d, b).c_str(), "mix-1");
        assert_int_equal(d.placement[0].used.gpus_of("a100"), 1);
        assert_int_equal(d.placement[0].used.gpus_of("v100"), 2);
        assert_false(d.rewrite_gpus);
        assert_contains(explain(d, b.get()), "started on mix-1 gpu:a100:1,gpu:v100:2/node");
    }
}

// CPUs and memory per GPU count the GPUs of every type.
static void several_types_take_cpus_per_gpu_of_all(void **)
{
    SnapshotBuilder b = golden_and_mixed();
    PendingJob &job = b.add_pending(10, 1, a100_and_v100(1, 2), 3600);
    job.gpus.cpus_per_gpu = 4;
    job.gpus.mem_per_gpu_mb = 1000;
    const Decision d = only(run(b), 10);
    assert_int_equal(d.placement[0].used.cpus, 12);
    assert_int_equal(d.placement[0].used.mem_mb, 3000);
}

static void several_types_never_fit_where_no_node_holds_each(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, a100_and_v100(1, 1), 3600);
    assert_int_equal(only(run(b), 10).reason, WaitReason::NeverFits);
    b = golden_and_mixed();
    b.add_pending(11, 1, a100_and_v100(1, 3), 3600);
    assert_int_equal(only(run(b), 11).reason, WaitReason::NeverFits);
}

static void several_types_wait_for_the_node_holding_each(void **)
{
    SnapshotBuilder b = golden_and_mixed();
    int64_t until = b.now() + 600;
    b.add_running(1, until, "mix-1", res(1, 0, {{"v100", 2}}));
    b.add_pending(10, 1, a100_and_v100(1, 1), 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Reserve);
    assert_int_equal(d.start_time, until);
    assert_string_equal(nodes_of(d, b).c_str(), "mix-1");
}

// What is learnt of a request of several types (it never fits, or has no
// room now) says nothing of one asking alike for its first type alone.
static void one_type_behind_several_types_that_wait_still_starts(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, a100_and_v100(1, 1), 3600);
    b.add_pending(11, 1, {"a100", 1}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 10).reason, WaitReason::NeverFits);
    assert_int_equal(only(plan, 11).verdict, Verdict::Start);
    b = golden_and_mixed();
    b.add_running(1, b.now() + 600, "mix-1", res(1, 0, {{"v100", 2}}));
    b.add_pending(10, 1, a100_and_v100(1, 1), 3600);
    b.add_pending(11, 1, {"a100", 1}, 3600);
    plan = run(b, config(0));
    assert_int_equal(only(plan, 10).verdict, Verdict::Wait);
    assert_int_equal(only(plan, 11).verdict, Verdict::Start);
}

// ---- NeverFits ------------------------------------------------------------------

static void more_gpus_per_node_than_any_node_never_fits(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"a100", 16}, 3600);
    CyclePlan plan = run(b);
    const Decision d = only(plan, 10);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::NeverFits);
    assert_int_equal(plan.reservations, 0);
}

static void typeless_request_larger_than_every_type_never_fits(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 9}, 3600);
    assert_int_equal(only(run(b), 10).reason, WaitReason::NeverFits);
}

static void more_cpus_than_allowed_nodes_never_fits(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 65, {}, 3600);  // max_nodes = 1, largest node 64 CPUs
    assert_int_equal(only(run(b), 10).reason, WaitReason::NeverFits);
}

static void never_fits_judged_on_allowed_nodes_only(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 8}, 3600);
    j.allowed_nodes = {b.node("v100-1")};
    assert_int_equal(only(run(b), 10).reason, WaitReason::NeverFits);
}

static void busy_cluster_is_not_never_fits(void **)
{
    SnapshotBuilder b = golden();
    fill_a100(b, b.now() + 3600);
    b.add_pending(10, 1, {"a100", 8}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_not_equal(d.reason, WaitReason::NeverFits);
    assert_int_equal(d.verdict, Verdict::Reserve);
}

static void never_fits_job_does_not_use_up_a_reservation(void **)
{
    SnapshotBuilder b = blocked_head();
    b.pending(0).gpus.per_node = 16;  // the head now never fits
    b.add_pending(200, 1, {"a100", 8}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 100).reason, WaitReason::NeverFits);
    assert_int_equal(only(plan, 200).verdict, Verdict::Reserve);
    assert_int_equal(plan.reservations, 1);
}

static void job_fitting_only_a_down_node_is_not_never_fits(void **)
{
    // Its allowed node is drained, not too small: the job waits for
    // resources (the node may come back); it is not "more than the allowed
    // nodes have even when empty".
    SnapshotBuilder b;
    b.add_node("down", 64, 512000, {{"a100", 8}}, false);
    b.add_pending(10, 1, {"a100", 8}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Wait);
    assert_int_equal(d.reason, WaitReason::Resources);
}

static void down_node_is_never_used(void **)
{
    SnapshotBuilder b;
    b.add_node("down", 64, 512000, {{"a100", 8}}, false);
    int up = b.add_node("up", 64, 512000, {{"a100", 8}});
    b.add_pending(10, 1, {"a100", 2}, 3600);
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    assert_int_equal(d.placement.size(), 1);
    assert_int_equal(d.placement[0].node, up);
}

static void required_down_node_blocks_the_start(void **)
{
    SnapshotBuilder b;
    int down = b.add_node("down", 64, 512000, {}, false);
    b.add_node("up", 64, 512000);
    PendingJob &j = b.add_pending(10, 1, {}, 3600);
    j.required_nodes = {down};
    const Decision d = only(run(b), 10);
    assert_int_not_equal(d.verdict, Verdict::Start);
    assert_int_equal(d.reason, WaitReason::Resources);
}

static void same_request_on_other_nodes_is_judged_on_those_nodes(void **)
{
    // Two jobs ask for the same thing; only one may use the big node.
    SnapshotBuilder b;
    int small = b.add_node("small", 64, 512000, {{"a100", 4}});
    int big = b.add_node("big", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 600, big, res(1, 1000, {{"a100", 8}}));
    b.add_pending(10, 1, {"a100", 8}, 3600).allowed_nodes = {small};
    b.add_pending(11, 1, {"a100", 8}, 3600).allowed_nodes = {small, big};
    CyclePlan plan = run(b, config(0));
    assert_int_equal(only(plan, 10).reason, WaitReason::NeverFits);
    assert_int_equal(only(plan, 11).reason, WaitReason::Resources);
}

// ---- array records ------------------------------------------------------------

static void array_record_starts_as_many_tasks_as_fit(void **)
{
    // 6 GPUs free now (2 held until +1000), 5 tasks of 2 GPUs: 3 start.
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 1000, "n", res(2, 0, {{"a100", 2}}));
    b.add_pending(50, 1, {"a100", 2}, 3600).array_tasks = 5;
    CyclePlan plan = run(b);
    auto ds = decisions_for(plan, 50);
    assert_int_equal(ds.size(), 4);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ds[i]->verdict, Verdict::Start);
        assert_int_equal(ds[i]->queue_index, 0);
    }
    assert_int_equal(ds[3]->verdict, Verdict::Reserve);
    assert_int_equal(ds[3]->queue_index, 0);
    assert_int_equal(ds[3]->start_time, b.now() + 1000);
    assert_int_equal(plan.starts, 3);
    assert_int_equal(plan.reservations, 1);
    assert_int_equal(plan.considered, 1);
}

static void array_tasks_beyond_reserve_depth_wait(void **)
{
    SnapshotBuilder b = one_node();
    b.add_running(1, b.now() + 1000, "n", res(2, 0, {{"a100", 2}}));
    b.add_pending(50, 1, {"a100", 2}, 3600).array_tasks = 5;
    CyclePlan plan = run(b, config(0));
    auto ds = decisions_for(plan, 50);
    assert_int_equal(ds.size(), 4);
    assert_int_equal(ds[3]->verdict, Verdict::Wait);
    assert_int_equal(ds[3]->reason, WaitReason::Resources);
}

static void array_record_all_tasks_fit_gives_only_starts(void **)
{
    SnapshotBuilder b = one_node();
    b.add_pending(50, 1, {"a100", 2}, 3600).array_tasks = 4;
    CyclePlan plan = run(b);
    assert_int_equal(decisions_for(plan, 50).size(), 4);
    assert_int_equal(count_verdict(plan, 50, Verdict::Start), 4);
    assert_int_equal(plan.starts, 4);
    assert_int_equal(plan.reservations, 0);
}

static void array_tasks_hold_resources_for_later_records(void **)
{
    SnapshotBuilder b = one_node();
    b.add_pending(50, 1, {"a100", 2}, 3600).array_tasks = 3;
    b.add_pending(60, 1, {"a100", 4}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 50, Verdict::Start), 3);
    assert_int_not_equal(only(plan, 60).verdict, Verdict::Start);
}

// ---- duplicate records (a job queued in several partitions) -------------------

static void job_in_two_partitions_starts_once(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(7, 1, {"a100", 2}, 3600).partition = "gpu";
    b.add_pending(7, 1, {"a100", 2}, 3600).partition = "long";
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 7, Verdict::Start), 1);
    assert_int_equal(plan.starts, 1);
}

static void job_in_two_partitions_reserved_once(void **)
{
    SnapshotBuilder b = three_blocked_heads();
    b.pending(1).job_id = 101;  // 101 queued twice, then 103
    CyclePlan plan = run(b, config(2));
    assert_int_equal(count_verdict(plan, 101, Verdict::Reserve), 1);
    assert_int_equal(only(plan, 103).verdict, Verdict::Reserve);
    assert_int_equal(plan.reservations, 2);
}

static void reservation_of_job_started_in_other_partition_is_released(void **)
{
    // Job 7 is queued for "small" (blocked: reserved from +1000) and then
    // for "big", where it starts. Its reservation on "small" then holds room
    // for nobody and must not keep job 9 from starting there.
    SnapshotBuilder b;
    int small = b.add_node("small", 8, 8000);
    int big = b.add_node("big", 64, 64000);
    b.add_running(1, b.now() + 1000, small, res(4, 0));
    b.add_pending(7, 8, {}, 3600).allowed_nodes = {small};
    b.add_pending(7, 8, {}, 3600).allowed_nodes = {big};
    b.add_pending(9, 4, {}).allowed_nodes = {small};
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 7, Verdict::Start), 1);
    assert_int_equal(only(plan, 9).verdict, Verdict::Start);
}

static void array_in_two_partitions_starts_its_tasks_once(void **)
{
    // An array record with 2 pending tasks queued in two partitions: only
    // 2 tasks exist, so at most 2 can start, whatever the room.
    SnapshotBuilder b = golden();
    b.add_pending(7, 1, {"a100", 2}, 3600).array_tasks = 2;
    b.pending(0).partition = "gpu";
    b.add_pending(7, 1, {"a100", 2}, 3600).array_tasks = 2;
    b.pending(1).partition = "long";
    CyclePlan plan = run(b);
    assert_int_equal(count_verdict(plan, 7, Verdict::Start), 2);
    assert_int_equal(plan.starts, 2);
}

static void array_in_two_partitions_does_not_hold_room_for_phantom_tasks(void **)
{
    // 8 GPUs; the array's 2 tasks take 4, so job 8 (4 GPUs) fits beside them.
    SnapshotBuilder b = one_node();
    b.add_pending(7, 1, {"a100", 2}, 3600).array_tasks = 2;
    b.add_pending(7, 1, {"a100", 2}, 3600).array_tasks = 2;
    b.add_pending(8, 1, {"a100", 4}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 8).verdict, Verdict::Start);
}

// ---- max_jobs and counters ------------------------------------------------------

static void max_jobs_limits_considered_records(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {}, 3600);
    b.add_pending(11, 1, {}, 3600);
    b.add_pending(12, 1, {}, 3600);
    CyclePlan plan = run(b, config(1, 2));
    assert_int_equal(plan.considered, 2);
    assert_int_equal(plan.decisions.size(), 2);
    assert_int_equal(decisions_for(plan, 12).size(), 0);
    assert_int_equal(plan.starts, 2);
}

static void considered_is_queue_length_when_below_max_jobs(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {}, 3600);
    b.add_pending(11, 1, {}, 3600);
    assert_int_equal(run(b, config(1, 1000)).considered, 2);
}

static void plan_counters_match_decisions(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 1}, 500);   // backfilled
    b.add_pending(201, 1, {"a100", 1}, 500);   // backfilled
    b.add_pending(202, 1, {"a100", 2}, 5000);  // fits now, would delay the head
    b.add_pending(203, 1, {"a100", 99}, 500);  // never fits
    CyclePlan plan = run(b);
    assert_int_equal(plan.considered, 5);
    assert_int_equal(plan.starts, 2);
    assert_int_equal(plan.reservations, 1);
    assert_int_equal(plan.decisions.size(), 5);
    assert_int_equal(only(plan, 202).reason, WaitReason::Priority);
    assert_int_equal(only(plan, 203).reason, WaitReason::NeverFits);
}

// ---- decision texts -------------------------------------------------------------

static void explain_start_names_node_and_gpu_type(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"v100", 2}, 3600);
    const Decision d = only(run(b), 10);
    std::string text = explain(d, b.get());
    assert_contains(text, "started");
    assert_contains(text, "v100-1");
    assert_contains(text, "gpu:v100:2/node");
}

static void explain_start_of_typeless_request_gives_the_rule(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    const Decision d = only(run(b), 10);
    std::string text = explain(d, b.get());
    assert_contains(text, "gpu:a100:2/node");
    assert_contains(text, rule_with_table().c_str());
}

static void explain_start_of_typeless_request_gives_the_prediction(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    std::string text = explain(only(run(b), 10), b.get());
    assert_contains(text, "predicted speed-up 1.5x over v100");
    assert_contains(text, "predicted run time <= 0:40:00 (time limit 1:00:00 / 1.5)");
}

static void explain_start_lists_every_node(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 2, {"a100", 8}, 3600);
    j.min_nodes = 2;
    j.max_nodes = 2;
    const Decision d = only(run(b), 10);
    assert_int_equal(d.verdict, Verdict::Start);
    std::string text = explain(d, b.get());
    assert_contains(text, "a100-1");
    assert_contains(text, "a100-2");
}

static void explain_reserve_names_nodes_and_gpu_type(void **)
{
    SnapshotBuilder b = blocked_head();
    const Decision d = only(run(b), 100);
    std::string text = explain(d, b.get());
    assert_contains(text, "reserved n ");
    assert_contains(text, "gpu:a100:8/node");
}

static void explain_cpu_only_start_has_no_gpu_part(void **)
{
    SnapshotBuilder b = golden();
    b.add_node("cpu-1", 64, 512000);
    b.add_pending(10, 1, {}, 3600);
    std::string text = explain(only(run(b), 10), b.get());
    assert_contains(text, "cpu-1");
    assert_null(strstr(text.c_str(), "gpu:"));
}

static void explain_wait_texts_follow_the_reason(void **)
{
    SnapshotBuilder b = blocked_head();
    b.add_pending(200, 1, {"a100", 4}, 5000);
    b.add_pending(201, 1, {"a100", 99}, 500);
    b.add_pending(202, 1, {"a100", 8}, 500);
    CyclePlan plan = run(b);
    assert_contains(explain(only(plan, 200), b.get()), "higher-priority");
    assert_contains(explain(only(plan, 201), b.get()), "even when idle");
    const Decision res_wait = only(plan, 202);
    assert_int_equal(res_wait.reason, WaitReason::Resources);
    assert_string_equal(explain(res_wait, b.get()).c_str(), "accord: waiting for resources");
}

static void explain_lists_the_hints_it_honoured(void **)
{
    SnapshotBuilder b = golden();
    PendingJob &j = b.add_pending(10, 1, {"", 2}, 3600);
    j.family = "resnet50";
    j.accepted_types = {"v100", "t4"};
    j.gpu_count_min = 2;
    j.gpu_count_max = 4;
    std::string text = explain(only(run(b), 10), b.get());
    assert_contains(text, "started on v100-1 gpu:v100:2/node");
    assert_contains(text, "; hints: model resnet50, gpu types v100,t4, gpus 2-4");
}

static void explain_adds_the_hint_note(void **)
{
    SnapshotBuilder b = blocked_head();
    b.pending(0).hint_note = "ignored ACCORD_GPUS: 'x' is not N or MIN-MAX";
    std::string text = explain(only(run(b), 100), b.get());
    assert_contains(text, "reserved n ");
    assert_contains(text, "; ignored ACCORD_GPUS: 'x' is not N or MIN-MAX");
}

static void explain_without_hints_has_no_hints_part(void **)
{
    SnapshotBuilder b = golden();
    b.add_pending(10, 1, {"", 2}, 3600);
    assert_null(strstr(explain(only(run(b), 10), b.get()).c_str(), "hints"));
}


// ---- GPU closeness over a cycle -------------------------------------------------

// Two 8-GPU nodes, pairs of GPUs per PCIe switch. On "x" GPUs 3 and 7 are
// busy, so x has close pairs {0,1} and {4,5} and lone 2 and 6; "y" is
// idle. Three 2-GPU jobs: the first two fit x tighter on equally close
// pairs; the third would find only 2 and 6 left there (far apart), so it
// goes to y, which the cycle knows only by taking out the GPUs each start
// used.
static void starts_in_a_cycle_take_their_gpus_out(void **)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 64, 512000, {{"a100", 8}});
    int y = b.add_node("y", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, x, res(1, 1000, {{"a100", 2}}));
    b.set_gpus(x, "a100", 8, {3, 7}, switch_topology({0, 0, 1, 1, 2, 2, 3, 3}));
    b.set_gpus(y, "a100", 8, {}, switch_topology({0, 0, 1, 1, 2, 2, 3, 3}));
    for (uint32_t id = 10; id < 13; id++)
        b.add_pending(id, 1, {"a100", 2}, 3600);
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 10).placement[0].node, x);
    assert_int_equal(only(plan, 11).placement[0].node, x);
    assert_int_equal(only(plan, 12).placement[0].node, y);
}

// A "victim" job loses half its speed beside a "noisy" one (measured by
// running jobs). The noisy job started in the cycle goes where fit puts it
// (nothing measured slows it), y, and is a neighbour from then on: the
// victim keeps off y (fit's choice) and x (a running noisy job) for z.
static void starts_keep_off_nodes_with_measured_slowdowns(void **)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 64, 512000, {{"a100", 8}});
    int y = b.add_node("y", 64, 512000, {{"a100", 8}});
    int z = b.add_node("z", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, x, res(1, 1000, {{"a100", 7}})).family = "noisy";
    b.add_running(2, b.now() + 3600, y, res(1, 1000, {{"a100", 5}}));
    b.snapshot().neighbour_slowdowns.set("victim", "noisy", 0.5, 4);
    b.add_pending(10, 1, {"a100", 2}, 3600).family = "noisy";
    b.add_pending(11, 1, {"a100", 1}, 3600).family = "victim";
    CyclePlan plan = run(b);
    assert_int_equal(only(plan, 10).placement[0].node, y);
    assert_int_equal(only(plan, 11).placement[0].node, z);
    assert_contains(explain(only(plan, 11), b.get()),
                    "nodes chosen by the slowdowns running jobs measured beside others (predicted loss 0.00");
    assert_null(std::strstr(explain(only(plan, 10), b.get()).c_str(), "nodes chosen by"));
    b.snapshot().neighbour_slowdowns = {};
    assert_int_equal(only(run(b), 11).placement[0].node, y);  // by fit: no GPU left, fewest CPUs
}

static void without_topology_the_cycle_places_by_fit(void **)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 64, 512000, {{"a100", 8}});
    b.add_node("y", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, x, res(1, 1000, {{"a100", 2}}));
    for (uint32_t id = 10; id < 13; id++)
        b.add_pending(id, 1, {"a100", 2}, 3600);
    CyclePlan plan = run(b);
    for (uint32_t id = 10; id < 13; id++)
        assert_int_equal(only(plan, id).placement[0].node, x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_queue_gives_empty_plan),
        cmocka_unit_test(fitting_job_starts_now),
        cmocka_unit_test(first_queue_record_starts_when_room_for_one),
        cmocka_unit_test(decisions_carry_queue_index),
        cmocka_unit_test(started_jobs_hold_their_resources_for_later_jobs),
        cmocka_unit_test(one_node_jobs_of_one_shape_fill_node_after_node),
        cmocka_unit_test(cpu_only_job_keeps_off_gpu_nodes),
        cmocka_unit_test(typeless_request_gets_fastest_type_with_free_gpus),
        cmocka_unit_test(typeless_request_after_cpu_only_job_still_gets_a_type),
        cmocka_unit_test(typeless_request_falls_back_to_v100_when_a100_full),
        cmocka_unit_test(no_start_on_a_node_whose_starts_slurm_defers),
        cmocka_unit_test(typeless_request_falls_back_when_fast_type_has_too_few),
        cmocka_unit_test(typeless_request_without_table_is_best_fit),
        cmocka_unit_test(typeless_best_fit_prefers_partly_used_a100),
        cmocka_unit_test(equal_speeds_fall_back_to_best_fit),
        cmocka_unit_test(typeless_request_considers_only_types_on_allowed_nodes),
        cmocka_unit_test(explicit_type_is_kept_when_faster_type_is_free),
        cmocka_unit_test(explicit_type_waits_rather_than_switching),
        cmocka_unit_test(accepted_types_keep_typeless_request_off_faster_type),
        cmocka_unit_test(fastest_accepted_type_wins),
        cmocka_unit_test(accepted_type_full_waits_rather_than_taking_another),
        cmocka_unit_test(accepted_types_no_allowed_node_has_never_fit),
        cmocka_unit_test(never_fits_tells_apart_jobs_that_differ_in_accepted_types),
        cmocka_unit_test(typeless_job_that_only_a_mix_of_types_holds_is_told_so),
        cmocka_unit_test(typeless_job_on_nodes_of_two_types_fits_only_mixed),
        cmocka_unit_test(named_type_wins_over_accepted_types),
        cmocka_unit_test(gpu_count_range_does_not_change_the_started_count),
        cmocka_unit_test(type_rule_set_for_typeless_request),
        cmocka_unit_test(type_rule_empty_for_explicit_type),
        cmocka_unit_test(type_rule_empty_for_cpu_only_job),
        cmocka_unit_test(typeless_start_predicts_speedup_over_slowest_type),
        cmocka_unit_test(baseline_is_a_type_the_request_fits),
        cmocka_unit_test(per_job_baseline_counts_gpus_over_all_allowed_nodes),
        cmocka_unit_test(typeless_start_without_table_is_rewritten_without_speedup),
        cmocka_unit_test(named_type_gets_no_prediction_and_no_rewrite),
        cmocka_unit_test(cpu_job_gets_no_prediction_and_no_rewrite),
        cmocka_unit_test(reservation_gets_no_rewrite),
        cmocka_unit_test(blocked_head_job_gets_reservation_at_earliest_release),
        cmocka_unit_test(reservation_skips_release_times_that_free_too_little),
        cmocka_unit_test(reservation_takes_earliest_of_unordered_release_times),
        cmocka_unit_test(short_job_ending_before_reservation_is_backfilled),
        cmocka_unit_test(job_ending_exactly_at_reservation_start_is_backfilled),
        cmocka_unit_test(job_overlapping_reservation_waits_for_priority),
        cmocka_unit_test(job_that_does_not_fit_now_waits_for_resources_not_priority),
        cmocka_unit_test(long_job_fitting_outside_reservation_starts),
        cmocka_unit_test(reserve_depth_zero_makes_no_reservation),
        cmocka_unit_test(reserve_depth_one_reserves_only_first_blocked_job),
        cmocka_unit_test(reserve_depth_two_gives_two_reservations),
        cmocka_unit_test(running_job_past_its_end_time_releases_at_now_plus_one),
        cmocka_unit_test(usage_no_running_job_explains_gets_no_reservation),
        cmocka_unit_test(several_types_start_on_a_node_holding_each),
        cmocka_unit_test(several_types_take_cpus_per_gpu_of_all),
        cmocka_unit_test(several_types_never_fit_where_no_node_holds_each),
        cmocka_unit_test(several_types_wait_for_the_node_holding_each),
        cmocka_unit_test(one_type_behind_several_types_that_wait_still_starts),
        cmocka_unit_test(more_gpus_per_node_than_any_node_never_fits),
        cmocka_unit_test(typeless_request_larger_than_every_type_never_fits),
        cmocka_unit_test(more_cpus_than_allowed_nodes_never_fits),
        cmocka_unit_test(never_fits_judged_on_allowed_nodes_only),
        cmocka_unit_test(busy_cluster_is_not_never_fits),
        cmocka_unit_test(never_fits_job_does_not_use_up_a_reservation),
        cmocka_unit_test(job_fitting_only_a_down_node_is_not_never_fits),
        cmocka_unit_test(same_request_on_other_nodes_is_judged_on_those_nodes),
        cmocka_unit_test(down_node_is_never_used),
        cmocka_unit_test(required_down_node_blocks_the_start),
        cmocka_unit_test(array_record_starts_as_many_tasks_as_fit),
        cmocka_unit_test(array_tasks_beyond_reserve_depth_wait),
        cmocka_unit_test(array_record_all_tasks_fit_gives_only_starts),
        cmocka_unit_test(array_tasks_hold_resources_for_later_records),
        cmocka_unit_test(job_in_two_partitions_starts_once),
        cmocka_unit_test(job_in_two_partitions_reserved_once),
        cmocka_unit_test(reservation_of_job_started_in_other_partition_is_released),
        cmocka_unit_test(array_in_two_partitions_starts_its_tasks_once),
        cmocka_unit_test(array_in_two_partitions_does_not_hold_room_for_phantom_tasks),
        cmocka_unit_test(max_jobs_limits_considered_records),
        cmocka_unit_test(considered_is_queue_length_when_below_max_jobs),
        cmocka_unit_test(plan_counters_match_decisions),
        cmocka_unit_test(explain_start_names_node_and_gpu_type),
        cmocka_unit_test(explain_start_of_typeless_request_gives_the_rule),
        cmocka_unit_test(explain_start_of_typeless_request_gives_the_prediction),
        cmocka_unit_test(explain_start_lists_every_node),
        cmocka_unit_test(explain_reserve_names_nodes_and_gpu_type),
        cmocka_unit_test(explain_cpu_only_start_has_no_gpu_part),
        cmocka_unit_test(explain_wait_texts_follow_the_reason),
        cmocka_unit_test(explain_lists_the_hints_it_honoured),
        cmocka_unit_test(explain_adds_the_hint_note),
        cmocka_unit_test(explain_without_hints_has_no_hints_part),
        cmocka_unit_test(starts_in_a_cycle_take_their_gpus_out),
        cmocka_unit_test(without_topology_the_cycle_places_by_fit),
        cmocka_unit_test(starts_keep_off_nodes_with_measured_slowdowns),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
