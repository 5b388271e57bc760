// Unit tests for the fairness bound (accord_fairness): the predicted
// finish-time fairness of core/predicted_fairness, the planning order of
// core/fairness_order, and what schedule_cycle and allocator_cycle do with
// it: a job over the bound overtakes and takes the reservation, below the
// bound nothing changes, 0 is off.
#include "cmocka_cpp.h"
#include "plan_lookup.h"

#include <map>
#include <string>
#include <vector>

#include "core/allocator_cycle.h"
#include "core/decision.h"
#include "core/fairness_order.h"
#include "core/gpu_type_ranker.h"
#include "core/predicted_fairness.h"
#include "core/schedule_cycle.h"
#include "snapshot_builder.h"

using accord::core::allocator_cycle;
using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::Decision;
using accord::core::explain;
using accord::core::FairnessInput;
using accord::core::over_fairness_bound;
using accord::core::parse_fairness_bound;
using accord::core::planning_order;
using accord::core::predicted_rho;
using accord::core::schedule_cycle;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using namespace accord::test;

static const std::map<std::string, double> kSpeeds = {{"a100", 3}, {"t4", 1}};
static const SpeedTableRanker kRanker(kSpeeds);
constexpr int64_t kLimit = 3600;

// ---- the rule --------------------------------------------------------------------

static void rho_is_time_in_system_over_time_alone(void **)
{
    // Waited an hour for a one-hour job: it finishes in twice its time alone.
    assert_true(predicted_rho(FairnessInput{3600, 3600, 3600, 1}, 16, 4) == 2);
    // A running job half done, 100 s in the system: 150 s against 100 s alone.
    assert_true(predicted_rho(FairnessInput{100, 50, 100, 1}, 16, 4) == 1.5);
}

static void job_larger_than_its_share_is_slowed_by_it(void **)
{
    // 16 GPUs, 4 jobs: a share of 4. 8 GPUs would run 2x slower on it.
    assert_true(predicted_rho(FairnessInput{3600, 3600, 3600, 8}, 16, 4) == 1);
    assert_true(predicted_rho(FairnessInput{3600, 3600, 3600, 4}, 16, 4) == 2);
}

static void bound_zero_is_off_and_equal_is_not_over(void **)
{
    assert_false(over_fairness_bound(1e9, 0));
    assert_false(over_fairness_bound(2, 2));
    assert_true(over_fairness_bound(2.01, 2));
}

static void bound_text_accepts_zero_or_one_to_a_thousand(void **)
{
    double bound = 7;
    for (const char *bad : {"0.5", "-1", "1000.5", "abc", "", "2x", "nan", "inf"}) {
        assert_false(parse_fairness_bound(bad, bound));
        assert_true(bound == 7);
    }
    assert_true(parse_fairness_bound("0", bound) && bound == 0);
    assert_true(parse_fairness_bound("1", bound) && bound == 1);
    assert_true(parse_fairness_bound("2.5", bound) && bound == 2.5);
    assert_true(parse_fairness_bound("1000", bound) && bound == 1000);
}

// ---- the planning order -----------------------------------------------------------

// Two a100 nodes of 8: "n" has 4 GPUs held until now + 1000, "m" all 8 until
// now + 5000. Pending 4-GPU a100 jobs then see a share of 16 / 4 = 4 GPUs
// with two of them queued: no slowdown.
static SnapshotBuilder half_free()
{
    SnapshotBuilder b;
    b.add_node("n", 64, 512000, {{"a100", 8}});
    b.add_node("m", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 1000, "n", res(4, 4000, {{"a100", 4}}));
    b.add_running(2, b.now() + 5000, "m", res(8, 8000, {{"a100", 8}}));
    return b;
}

// A 4-GPU a100 job with a one-hour limit, eligible `waited` seconds ago.
static void add_waiting(SnapshotBuilder &b, uint32_t id, int64_t waited)
{
    PendingJob &j = b.add_pending(id, 1, GpuRequest{"a100", 4}, kLimit);
    j.eligible_time = b.now() - waited;
}

