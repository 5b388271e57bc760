// Unit tests for what a shard job holds beyond its shards through
// schedule_cycle: cons_tres gives a GPU with shard jobs to no whole-GPU job
// until the last of them ends, so every shard placement of a cycle (a start
// or a reservation, the GPU's first shard job or one joining it) holds its
// GPU whole over the part of its period the GPU's other shard jobs do not
// already cover, and is planned only where that fits around the cycle's
// reservations.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/schedule_cycle.h"
#include "core/shared_gpu_holds.h"
#include "snapshot_builder.h"

using accord::core::CycleConfig;
using accord::core::CyclePlan;
using accord::core::Period;
using accord::core::schedule_cycle;
using accord::core::SharedGpuHolds;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using accord::core::WaitReason;
using namespace accord::test;

// ---- the periods held ---------------------------------------------------------

static void assert_periods(const std::vector<Period> &got, const std::vector<Period> &want)
{
    assert_int_equal(got.size(), want.size());
    for (size_t i = 0; i < want.size(); i++) {
        assert_int_equal(got[i].start, want[i].start);
        assert_int_equal(got[i].end, want[i].end);
    }
}

static void running_shard_jobs_hold_their_gpu_until_they_end(void **)
{
    // GPU 0's shard jobs end at +300 and +800 (GPU 1 has none): a period
    // from now to +1000 is uncovered only after +800 on GPU 0, all of it on
    // GPU 1. A job missing from the running jobs holds its GPU for good.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    int y = b.add_node("y", 16, 64000, {{"t4", 1}});
    b.set_shards(x, "v100", {4, 4});
    b.set_shards(y, "t4", {2});
    b.add_shard_running(1, b.now() + 300, x, 0, 1, "A");
    b.add_shard_running(2, b.now() + 800, x, 0, 1, "B");
    accord::core::ClusterSnapshot snapshot = b.get();
    snapshot.nodes[y].shard_gpus[0].users.push_back({3, "C"});
    SharedGpuHolds holds(snapshot);
    int64_t now = b.now();
    assert_periods(holds.uncovered(x, 0, {now, now + 1000}), {{now + 800, now + 1000}});
    assert_periods(holds.uncovered(x, 1, {now, now + 1000}), {{now, now + 1000}});
    assert_periods(holds.uncovered(y, 0, {now, now + 100000}), {});
    assert_true(holds.held_at(x, 0, now + 799));
    assert_false(holds.held_at(x, 0, now + 800));
    assert_false(holds.held_at(x, 1, now));
    assert_true(holds.node_held_at(x, now + 799));
    assert_false(holds.node_held_at(x, now + 800));
    assert_true(holds.node_held_at(y, now + 100000));
    assert_false(holds.closed_at(x, 1, now));  // x is not one_sharing
    assert_string_equal(holds.type(y, 0).c_str(), "t4");
    assert_string_equal(holds.type(y, 5).c_str(), "");
}

static void a_one_sharing_node_closes_its_gpus_without_shard_jobs(void **)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {100, 100});
    b.node_at(x).one_sharing = true;
    b.add_shard_running(1, b.now() + 100, x, 0, 10, "A");
    SharedGpuHolds holds(b.get());
    int64_t now = b.now();
    assert_true(holds.closed_at(x, 1, now));
    assert_false(holds.closed_at(x, 0, now));
    assert_false(holds.closed_at(x, 1, now + 100));
    holds.add(x, 1, {now + 50, now + 300});
    assert_false(holds.closed_at(x, 1, now + 60));
    assert_true(holds.closed_at(x, 0, now + 200));
}

static void added_periods_leave_gaps_between_them(void **)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 1}});
    b.set_shards(x, "v100", {4});
    SharedGpuHolds holds(b.get());
    holds.add(x, 0, {500, 700});
    holds.add(x, 0, {100, 200});
    holds.add(x, 0, {150, 300});
    assert_periods(holds.uncovered(x, 0, {0, 1000}), {{0, 100}, {300, 500}, {700, 1000}});
    assert_periods(holds.uncovered(x, 0, {120, 280}), {});
    assert_periods(holds.uncovered(x, 0, {250, 600}), {{300, 500}});
}

// ---- through a cycle --------------------------------------------------------------

static CyclePlan plan(const SnapshotBuilder &b, int reserve_depth = 1)
{
    SpeedTableRanker ranker(std::map<std::string, double>{});
    CycleConfig config;
    config.reserve_depth = reserve_depth;
    return schedule_cycle(b.get(), config, ranker);
}

static void shard_job(SnapshotBuilder &b, uint32_t id, int count, int64_t limit_s)
{
    b.add_pending(id, 1, {}, limit_s).shards_per_node = count;
}

static void whole_gpu_job(SnapshotBuilder &b, uint32_t id, int gpus, int64_t limit_s)
{
    accord::core::GpuRequest request;
    request.type = "v100";
    request.per_node = gpus;
    b.add_pending(id, 1, request, limit_s);
}

// x has two v100 with 2 shards each; GPU 1 is held whole until +100.
static int two_gpus_one_busy_until_100(SnapshotBuilder &b)
{
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    b.add_whole_gpu_running(1, b.now() + 100, x, 1);
    return x;
}

