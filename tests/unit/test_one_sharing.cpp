// Unit tests for Slurm's one_sharing (gres.conf Flags, the default for
// gres/mps, counted as shards): while a GPU of the node has shard jobs,
// new shards come only from such a GPU, and the others open when the last
// of those jobs ends. Counts as gres/mps has them: 100 per GPU.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/schedule_cycle.h"
#include "snapshot_builder.h"

using accord::core::CycleConfig;
using accord::core::schedule_cycle;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using namespace accord::test;

static accord::core::CyclePlan plan(const SnapshotBuilder &b)
{
    SpeedTableRanker ranker(std::map<std::string, double>{});
    return schedule_cycle(b.get(), CycleConfig{}, ranker);
}

static PendingJob &mps_job(SnapshotBuilder &b, uint32_t id, int count, int64_t limit_s)
{
    PendingJob &j = b.add_pending(id, 1, {}, limit_s);
    j.shards_per_node = count;
    return j;
}

// Node x: two v100 GPUs with 100 each; job 1 holds 60 of GPU 0 until +500.
static SnapshotBuilder one_gpu_in_use(bool one_sharing)
{
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {100, 100});
    b.node_at(x).one_sharing = one_sharing;
    b.add_shard_running(1, b.now() + 500, x, 0, 60, "A");
    return b;
}

static void job_waits_for_the_gpu_in_use(void **)
{
    // GPU 1 is idle but closed while job 1 runs: the 50 are reserved at
    // +500, from GPU 0 (first by index once both are open).
    SnapshotBuilder b = one_gpu_in_use(true);
    mps_job(b, 10, 50, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, b.now() + 500);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.at(0), 50);
}

static void without_one_sharing_the_idle_gpu_takes_it(void **)
{
    SnapshotBuilder b = one_gpu_in_use(false);
    mps_job(b, 10, 50, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Start);
    assert_int_equal(d.shared.at(0).gpu, 1);
}

static void room_on_the_gpu_in_use_starts_now(void **)
{
    SnapshotBuilder b = one_gpu_in_use(true);
    mps_job(b, 10, 40, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Start);
    assert_int_equal(d.shared.at(0).gpu, 0);
    assert_int_equal(d.shared.at(0).co_runners.at(0), 1);
}

static void a_whole_gpu_does_not_close_the_others(void **)
{
    // GPU 0 held whole (gres/gpu) is no shard job: GPU 1 stays open.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {100, 100});
    b.node_at(x).one_sharing = true;
    b.add_whole_gpu_running(1, b.now() + 500, x, 0);
    mps_job(b, 10, 50, 3600);
    auto p = plan(b);
    const auto &d = p.decisions.at(0);
    assert_true(d.verdict == Verdict::Start);
    assert_int_equal(d.shared.at(0).gpu, 1);
}

static void a_start_of_the_cycle_closes_the_other_gpus(void **)
{
    // Nothing runs: job 10 starts on GPU 0 and leaves 20 there; job 11's
    // 50 fit only GPU 1, which job 10 has closed: it does not start now.
    SnapshotBuilder b;
    int x = b.add_node("x", 16, 64000, {{"v100", 2}});
    b.set_shards(x, "v100", {100, 100});
    b.node_at(x).one_sharing = true;
    mps_job(b, 10, 80, 3600);
    mps_job(b, 11, 50, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Start);
    assert_int_equal(p.decisions.at(0).shared.at(0).gpu, 0);
    assert_true(p.decisions.at(1).verdict != Verdict::Start);
}

static void whole_gpus_follow_the_mps_jobs_on_each(void **)
{
    // Job 1's GPU 0 is given whole at its end, +500: a 2-GPU job is
    // reserved then. one_sharing closes GPU 1 to new mps, not to gres/gpu:
    // a 1-GPU job short enough not to delay that starts now.
    SnapshotBuilder b = one_gpu_in_use(true);
    b.add_pending(10, 1, {"v100", 2}, 3600);
    b.add_pending(11, 1, {"v100", 1}, 400);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Reserve);
    assert_int_equal(p.decisions.at(0).start_time, b.now() + 500);
    assert_true(p.decisions.at(1).verdict == Verdict::Start);
}

// Node x: three v100 GPUs with 100 each, GPU 0 held whole until `until`.
static int three_gpus_first_held_until(SnapshotBuilder &b, int64_t until)
{
    int x = b.add_node("x", 16, 64000, {{"v100", 3}});
    b.set_shards(x, "v100", {100, 100, 100});
    b.node_at(x).one_sharing = true;
    b.add_whole_gpu_running(1, until, x, 0);
    return x;
}

static void assert_reserved_on(const accord::core::Decision &d, int64_t start, int gpu, int shards)
{
    assert_true(d.verdict == Verdict::Reserve);
    assert_int_equal(d.start_time, start);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.count(gpu), 1);
    assert_int_equal(d.placement.at(0).used.shards_by_gpu.at(gpu), shards);
}

static void a_reservation_waits_until_the_cycles_starts_reopen_its_gpu(void **)
{
    // x has three GPUs, GPU 0 held whole until +300. Job 10 starts on
    // GPU 1 (until +600), which closes GPUs 0 and 2 to new mps; job 11's
    // 50 do not fit GPU 1's 40 left. GPU 0's 100 are free from +300, but
    // while job 10 runs Slurm gives mps only from GPU 1: job 11 is
    // reserved from +600, on GPU 0 (first by index then).
    SnapshotBuilder b;
    three_gpus_first_held_until(b, b.now() + 300);
    mps_job(b, 10, 60, 600);
    mps_job(b, 11, 50, 3600);
    auto p = plan(b);
    assert_true(p.decisions.at(0).verdict == Verdict::Start);
    assert_int_equal(p.decisions.at(0).shared.at(0).gpu, 1);
    assert_reserved_on(p.decisions.at(1), b.now() + 600, 0, 50);
}

static void a_reservation_takes_the_open_gpu_with_room(void **)
{
    // x has three GPUs. GPU 0 is held whole until +100; GPU 1 has two mps
    // jobs, of 60 until +200 and of 30 until +5000. At +200 GPU 1 has 70
    // free and is the node's only open GPU (GPU 0's 100 are free too, but
    // closed while the 30 run): a 50-mps job is reserved there, from +200.
    SnapshotBuilder b;
    int x = three_gpus_first_held_until(b, b.now() + 100);
    b.add_shard_running(2, b.now() + 200, x, 1, 60, "A");
    b.add_shard_running(3, b.now() + 5000, x, 1, 30, "B");
    mps_job(b, 10, 50, 1000);
    auto p = plan(b);
    assert_reserved_on(p.decisions.at(0), b.now() + 200, 1, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(job_waits_for_the_gpu_in_use),
        cmocka_unit_test(without_one_sharing_the_idle_gpu_takes_it),
        cmocka_unit_test(room_on_the_gpu_in_use_starts_now),
        cmocka_unit_test(a_whole_gpu_does_not_close_the_others),
        cmocka_unit_test(a_start_of_the_cycle_closes_the_other_gpus),
        cmocka_unit_test(whole_gpus_follow_the_mps_jobs_on_each),
        cmocka_unit_test(a_reservation_waits_until_the_cycles_starts_reopen_its_gpu),
        cmocka_unit_test(a_reservation_takes_the_open_gpu_with_room),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
