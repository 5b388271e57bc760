// Unit tests for core/preempt_cycle: which running jobs the allocator may
// displace and when a displaced job is requeued (requeue-able only, after
// its minimum run, for a higher-priority job only, gain above the restart
// cost), the starts planned on its GPUs, a waiting job that may use only
// a movable job's nodes displacing it, and moving a job to a better
// configuration by requeue (rule 4).
#include "cmocka_cpp.h"

#include <map>
#include <memory>
#include <string>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/plan_cycle.h"
#include "core/preempt_cycle.h"
#include "snapshot_builder.h"

using accord::core::AllocConfig;
using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::Decision;
using accord::core::PreemptCadence;
using accord::core::PreemptConfig;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using namespace accord::test;

static const std::map<std::string, double> kSpeeds = {{"a100", 3}, {"t4", 1}};

// An a100 node held by job 50 (requeue-able, priority 1, run an hour, an
// hour and a half to its limit) and a t4 node held by job 60 (never
// requeued). Job 1 (priority 10) waits for 4 GPUs of any type.
static SnapshotBuilder fast_type_held()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    RunningJob &low = b.add_running(50, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    low.start_time = b.now() - 3600;
    low.priority = 1;
    low.requeueable = true;
    RunningJob &fixed = b.add_running(60, b.now() + 5400, "t4-1", res(4, 4000, {{"t4", 4}}));
    fixed.start_time = b.now() - 3600;
    fixed.priority = 0;
    PendingJob &high = b.add_pending(1, 1, {"", 0, 4}, 3600);
    high.priority = 10;
    return b;
}

static CyclePlan run(const SnapshotBuilder &b, PreemptConfig preempt = {})
{
    return preempt_cycle(b.get(), CycleConfig{}, SpeedTableRanker(kSpeeds), AllocConfig{}, preempt);
}

static void assert_nothing_happens(const CyclePlan &plan)
{
    assert_int_equal(plan.requeues.size(), 0);
    assert_int_equal(plan.starts, 0);
}

static void higher_priority_job_gets_the_fast_type(void **)
{
    CyclePlan plan = run(fast_type_held());
    assert_int_equal(plan.requeues.size(), 1);
    const Decision &r = plan.requeues[0];
    assert_int_equal(r.job_id, 50);
    assert_int_equal(r.verdict, Verdict::Requeue);
    assert_int_equal(r.requeue->for_jobs.size(), 1);
    assert_int_equal(r.requeue->for_jobs[0], 1);
    assert_true(r.requeue->gain_gpu_s == 4.0 * 3600);  // its 4 GPUs x its run so far (< limit left)
    assert_true(r.requeue->cost_gpu_s == 4.0 * 300);
    assert_int_equal(plan.starts, 1);
    assert_int_equal(plan.decisions[0].verdict, Verdict::Start);
    assert_string_equal(plan.decisions[0].gpu_type.c_str(), "a100");
    assert_string_equal(accord::core::explain_requeue(r).c_str(),
                        "requeued by sched/accord for JobId=1: predicted gain 14400 GPU-s over restart cost 1200 GPU-s");
}

// accord_policy=preempt runs this cycle with accord_min_run and
// accord_restart_cost; accord_policy=allocator never requeues. (Interval 0:
// requeues considered at every cycle.)
static void plan_cycle_runs_it_for_accord_policy_preempt(void **)
{
    SnapshotBuilder b = fast_type_held();
    SpeedTableRanker ranker(kSpeeds);
    accord::core::SchedulerParams params;
    params.preempt_interval_s = 0;
    PreemptCadence cadence;
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 0);
    params.policy = accord::core::CyclePolicy::Preempt;
    CyclePlan plan = plan_cycle(b.get(), params, ranker, cadence);
    assert_int_equal(plan.requeues.size(), 1);
    assert_true(plan.requeues[0].requeue->cost_gpu_s == 4.0 * 300);
    params.restart_cost_s = 10;
    assert_true(plan_cycle(b.get(), params, ranker, cadence).requeues[0].requeue->cost_gpu_s == 4.0 * 10);
    params.min_run_s = 3601;  // job 50 has run 3600 s
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 0);
}