// Job 10 first in priority, eligible now (rho 1); job 20 behind it, eligible
// two hours ago (rho 3).
static SnapshotBuilder fresh_then_starving()
{
    SnapshotBuilder b = half_free();
    add_waiting(b, 10, 0);
    add_waiting(b, 20, 2 * kLimit);
    return b;
}

static CycleConfig bound(double rho)
{
    CycleConfig c;
    c.fairness_bound = rho;
    return c;
}

static CyclePlan run(const SnapshotBuilder &b, const CycleConfig &c) { return schedule_cycle(b.get(), c, kRanker); }

// Everything a plan says, one line per decision.
static std::string text_of(const CyclePlan &plan, const SnapshotBuilder &b)
{
    std::string out = std::to_string(plan.considered) + " " + std::to_string(plan.starts) + " " +
                      std::to_string(plan.reservations) + "\n";
    for (const auto &d : plan.decisions)
        out += std::to_string(d.job_id) + " " + std::to_string(static_cast<int>(d.verdict)) + " " +
               std::to_string(static_cast<int>(d.reason)) + " " + std::to_string(d.start_time) + " " +
               explain(d, b.get()) + "\n";
    return out;
}

static void job_over_the_bound_overtakes(void **)
{
    SnapshotBuilder b = fresh_then_starving();
    assert_true(only(run(b, CycleConfig{}), 10).verdict == Verdict::Start);
    CyclePlan plan = run(b, bound(2));
    Decision starving = only(plan, 20);
    assert_true(starving.verdict == Verdict::Start);
    assert_true(starving.ahead && starving.ahead->rho == 3 && starving.ahead->bound == 2);
    assert_contains(explain(starving, b.get()),
                    "planned ahead of higher-priority jobs: predicted finish-time fairness 3.00 > accord_fairness=2");
    Decision fresh = only(plan, 10);
    assert_true(fresh.verdict == Verdict::Reserve);
    assert_false(fresh.ahead.has_value());
}

static void below_the_bound_nothing_changes(void **)
{
    SnapshotBuilder b = fresh_then_starving();
    assert_string_equal(text_of(run(b, bound(3)), b).c_str(), text_of(run(b, CycleConfig{}), b).c_str());
    assert_string_equal(text_of(run(b, bound(1000)), b).c_str(), text_of(run(b, CycleConfig{}), b).c_str());
}

// Off, what the shell says of a job's wait changes nothing: the plan is the
// one of a queue without eligible times, decision for decision.
static void zero_is_off(void **)
{
    SnapshotBuilder b = fresh_then_starving();
    SnapshotBuilder without = half_free();
    without.add_pending(10, 1, GpuRequest{"a100", 4}, kLimit);
    without.add_pending(20, 1, GpuRequest{"a100", 4}, kLimit);
    assert_string_equal(text_of(run(b, bound(0)), b).c_str(), text_of(run(without, CycleConfig{}), without).c_str());
    assert_true(only(run(b, bound(0)), 10).verdict == Verdict::Start);
}

static void blocked_job_over_the_bound_takes_the_reservation(void **)
{
    SnapshotBuilder b = half_free();
    add_waiting(b, 5, 0);  // takes the 4 free GPUs in both plans
    add_waiting(b, 10, 0);
    add_waiting(b, 20, 2 * kLimit);  // five jobs share 16 GPUs: rho 3 / 1.25 = 2.4
    assert_true(only(run(b, CycleConfig{}), 10).verdict == Verdict::Reserve);
    CyclePlan plan = run(b, bound(2));
    assert_true(only(plan, 20).verdict == Verdict::Start);
    assert_true(only(plan, 5).verdict == Verdict::Reserve);
    assert_true(only(plan, 10).verdict == Verdict::Wait);
}

