// Unit tests for core/running_removed: while in scope the snapshot lacks
// the removed running jobs and their nodes have their resources free; out
// of scope it is as before, running order and free resources alike.
#include "cmocka_cpp.h"

#include "core/running_removed.h"
#include "snapshot_builder.h"

using accord::core::RunningRemoved;
using namespace accord::test;

// Jobs 1 and 3 on n1 (2 GPUs each), job 2 on n1 and n2 (1 GPU each).
static SnapshotBuilder three_running()
{
    SnapshotBuilder b;
    b.add_node("n1", 16, 64000, {{"a100", 8}});
    b.add_node("n2", 16, 64000, {{"a100", 8}});
    b.add_running(1, b.now() + 600, "n1", res(2, 1000, {{"a100", 2}}));
    b.add_running(2, b.now() + 600, "n1", res(1, 1000, {{"a100", 1}}));
    b.add_running(2, b.now() + 600, "n2", res(1, 1000, {{"a100", 1}}));
    b.add_running(3, b.now() + 600, "n1", res(2, 1000, {{"a100", 2}}));
    return b;
}

static void removes_the_jobs_and_frees_their_resources(void **)
{
    SnapshotBuilder b = three_running();
    RunningRemoved round(b.snapshot(), {1, 0});
    const auto &s = round.get();
    assert_int_equal(s.running.size(), 1);
    assert_int_equal(s.running[0].job_id, 3);
    assert_int_equal(s.nodes[0].free.gpus_of("a100"), 6);  // 8 - 2 of job 3
    assert_int_equal(s.nodes[0].free.cpus, 14);
    assert_int_equal(s.nodes[1].free.gpus_of("a100"), 8);
}

static void puts_everything_back(void **)
{
    SnapshotBuilder b = three_running();
    { RunningRemoved round(b.snapshot(), {1}); }
    const auto &s = b.get();
    assert_int_equal(s.running.size(), 3);
    assert_int_equal(s.running[0].job_id, 1);
    assert_int_equal(s.running[1].job_id, 2);
    assert_int_equal(s.running[1].usage.size(), 2);
    assert_int_equal(s.running[2].job_id, 3);
    assert_int_equal(s.nodes[0].free.gpus_of("a100"), 3);
    assert_int_equal(s.nodes[0].free.cpus, 11);
    assert_int_equal(s.nodes[1].free.gpus_of("a100"), 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(removes_the_jobs_and_frees_their_resources),
        cmocka_unit_test(puts_everything_back),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