// Between two cycles that consider requeues lie accord_preempt_interval
// seconds; the cycles in between plan as the allocator: job 1 waits.
static void requeues_wait_for_the_preempt_interval(void **)
{
    SnapshotBuilder b = fast_type_held();
    SpeedTableRanker ranker(kSpeeds);
    accord::core::SchedulerParams params;
    params.policy = accord::core::CyclePolicy::Preempt;
    params.preempt_interval_s = 60;
    PreemptCadence cadence;
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 1);
    b.snapshot().now += 59;
    CyclePlan between = plan_cycle(b.get(), params, ranker, cadence);
    assert_int_equal(between.requeues.size(), 0);
    assert_int_equal(between.starts, 0);
    b.snapshot().now += 1;
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 1);
}

static void job_without_requeue_is_never_requeued(void **)
{
    SnapshotBuilder b = fast_type_held();
    b.snapshot().running[0].requeueable = false;
    assert_nothing_happens(run(b));
}

// Job 50 has run an hour: requeued with a minimum run of an hour, kept with
// one second more.
static void job_below_its_minimum_run_is_kept(void **)
{
    SnapshotBuilder b = fast_type_held();
    assert_nothing_happens(run(b, PreemptConfig{3601, 300}));
    assert_int_equal(run(b, PreemptConfig{3600, 300}).requeues.size(), 1);
}

// 4 GPUs x 299 s left to its limit is below the restart cost of 4 x 300.
static void gain_below_restart_cost_is_kept(void **)
{
    SnapshotBuilder b = fast_type_held();
    b.snapshot().running[0].end_time = b.now() + 300;
    assert_nothing_happens(run(b));
    b.snapshot().running[0].end_time = b.now() + 301;
    assert_int_equal(run(b).requeues.size(), 1);
}

static void lower_priority_job_never_displaces(void **)
{
    SnapshotBuilder b = fast_type_held();
    b.pending(0).priority = 1;  // equal is not higher
    assert_nothing_happens(run(b));
}

// With a free a100 node the pending job starts there: nothing is requeued.
static void no_requeue_when_the_job_fits_anyway(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("a100-2", 64, 512000, {{"a100", 4}});
    RunningJob &low = b.add_running(50, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    low.start_time = b.now() - 3600;
    low.requeueable = true;
    b.add_pending(1, 1, {"", 0, 4}, 3600).priority = 10;
    CyclePlan plan = run(b);
    assert_int_equal(plan.requeues.size(), 0);
    assert_int_equal(plan.starts, 1);
}

// Job 50 holds 2 a100s on each of two nodes; job 1 (priority 10) takes 2
// of them on one node: the gain counts those 2 GPUs, not all 4 it holds.
static void gain_counts_the_gpus_taken_of_its_gpus(void **)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 2}});
    b.add_node("a100-2", 64, 512000, {{"a100", 2}});
    b.add_running(50, b.now() + 5400, "a100-1", res(2, 2000, {{"a100", 2}}));
    RunningJob &low = b.add_running(50, b.now() + 5400, "a100-2", res(2, 2000, {{"a100", 2}}));
    low.start_time = b.now() - 3600;
    low.requeueable = true;
    b.add_pending(1, 1, {"a100", 0, 2}, 3600).priority = 10;
    CyclePlan plan = run(b);
    assert_int_equal(plan.requeues.size(), 1);
    assert_true(plan.requeues[0].requeue->gain_gpu_s == 2.0 * 3600);
    assert_true(plan.requeues[0].requeue->cost_gpu_s == 4.0 * 300);
    assert_int_equal(plan.starts, 1);
}

// Job 50 (requeue-able, priority 1) holds a100-1; a100-2 and a100-3 are
// free. Job 1 (priority 10) waits for 4 a100s; its nodes are set by each
// test.
static SnapshotBuilder held_off_free_nodes()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("a100-2", 64, 512000, {{"a100", 4}});
    b.add_node("a100-3", 64, 512000, {{"a100", 4}});
    RunningJob &low = b.add_running(50, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    low.start_time = b.now() - 3600;
    low.priority = 1;
    low.requeueable = true;
    b.add_pending(1, 1, {"a100", 0, 4}, 3600).priority = 10;
    return b;
}

