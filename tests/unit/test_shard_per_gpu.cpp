// Unit tests for counting gres/shard per GPU (Slurm 22.05's cons_tres
// gives all of a job's shards on a node from one GPU): core/resources's
// per-GPU shards, the node picker's choice of that GPU, and through
// schedule_cycle the fit check and reservations that follow from it,
// also on GPUs held whole, whose shards free at their holder's end, and on
// GPUs with shard jobs, given whole at the last of those jobs' end.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/resources.h"
#include "core/schedule_cycle.h"
#include "snapshot_builder.h"

using accord::core::covers;
using accord::core::CycleConfig;
using accord::core::elementwise_min;
using accord::core::first_gpu_with_shards;
using accord::core::schedule_cycle;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using accord::core::WaitReason;
using namespace accord::test;

static Resources shards(std::map<int, int> by_gpu)
{
    Resources r;
    for (const auto &[gpu, count] : by_gpu)
        r.shards += count;
    r.shards_by_gpu = std::move(by_gpu);
    return r;
}

static Resources any_gpu_shards(int count)
{
    Resources r;
    r.shards = count;
    return r;
}

static accord::core::CyclePlan plan(const SnapshotBuilder &b)
{
    SpeedTableRanker ranker(std::map<std::string, double>{});
    return schedule_cycle(b.get(), CycleConfig{}, ranker);
}

static PendingJob &shard_job(SnapshotBuilder &b, uint32_t id, int count, int64_t limit_s)
{
    PendingJob &j = b.add_pending(id, 1, {}, limit_s);
    j.shards_per_node = count;
    return j;
}

// ---- resources ------------------------------------------------------------------

static void shards_on_one_gpu_needed_when_counted_per_gpu(void **)
{
    Resources split = shards({{0, 2}, {1, 2}});
    assert_false(covers(split, any_gpu_shards(4)));
    assert_true(covers(split, any_gpu_shards(2)));
    assert_true(covers(any_gpu_shards(4), any_gpu_shards(4)));  // totals only: the total decides
}

static void a_named_gpu_must_have_them(void **)
{
    Resources split = shards({{0, 1}, {1, 2}});
    assert_true(covers(split, shards({{1, 2}})));
    assert_false(covers(split, shards({{0, 2}})));
    assert_false(covers(split, shards({{3, 1}})));
}

static void first_gpu_by_index_with_room(void **)
{
    assert_int_equal(first_gpu_with_shards(shards({{0, 1}, {1, 2}, {2, 2}}), 2), 1);
    assert_int_equal(first_gpu_with_shards(shards({{0, 1}, {1, 1}}), 2), -1);
    assert_int_equal(first_gpu_with_shards(any_gpu_shards(8), 2), -1);
}

static void arithmetic_and_min_go_per_gpu(void **)
{
    Resources r = shards({{0, 2}, {1, 2}});
    r -= shards({{1, 1}});
    assert_int_equal(r.shards, 3);
    assert_int_equal(r.shards_by_gpu[1], 1);
    Resources m = elementwise_min(r, shards({{0, 1}, {1, 2}}));
    assert_int_equal(m.shards_by_gpu[0], 1);
    assert_int_equal(m.shards_by_gpu[1], 1);
}

static void whole_gpus_hold_all_their_shards(void **)
{
    // GPU 2 has no shards (kept from sharing): holding it adds none.
    Resources held = accord::core::shards_of_whole_gpus(shards({{0, 2}, {1, 4}}), {1, 2});
    assert_int_equal(held.shards, 4);
    assert_int_equal(held.shards_by_gpu.size(), 1);
    assert_int_equal(held.shards_by_gpu.at(1), 4);
}

// ---- through a cycle --------------------------------------------------------------

static void job_larger_than_any_gpus_shards_never_fits(void **)
{
    // 4 shards in all, 2 on each GPU: a 4-shard job can never start.
    SnapshotBuilder b;
    b.set_shards(b.add_node("x", 16, 64000, {{"v100", 2}}), "v100", {2, 2});
    shard_job(b, 10, 4, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Wait);
    assert_true(p.decisions.at(0).reason == WaitReason::NeverFits);
}

static void reservation_waits_for_one_gpu_with_room(void **)
{
    // x's GPUs have 4 shards each: A holds 2 of GPU 0 and B 2 of GPU 1
    // until +1000, C 1 of GPU 1 until +100. At +100 the node has 4 free
    // but 2 per GPU: a 4-shard job is reserved at +1000, on GPU 0.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {4, 4});
    b.add_shard_running(1, b.now() + 1000, x, 0, 2, "A");
    b.add_shard_running(2, b.now() + 1000, x, 1, 2, "B");
    b.add_shard_running(3, b.now() + 100, x, 1, 1, "C");
    shard_job(b, 10, 4, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 1000);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.at(0), 4);
}

static void start_now_takes_the_gpu_slurm_gives(void **)
{
    // One shard free now on each GPU. A 2-shard job (first) is reserved on
    // GPU 0 from +100, when A ends. A long 1-shard job would get GPU 0 from
    // cons_tres (first with room now) and delay that reservation, though
    // GPU 1 has room all along: it waits. A short one starts, on GPU 0.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    b.add_shard_running(1, b.now() + 100, x, 0, 1, "A");
    b.add_shard_running(2, b.now() + 5000, x, 1, 1, "B");
    shard_job(b, 10, 2, 3600);
    shard_job(b, 11, 1, 3600);
    shard_job(b, 12, 1, 50);
    auto p = plan(b);
    assert_int_equal(p.decisions.size(), 3);
    assert_true(p.decisions[0].verdict == Verdict::Reserve);
    assert_int_equal(p.decisions[0].placement.at(0).used.shards_by_gpu.at(0), 2);
    assert_true(p.decisions[1].verdict == Verdict::Wait);
    assert_true(p.decisions[1].reason == WaitReason::Priority);
    assert_true(p.decisions[2].verdict == Verdict::Start);
    assert_int_equal(p.decisions[2].shared.at(0).gpu, 0);
    assert_int_equal(p.decisions[2].placement.at(0).used.shards_by_gpu.at(0), 1);
}