static void jobs_over_the_bound_keep_their_priority_order(void **)
{
    SnapshotBuilder b = half_free();
    add_waiting(b, 10, 0);
    // Five jobs share 16 GPUs: 4 GPUs are slowed 1.25x.
    add_waiting(b, 20, 2 * kLimit);  // rho 3 / 1.25 = 2.4
    add_waiting(b, 30, 3 * kLimit);  // rho 4 / 1.25 = 3.2, but behind job 20
    CyclePlan plan = run(b, bound(2));
    assert_true(only(plan, 20).verdict == Verdict::Start);
    assert_true(only(plan, 30).verdict == Verdict::Reserve);
    assert_true(only(plan, 10).verdict == Verdict::Wait);
}

// Nothing predicts the rho of a job without an eligible time, a time limit
// or GPUs: each keeps its place behind the first job.
static void jobs_without_a_prediction_keep_their_place(void **)
{
    SnapshotBuilder b = half_free();
    add_waiting(b, 10, 0);
    b.add_pending(20, 1, GpuRequest{"a100", 4}, kLimit);
    b.add_pending(30, 1, GpuRequest{"a100", 4}).eligible_time = b.now() - 100 * kLimit;
    b.add_pending(40, 1, GpuRequest{}, kLimit).eligible_time = b.now() - 100 * kLimit;
    auto order = planning_order(b.get(), 1000, 2, kRanker);
    assert_true((order.records == std::vector<size_t>{0, 1, 2, 3}));
    assert_true(order.ahead.empty());
}

// A typeless job's run time alone is its limit over its fastest type's
// speed-up (a100 is 3x t4): after a third of its limit it has waited as long
// as it would run. A t4 job waiting as long is at 4/3.
static void fastest_type_shortens_the_predicted_run_time(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_node("t4-1", 64, 512000, {{"t4", 8}});
    b.add_pending(10, 1, GpuRequest{"", 1}, kLimit).eligible_time = b.now();
    b.add_pending(20, 1, GpuRequest{"t4", 1}, kLimit).eligible_time = b.now() - kLimit / 3;
    b.add_pending(30, 1, GpuRequest{"", 1}, kLimit).eligible_time = b.now() - kLimit / 3;
    auto order = planning_order(b.get(), 1000, 1.5, kRanker);
    assert_true((order.records == std::vector<size_t>{2, 0, 1}));
    assert_int_equal(order.ahead.size(), 1);
    assert_true(order.ahead.at(2) == 2);
}

static void only_the_first_max_jobs_are_ordered(void **)
{
    SnapshotBuilder b = fresh_then_starving();
    auto order = planning_order(b.get(), 1, 2, kRanker);
    assert_true((order.records == std::vector<size_t>{0}));
}

// ---- the allocator without preemption ------------------------------------------------

static void allocator_admits_and_starts_the_job_over_the_bound(void **)
{
    SnapshotBuilder b = fresh_then_starving();
    assert_true(only(allocator_cycle(b.get(), CycleConfig{}, kRanker), 10).verdict == Verdict::Start);
    CyclePlan plan = allocator_cycle(b.get(), bound(2), kRanker);
    Decision starving = only(plan, 20);
    assert_true(starving.verdict == Verdict::Start);
    assert_true(starving.chosen_request.has_value());
    assert_true(starving.ahead.has_value());
    assert_true(only(plan, 10).verdict == Verdict::Reserve);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rho_is_time_in_system_over_time_alone),
        cmocka_unit_test(job_larger_than_its_share_is_slowed_by_it),
        cmocka_unit_test(bound_zero_is_off_and_equal_is_not_over),
        cmocka_unit_test(bound_text_accepts_zero_or_one_to_a_thousand),
        cmocka_unit_test(job_over_the_bound_overtakes),
        cmocka_unit_test(below_the_bound_nothing_changes),
        cmocka_unit_test(zero_is_off),
        cmocka_unit_test(blocked_job_over_the_bound_takes_the_reservation),
        cmocka_unit_test(jobs_over_the_bound_keep_their_priority_order),
        cmocka_unit_test(jobs_without_a_prediction_keep_their_place),
        cmocka_unit_test(fastest_type_shortens_the_predicted_run_time),
        cmocka_unit_test(only_the_first_max_jobs_are_ordered),
        cmocka_unit_test(allocator_admits_and_starts_the_job_over_the_bound),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