static void assert_requeued_for_job_1_on_a100_1(const CyclePlan &plan)
{
    assert_int_equal(plan.requeues.size(), 1);
    assert_int_equal(plan.requeues[0].job_id, 50);
    assert_int_equal(plan.requeues[0].requeue->for_jobs.size(), 1);
    assert_int_equal(plan.requeues[0].requeue->for_jobs[0], 1);
    assert_int_equal(plan.starts, 1);
    assert_int_equal(plan.decisions[0].job_id, 1);
    assert_int_equal(plan.decisions[0].placement.size(), 1);
    assert_int_equal(plan.decisions[0].placement[0].node, 0);
}

// Job 1 may use a100-1 only (its partition) or must have it (--nodelist):
// the free a100s of the other nodes are not its, and it displaces job 50
// (pooled over all nodes, it would wait behind job 50 while they were
// counted as its).
static void job_held_off_the_free_nodes_displaces_on_its_own(void **)
{
    SnapshotBuilder partition = held_off_free_nodes();
    partition.pending(0).allowed_nodes = accord::core::NodeList({0});
    assert_requeued_for_job_1_on_a100_1(run(partition));
    SnapshotBuilder nodelist = held_off_free_nodes();
    nodelist.pending(0).required_nodes = {0};
    assert_requeued_for_job_1_on_a100_1(run(nodelist));
}

// Not for a job of equal priority, and not when a free node it may use
// holds it: then it starts there.
static void job_held_off_displaces_only_what_it_needs(void **)
{
    SnapshotBuilder equal = held_off_free_nodes();
    equal.pending(0).allowed_nodes = accord::core::NodeList({0});
    equal.pending(0).priority = 1;
    assert_nothing_happens(run(equal));
    SnapshotBuilder room = held_off_free_nodes();
    room.pending(0).allowed_nodes = accord::core::NodeList({0, 2});
    CyclePlan plan = run(room);
    assert_int_equal(plan.requeues.size(), 0);
    assert_int_equal(plan.starts, 1);
    assert_int_equal(plan.decisions[0].placement[0].node, 2);
}

// Rule 4: job 70 holds a t4 node for a typeless gpu:4 request (requeue-able,
// an hour run, an hour and a half to its limit); the a100 node is free.
static SnapshotBuilder slow_type_held(bool carries_request)
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    RunningJob &mover = b.add_running(70, b.now() + 5400, "t4-1", res(4, 4000, {{"t4", 4}}));
    mover.start_time = b.now() - 3600;
    mover.requeueable = true;
    if (carries_request) {
        b.add_pending(70, 4, {"", 4, 0}, 3 * 3600);
        mover.request = std::make_shared<const accord::core::PendingJob>(b.pending(0));
        b.snapshot().queue.clear();
    }
    return b;
}

static PreemptConfig migrating(int64_t restart_cost_s = 300)
{
    PreemptConfig p;
    p.migrate = true;
    p.restart_cost_s = restart_cost_s;
    return p;
}

static void job_moves_to_a_faster_free_type(void **)
{
    CyclePlan plan = run(slow_type_held(true), migrating());
    assert_int_equal(plan.requeues.size(), 1);
    const Decision &r = plan.requeues[0];
    assert_int_equal(r.job_id, 70);
    assert_int_equal(r.requeue->for_jobs.size(), 0);
    assert_string_equal(r.requeue->move_type.c_str(), "a100");
    assert_int_equal(r.requeue->move_gpus, 4);
    // 4 GPUs x min(5400, 3600) s x (1 - 1/3) saved, against 4 x 300.
    assert_string_equal(accord::core::explain_requeue(r).c_str(),
                        "requeued by sched/accord to move to 4 a100 GPU(s): predicted speed-up 3.00x, "
                        "gain 9600 GPU-s over restart cost 1200 GPU-s");
}

static void job_stays_without_migration_or_its_request(void **)
{
    assert_nothing_happens(run(slow_type_held(true)));
    assert_nothing_happens(run(slow_type_held(false), migrating()));
}

