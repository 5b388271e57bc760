// Unit tests for core/free_gpu_sweep: the GPUs of one type free at
// successive instants over a node list, from the nodes' usages (running
// jobs, reservations, a cancelling negative usage); down nodes and nodes
// without the type count for nothing.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "core/free_gpu_sweep.h"

using namespace accord::core;

static Resources gpus(const std::string &type, int count)
{
    Resources r;
    r.cpus = 1;
    r.gpus[type] = count;
    return r;
}

static std::vector<NodeTimeline> timelines()
{
    std::vector<NodeTimeline> tl{NodeTimeline(gpus("v100", 4), true), NodeTimeline(gpus("v100", 4), true),
                                 NodeTimeline(gpus("v100", 4), false), NodeTimeline(gpus("k80", 4), true)};
    tl[0].add_usage(0, 100, gpus("v100", 3));   // running until 100
    tl[1].add_usage(50, 150, gpus("v100", 2));  // reserved from 50 to 150
    tl[2].add_usage(0, 10, gpus("v100", 1));    // down: never free
    tl[3].add_usage(0, 200, gpus("k80", 4));
    return tl;
}

static void free_gpus_follow_usage_starts_and_ends(void **)
{
    std::vector<NodeTimeline> tl = timelines();
    FreeGpuSweep v100(tl, {0, 1, 2, 3}, "v100");
    assert_int_equal(v100.free_at(0), 1 + 4);
    assert_int_equal(v100.free_at(50), 1 + 2);
    assert_int_equal(v100.free_at(99), 1 + 2);
    assert_int_equal(v100.free_at(100), 4 + 2);
    assert_int_equal(v100.free_at(150), 8);
    FreeGpuSweep k80(tl, {0, 1, 2, 3}, "k80");
    assert_int_equal(k80.free_at(199), 0);
    assert_int_equal(k80.free_at(200), 4);
}

// The first question applies every change up to its instant at once, the
// later ones only what lies between.
static void a_first_question_late_in_time_counts_all_before_it(void **)
{
    std::vector<NodeTimeline> tl = timelines();
    FreeGpuSweep v100(tl, {0, 1, 2, 3}, "v100");
    assert_int_equal(v100.free_at(120), 4 + 2);
    assert_int_equal(v100.free_at(120), 4 + 2);
    assert_int_equal(v100.free_at(149), 4 + 2);
    assert_int_equal(v100.free_at(1000), 8);
}

static void only_listed_nodes_count(void **)
{
    std::vector<NodeTimeline> tl = timelines();
    FreeGpuSweep v100(tl, {1}, "v100");
    assert_int_equal(v100.free_at(0), 4);
    assert_int_equal(v100.free_at(60), 2);
}

static void a_cancelled_usage_frees_again(void **)
{
    std::vector<NodeTimeline> tl = timelines();
    Resources cancel;
    cancel -= gpus("v100", 2);
    tl[1].add_usage(50, 150, cancel);
    FreeGpuSweep v100(tl, {1}, "v100");
    assert_int_equal(v100.free_at(60), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(free_gpus_follow_usage_starts_and_ends),
        cmocka_unit_test(a_first_question_late_in_time_counts_all_before_it),
        cmocka_unit_test(only_listed_nodes_count),
        cmocka_unit_test(a_cancelled_usage_frees_again),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