static void shards_of_a_whole_gpu_free_at_its_holders_end(void **)
{
    // x's one GPU is held whole by job 1 until +500: a shard job is
    // reserved on it from then, not kept waiting for good.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 1}});
    b.set_shards(x, "v100", {2});
    b.add_whole_gpu_running(1, b.now() + 500, x, 0);
    shard_job(b, 10, 2, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 500);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.count(0), 1);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.at(0), 2);
}

static void earliest_whole_gpu_end_gives_the_reservation(void **)
{
    // GPU 0 is held whole until +900, GPU 1 until +300: a 2-shard job is
    // reserved at +300, on GPU 1 (a single whole-GPU job's end frees it).
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    b.add_whole_gpu_running(1, b.now() + 900, x, 0);
    b.add_whole_gpu_running(2, b.now() + 300, x, 1);
    shard_job(b, 10, 2, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 300);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.count(1), 1);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.at(1), 2);
}

static PendingJob &whole_gpu_job(SnapshotBuilder &b, uint32_t id, int gpus, int64_t limit_s)
{
    accord::core::GpuRequest request;
    request.type = "v100";
    request.per_node = gpus;
    return b.add_pending(id, 1, request, limit_s);
}

static void whole_gpu_waits_for_the_last_shard_job_on_it(void **)
{
    // x's one GPU has shard jobs A until +300 and B until +800: cons_tres
    // gives it whole only once both have ended, so a 1-GPU job is reserved
    // at +800 (not kept waiting for good, not at A's end).
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 1}});
    b.set_shards(x, "v100", {2});
    b.add_shard_running(1, b.now() + 300, x, 0, 1, "A");
    b.add_shard_running(2, b.now() + 800, x, 0, 1, "B");
    whole_gpu_job(b, 10, 1, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 800);
}

static void whole_gpu_from_the_gpu_whose_shard_jobs_end_first(void **)
{
    // GPU 0's shard jobs end at +200 and +900, GPU 1's at +400: GPU 1 is
    // the first given whole, at +400 (per GPU: neither the node's first
    // shard end, +200, nor its last, +900).
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    b.add_shard_running(1, b.now() + 200, x, 0, 1, "A");
    b.add_shard_running(2, b.now() + 900, x, 0, 1, "B");
    b.add_shard_running(3, b.now() + 400, x, 1, 2, "C");
    whole_gpu_job(b, 10, 1, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Reserve);
    assert_int_equal(p.decisions.at(0).start_time, b.now() + 400);
}

static void a_gpu_without_shard_jobs_is_given_whole_now(void **)
{
    // Shard jobs on GPU 0 only: a 1-GPU job starts now (on GPU 1).
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    b.add_shard_running(1, b.now() + 800, x, 0, 1, "A");
    whole_gpu_job(b, 10, 1, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Start);
}

static void a_shard_start_takes_its_gpu_from_later_whole_gpu_jobs(void **)
{
    // x's two GPUs are idle. A 1-shard job (first) starts on GPU 0, which
    // cons_tres then gives whole to no one until it ends: a 2-GPU job of
    // the same cycle does not start now, it is reserved from its end.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {2, 2});
    shard_job(b, 10, 1, 600);
    whole_gpu_job(b, 11, 2, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Start);
    assert_true(p.decisions.at(1).verdict == Verdict::Reserve);
    assert_int_equal(p.decisions.at(1).start_time, b.now() + 600);
}

static void a_whole_gpu_start_takes_its_shards_from_later_shard_jobs(void **)
{
    // x's one GPU is idle. A 1-GPU job (first) starts on it: a shard job of
    // the same cycle does not start now, it is reserved from its end.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 1}});
    b.set_shards(x, "v100", {2});
    whole_gpu_job(b, 10, 1, 600);
    shard_job(b, 11, 1, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Start);
    assert_true(p.decisions.at(1).verdict == Verdict::Reserve);
    assert_int_equal(p.decisions.at(1).start_time, b.now() + 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shards_on_one_gpu_needed_when_counted_per_gpu),
        cmocka_unit_test(a_named_gpu_must_have_them),
        cmocka_unit_test(first_gpu_by_index_with_room),
        cmocka_unit_test(arithmetic_and_min_go_per_gpu),
        cmocka_unit_test(whole_gpus_hold_all_their_shards),
        cmocka_unit_test(job_larger_than_any_gpus_shards_never_fits),
        cmocka_unit_test(reservation_waits_for_one_gpu_with_room),
        cmocka_unit_test(start_now_takes_the_gpu_slurm_gives),
        cmocka_unit_test(shards_of_a_whole_gpu_free_at_its_holders_end),
        cmocka_unit_test(earliest_whole_gpu_end_gives_the_reservation),
        cmocka_unit_test(whole_gpu_waits_for_the_last_shard_job_on_it),
        cmocka_unit_test(whole_gpu_from_the_gpu_whose_shard_jobs_end_first),
        cmocka_unit_test(a_gpu_without_shard_jobs_is_given_whole_now),
        cmocka_unit_test(a_shard_start_takes_its_gpu_from_later_whole_gpu_jobs),
        cmocka_unit_test(a_whole_gpu_start_takes_its_shards_from_later_shard_jobs),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