// A job pinned to its t4 node (--nodelist), or whose partition lacks the
// a100 node, would start on a t4 again: it is not moved.
static void move_off_the_nodes_it_may_use_is_not_made(void **)
{
    SnapshotBuilder pinned = slow_type_held(true);
    auto asked = std::make_shared<accord::core::PendingJob>(*pinned.snapshot().running[0].request);
    asked->required_nodes = {1};
    pinned.snapshot().running[0].request = asked;
    assert_nothing_happens(run(pinned, migrating()));
    SnapshotBuilder partition = slow_type_held(true);
    asked = std::make_shared<accord::core::PendingJob>(*partition.snapshot().running[0].request);
    asked->allowed_nodes = accord::core::NodeList({1});
    partition.snapshot().running[0].request = asked;
    assert_nothing_happens(run(partition, migrating()));
}

// accord_migrate reaches the preemptive cycle.
static void plan_cycle_moves_jobs_with_accord_migrate(void **)
{
    SnapshotBuilder b = slow_type_held(true);
    SpeedTableRanker ranker(kSpeeds);
    accord::core::SchedulerParams params;
    params.policy = accord::core::CyclePolicy::Preempt;
    params.preempt_interval_s = 0;
    PreemptCadence cadence;
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 0);
    params.migrate = true;
    assert_int_equal(plan_cycle(b.get(), params, ranker, cadence).requeues.size(), 1);
}

static void move_saving_less_than_the_restart_cost_is_not_made(void **)
{
    assert_int_equal(run(slow_type_held(true), migrating(2399)).requeues.size(), 1);
    assert_nothing_happens(run(slow_type_held(true), migrating(2401)));
}

// The a100 GPUs are held by job 80, of a family as fast on a t4 (input
// bound), which the allocator swaps with job 70: job 70's move would wait
// on job 80's requeue, so it is not made (job 80 is displaced, and
// requeued for no higher-priority start).
static void move_onto_gpus_not_free_now_is_not_made(void **)
{
    SnapshotBuilder b = slow_type_held(true);
    RunningJob &other = b.add_running(80, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    other.start_time = b.now() - 3600;
    other.requeueable = true;
    other.family = "input-bound";
    PendingJob &asked = b.add_pending(80, 4, {"", 4, 0}, 3 * 3600);
    asked.family = "input-bound";
    other.request = std::make_shared<const accord::core::PendingJob>(asked);
    b.snapshot().queue.clear();
    accord::core::FamilySpeedRanker ranker({{"input-bound", {{"a100", 1}, {"t4", 1}}}}, kSpeeds);
    CyclePlan plan = preempt_cycle(b.get(), CycleConfig{}, ranker, AllocConfig{}, migrating());
    assert_int_equal(plan.requeues.size(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(higher_priority_job_gets_the_fast_type),
        cmocka_unit_test(plan_cycle_runs_it_for_accord_policy_preempt),
        cmocka_unit_test(requeues_wait_for_the_preempt_interval),
        cmocka_unit_test(job_without_requeue_is_never_requeued),
        cmocka_unit_test(job_below_its_minimum_run_is_kept),
        cmocka_unit_test(gain_below_restart_cost_is_kept),
        cmocka_unit_test(lower_priority_job_never_displaces),
        cmocka_unit_test(no_requeue_when_the_job_fits_anyway),
        cmocka_unit_test(gain_counts_the_gpus_taken_of_its_gpus),
        cmocka_unit_test(job_held_off_the_free_nodes_displaces_on_its_own),
        cmocka_unit_test(job_held_off_displaces_only_what_it_needs),
        cmocka_unit_test(job_moves_to_a_faster_free_type),
        cmocka_unit_test(job_stays_without_migration_or_its_request),
        cmocka_unit_test(plan_cycle_moves_jobs_with_accord_migrate),
        cmocka_unit_test(move_off_the_nodes_it_may_use_is_not_made),
        cmocka_unit_test(move_saving_less_than_the_restart_cost_is_not_made),
        cmocka_unit_test(move_onto_gpus_not_free_now_is_not_made),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
