// Unit tests for core/requeue_bounds (what bounds preempt_cycle's requeue
// test before planning): a running job that no considered record outranks,
// or whose spared wait is within the restart cost, can never be requeued;
// the records planned for a round end at the last one that outranks the
// displaced jobs, and planning only those gives the whole plan's decisions
// for them.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/allocator_cycle.h"
#include "core/gpu_type_ranker.h"
#include "core/requeue_bounds.h"
#include "snapshot_builder.h"

using accord::core::allocator_cycle;
using accord::core::could_be_requeued;
using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::PlanningOrder;
using accord::core::PreemptConfig;
using accord::core::records_above;
using accord::core::SpeedTableRanker;
using namespace accord::test;

// Job 50 (priority 1) holds the a100 node, started an hour ago with an hour
// and a half to its limit; jobs 1 and 2 wait, with priorities 10 and 0.
static SnapshotBuilder one_held()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    RunningJob &low = b.add_running(50, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    low.start_time = b.now() - 3600;
    low.priority = 1;
    low.requeueable = true;
    b.add_pending(1, 1, {"", 0, 4}, 3600).priority = 10;
    b.add_pending(2, 1, {"", 0, 4}, 3600).priority = 0;
    return b;
}

static bool could(const SnapshotBuilder &b, CycleConfig config = {}, PreemptConfig preempt = {})
{
    return could_be_requeued(b.get().running[0], b.get(), config, preempt);
}

static void outranked_job_could_be_requeued(void **)
{
    assert_true(could(one_held()));
}

static void job_no_record_outranks_is_never_requeued(void **)
{
    SnapshotBuilder b = one_held();
    b.pending(0).priority = 1;  // equal priority does not outrank
    assert_false(could(b));
}

// Only the first max_jobs records are planned, so only they count.
static void records_beyond_max_jobs_do_not_count(void **)
{
    SnapshotBuilder b = one_held();
    b.pending(0).priority = 0;
    b.pending(1).priority = 10;
    assert_false(could(b, CycleConfig{1}));
    assert_true(could(b, CycleConfig{2}));
}

// Gain is at most its GPUs x the wait spared, min(limit left, run so far).
static void wait_spared_within_restart_cost_is_never_requeued(void **)
{
    SnapshotBuilder b = one_held();
    b.snapshot().running[0].end_time = b.now() + 300;
    assert_false(could(b));
    b.snapshot().running[0].end_time = b.now() + 301;
    assert_true(could(b));
    assert_false(could(b, CycleConfig{}, PreemptConfig{600, 3600}));  // run so far 3600 s
    assert_true(could(b, CycleConfig{}, PreemptConfig{600, -1}));     // a negative cost bounds nothing
}

static void records_above_ends_at_the_last_record_above(void **)
{
    SnapshotBuilder b;
    b.add_node("n1", 8, 8000);
    for (double p : {10.0, 5.0, 8.0, 1.0})
        b.add_pending(static_cast<uint32_t>(p)).priority = p;
    PlanningOrder order;
    order.records = {0, 1, 2, 3};
    assert_int_equal(records_above(order, b.get(), 5), 3);
    assert_int_equal(records_above(order, b.get(), 8), 1);
    assert_int_equal(records_above(order, b.get(), 10), 0);
    assert_int_equal(records_above(order, b.get(), 0), 4);
    order.records = {3, 1, 0, 2};  // a fairness bound's order
    assert_int_equal(records_above(order, b.get(), 8), 3);
}

// Four a100s free; jobs 1..4 (priorities 4..1) each want 2. Planned down
// to those above priority 1, the plan holds jobs 1 and 2 (started) and 3
// (blocked) only, decided as in the whole plan.
static void plan_above_gives_the_whole_plans_first_decisions(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    for (uint32_t id = 1; id <= 4; id++)
        b.add_pending(id, 1, {"a100", 0, 2}, 3600).priority = 5.0 - id;
    SpeedTableRanker ranker({{"a100", 3}});
    CyclePlan whole = allocator_cycle(b.get(), CycleConfig{}, ranker);
    CyclePlan part = allocator_cycle(b.get(), CycleConfig{}, ranker, {}, 1.0);
    assert_int_equal(whole.considered, 4);
    assert_int_equal(part.considered, 3);
    assert_int_equal(part.decisions.size(), 3);
    for (size_t i = 0; i < part.decisions.size(); i++) {
        assert_int_equal(part.decisions[i].job_id, whole.decisions[i].job_id);
        assert_int_equal(part.decisions[i].verdict, whole.decisions[i].verdict);
        const auto &a = part.decisions[i].placement, &w = whole.decisions[i].placement;
        assert_int_equal(a.size(), w.size());
        for (size_t u = 0; u < a.size(); u++) {
            assert_int_equal(a[u].node, w[u].node);
            assert_true(a[u].used.gpus == w[u].used.gpus);
        }
    }
    assert_int_equal(part.starts, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(outranked_job_could_be_requeued),
        cmocka_unit_test(job_no_record_outranks_is_never_requeued),
        cmocka_unit_test(records_beyond_max_jobs_do_not_count),
        cmocka_unit_test(wait_spared_within_restart_cost_is_never_requeued),
        cmocka_unit_test(records_above_ends_at_the_last_record_above),
        cmocka_unit_test(plan_above_gives_the_whole_plans_first_decisions),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