// Both GPUs held whole until +100.
static void two_gpus_busy_until_100(SnapshotBuilder &b)
{
    int x = two_gpus_one_busy_until_100(b);
    b.add_whole_gpu_running(2, b.now() + 100, x, 0);
}

static void assert_reserved_from(const accord::core::Decision &d, int64_t start)
{
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, start);
}

static void assert_waits_behind_the_reservation(const accord::core::Decision &d)
{
    assert_true(d.verdict == Verdict::Wait);
    assert_true(d.reason == WaitReason::Priority);
}

static void a_first_shard_start_past_a_whole_gpu_reservation_waits(void **)
{
    // A 2-GPU job is reserved from +100. A 1-shard job on idle GPU 0 until
    // +600 would keep that GPU from it: it waits. One ending by +50 starts.
    SnapshotBuilder b;
    two_gpus_one_busy_until_100(b);
    whole_gpu_job(b, 10, 2, 3600);
    shard_job(b, 11, 1, 600);
    shard_job(b, 12, 1, 50);
    auto p = plan(b);
    assert_int_equal(p.decisions.size(), 3);
    assert_reserved_from(p.decisions[0], b.now() + 100);
    assert_waits_behind_the_reservation(p.decisions[1]);
    assert_true(p.decisions[2].verdict == Verdict::Start);
}

static void a_shard_job_joining_past_its_gpus_last_end_waits(void **)
{
    // GPU 0 has a shard job until +100, so it is held whole until then and
    // a 2-GPU job is reserved from +100. A 1-shard job joining GPU 0 until
    // +600 would keep it shared past +100: it waits. One ending by +80
    // joins it.
    SnapshotBuilder b;
    int x = two_gpus_one_busy_until_100(b);
    b.add_shard_running(2, b.now() + 100, x, 0, 1, "A");
    whole_gpu_job(b, 10, 2, 3600);
    shard_job(b, 11, 1, 600);
    shard_job(b, 12, 1, 80);
    auto p = plan(b);
    assert_int_equal(p.decisions.size(), 3);
    assert_reserved_from(p.decisions[0], b.now() + 100);
    assert_waits_behind_the_reservation(p.decisions[1]);
    assert_true(p.decisions[2].verdict == Verdict::Start);
    assert_int_equal(p.decisions[2].shared.at(0).gpu, 0);
}

static void a_shard_reservation_holds_its_gpu_whole(void **)
{
    // Both GPUs are held whole until +100. A 2-shard job is reserved on
    // GPU 0 from +100 until +700; a 2-GPU job after it can have both GPUs
    // only from +700, not at +100.
    SnapshotBuilder b;
    two_gpus_busy_until_100(b);
    shard_job(b, 10, 2, 600);
    whole_gpu_job(b, 11, 2, 3600);
    auto p = plan(b, 2);
    assert_int_equal(p.decisions.size(), 2);
    assert_reserved_from(p.decisions[0], b.now() + 100);
    assert_reserved_from(p.decisions[1], b.now() + 700);
}

static void shard_jobs_sharing_a_reserved_gpu_hold_it_once(void **)
{
    // Both GPUs are held whole until +100; two 1-shard jobs are reserved on
    // GPU 0 from +100, sharing it. They hold it whole once: a 1-GPU job
    // after them still has GPU 1 from +100.
    SnapshotBuilder b;
    two_gpus_busy_until_100(b);
    shard_job(b, 10, 1, 600);
    shard_job(b, 11, 1, 600);
    whole_gpu_job(b, 12, 1, 3600);
    auto p = plan(b, 3);
    assert_int_equal(p.decisions.size(), 3);
    for (const auto &d : p.decisions)
        assert_reserved_from(d, b.now() + 100);
    assert_int_equal(p.decisions[1].placement.at(0).used.shards_by_gpu.at(0), 1);
}

static void a_shard_reservation_waits_for_a_whole_gpu_reservation(void **)
{
    // Both GPUs are held whole until +100 and a 2-GPU job is reserved from
    // then until +3700: a 1-shard job after it, though GPU 0's shards are
    // free from +100, is reserved from +3700.
    SnapshotBuilder b;
    two_gpus_busy_until_100(b);
    whole_gpu_job(b, 10, 2, 3600);
    shard_job(b, 11, 1, 600);
    auto p = plan(b, 2);
    assert_int_equal(p.decisions.size(), 2);
    assert_reserved_from(p.decisions[0], b.now() + 100);
    assert_reserved_from(p.decisions[1], b.now() + 3700);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(running_shard_jobs_hold_their_gpu_until_they_end),
        cmocka_unit_test(a_one_sharing_node_closes_its_gpus_without_shard_jobs),
        cmocka_unit_test(added_periods_leave_gaps_between_them),
        cmocka_unit_test(a_first_shard_start_past_a_whole_gpu_reservation_waits),
        cmocka_unit_test(a_shard_job_joining_past_its_gpus_last_end_waits),
        cmocka_unit_test(a_shard_reservation_holds_its_gpu_whole),
        cmocka_unit_test(shard_jobs_sharing_a_reserved_gpu_hold_it_once),
        cmocka_unit_test(a_shard_reservation_waits_for_a_whole_gpu_reservation),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
