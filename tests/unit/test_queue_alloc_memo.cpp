// Unit tests for core/queue_alloc_memo: the queue's view is made once for
// an order and kept while running jobs and free resources change (as in a
// preemptive cycle's rounds), made again for another order, and a cycle
// planned with it decides as one planned without it.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/allocator_cycle.h"
#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/queue_alloc_memo.h"
#include "core/running_removed.h"
#include "snapshot_builder.h"

using accord::core::allocator_cycle;
using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::explain;
using accord::core::QueueViews;
using accord::core::PlanningOrder;
using accord::core::queue_alloc_jobs;
using accord::core::QueueAllocJobs;
using accord::core::QueueAllocMemo;
using accord::core::RunningRemoved;
using accord::core::SpeedTableRanker;
using namespace accord::test;

static const SpeedTableRanker kRanker(std::map<std::string, double>{{"a100", 3}, {"t4", 1}});

// An a100 node with 4 GPUs, all held by job 50, and a t4 node with 4
// free. Job 1 waits for 2 GPUs of any type, job 2 for one a100.
static SnapshotBuilder one_held()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    b.add_running(50, b.now() + 5400, "a100-1", res(4, 4000, {{"a100", 4}}));
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    b.add_pending(2, 1, {"a100", 0, 1}, 3600);
    return b;
}

static PlanningOrder order_of(std::vector<size_t> records)
{
    PlanningOrder order;
    order.records = std::move(records);
    return order;
}

static void assert_same_view(const QueueAllocJobs &a, const QueueAllocJobs &b)
{
    assert_int_equal(a.jobs.size(), b.jobs.size());
    for (size_t j = 0; j < a.jobs.size(); j++) {
        assert_int_equal(a.jobs[j].id, b.jobs[j].id);
        assert_int_equal(a.record[j], b.record[j]);
        assert_int_equal(a.options[j]->size(), b.options[j]->size());
    }
}

static void kept_while_running_jobs_change(void **)
{
    SnapshotBuilder b = one_held();
    QueueAllocMemo memo(b.get(), kRanker, b.get().queue.size());
    PlanningOrder order = order_of({0, 1});
    const auto *options = memo.jobs(order).options.at(0).get();
    RunningRemoved round(b.snapshot(), {0});
    assert_ptr_equal(memo.jobs(order).options.at(0).get(), options);
    QueueViews views(round.get(), round.get().queue.size());
    assert_same_view(memo.jobs(order), queue_alloc_jobs(round.get(), order, kRanker, views));
}

static void made_again_for_another_order(void **)
{
    SnapshotBuilder b = one_held();
    QueueAllocMemo memo(b.get(), kRanker, b.get().queue.size());
    assert_int_equal(memo.jobs(order_of({0, 1})).record.at(0), 0);
    assert_int_equal(memo.jobs(order_of({1, 0})).record.at(0), 1);
    assert_int_equal(memo.jobs(order_of({1})).jobs.size(), 1);
    assert_int_equal(memo.jobs(order_of({0, 1})).jobs.size(), 2);
}

static std::string decided(const CyclePlan &plan, const accord::core::ClusterSnapshot &s)
{
    std::string out;
    for (const auto &d : plan.decisions)
        out += explain(d, s) + "\n";
    return out;
}

// The memo made before the round, while job 50 still held the a100s.
static void round_planned_with_it_decides_as_without(void **)
{
    SnapshotBuilder b = one_held();
    QueueAllocMemo memo(b.get(), kRanker, b.get().queue.size());
    CyclePlan before = allocator_cycle(b.get(), CycleConfig{}, kRanker, {}, std::nullopt, &memo);
    RunningRemoved round(b.snapshot(), {0});
    CyclePlan with = allocator_cycle(round.get(), CycleConfig{}, kRanker, {}, std::nullopt, &memo);
    CyclePlan without = allocator_cycle(round.get(), CycleConfig{}, kRanker);
    assert_int_equal(with.starts, 2);
    assert_string_equal(decided(with, round.get()).c_str(), decided(without, round.get()).c_str());
    assert_int_not_equal(before.starts, with.starts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kept_while_running_jobs_change),
        cmocka_unit_test(made_again_for_another_order),
        cmocka_unit_test(round_planned_with_it_decides_as_without),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
