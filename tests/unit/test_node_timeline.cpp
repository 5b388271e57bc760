// Unit tests for core/node_timeline: free_during, release_times, build_timelines.
#include "cmocka_cpp.h"

#include <algorithm>
#include <vector>

#include "core/node_timeline.h"
#include "snapshot_builder.h"

using accord::core::build_timelines;
using accord::core::kForever;
using accord::core::NodeTimeline;
using namespace accord::test;

static NodeTimeline node8()  // 8 CPUs, 1000 MB, 8 a100
{
    return NodeTimeline(res(8, 1000, {{"a100", 8}}), true);
}

static std::vector<int64_t> releases(const NodeTimeline &tl, int64_t after)
{
    std::vector<int64_t> out;
    tl.release_times(after, out);
    std::sort(out.begin(), out.end());
    return out;
}

// ---- accessors --------------------------------------------------------------

static void timeline_keeps_capacity_and_schedulable(void **)
{
    NodeTimeline up(res(8, 1000, {{"a100", 2}}), true);
    NodeTimeline down(res(4, 500), false);
    assert_int_equal(up.capacity().cpus, 8);
    assert_int_equal(up.capacity().gpus_of("a100"), 2);
    assert_true(up.schedulable());
    assert_int_equal(down.capacity().mem_mb, 500);
    assert_false(down.schedulable());
}

// ---- free_during ------------------------------------------------------------

static void free_during_empty_timeline_is_capacity(void **)
{
    Resources f = node8().free_during(100, 200);
    assert_int_equal(f.cpus, 8);
    assert_int_equal(f.mem_mb, 1000);
    assert_int_equal(f.gpus_of("a100"), 8);
}

static void free_during_subtracts_usage_covering_start(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(50, 150, res(2, 100, {{"a100", 3}}));
    Resources f = tl.free_during(100, 200);
    assert_int_equal(f.cpus, 6);
    assert_int_equal(f.mem_mb, 900);
    assert_int_equal(f.gpus_of("a100"), 5);
}

static void free_during_counts_usage_starting_inside_period(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(150, 400, res(4, 0, {{"a100", 8}}));
    Resources f = tl.free_during(100, 200);
    assert_int_equal(f.cpus, 4);
    assert_int_equal(f.gpus_of("a100"), 0);
}

static void free_during_ignores_interval_ending_exactly_at_start(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 100, res(8, 1000, {{"a100", 8}}));
    Resources f = tl.free_during(100, 200);
    assert_int_equal(f.cpus, 8);
    assert_int_equal(f.gpus_of("a100"), 8);
}

static void free_during_counts_interval_ending_one_after_start(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 101, res(8, 1000, {{"a100", 8}}));
    assert_int_equal(tl.free_during(100, 200).cpus, 0);
}

static void free_during_ignores_interval_starting_exactly_at_end(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(200, 300, res(8, 1000, {{"a100", 8}}));
    Resources f = tl.free_during(100, 200);
    assert_int_equal(f.cpus, 8);
    assert_int_equal(f.gpus_of("a100"), 8);
}

static void free_during_counts_interval_starting_one_before_end(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(199, 300, res(8, 1000, {{"a100", 8}}));
    assert_int_equal(tl.free_during(100, 200).gpus_of("a100"), 0);
}

static void free_during_counts_interval_starting_exactly_at_start(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(100, 101, res(3, 0));
    assert_int_equal(tl.free_during(100, 200).cpus, 5);
}

static void free_during_disjoint_intervals_take_peak_not_sum(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(110, 120, res(3, 0));
    tl.add_usage(130, 140, res(5, 0));
    assert_int_equal(tl.free_during(100, 200).cpus, 3);
}

static void free_during_overlapping_intervals_sum_at_peak(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(110, 150, res(3, 0));
    tl.add_usage(140, 160, res(4, 0));
    assert_int_equal(tl.free_during(100, 200).cpus, 1);
}

static void free_during_peak_per_dimension_at_different_instants(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(110, 120, res(6, 0));
    tl.add_usage(130, 140, res(0, 0, {{"a100", 7}}));
    Resources f = tl.free_during(100, 200);
    assert_int_equal(f.cpus, 2);
    assert_int_equal(f.gpus_of("a100"), 1);
}

static void free_during_usage_outside_period_ignored(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 50, res(8, 1000));
    tl.add_usage(300, 400, res(8, 1000));
    assert_int_equal(tl.free_during(100, 200).cpus, 8);
}

static void free_during_forever_usage_always_counts(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, kForever, res(1, 0, {{"a100", 2}}));
    assert_int_equal(tl.free_during(1000000, 2000000).gpus_of("a100"), 6);
}

static void add_usage_ignores_empty_or_reversed_interval(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(150, 150, res(8, 1000));
    tl.add_usage(160, 140, res(8, 1000));
    assert_int_equal(tl.free_during(100, 200).cpus, 8);
    assert_true(releases(tl, 0).empty());
}

// free_during remembers what is free after the last usage start; asking
// again must still see usages added since and usages that ended since.
static void free_during_sees_usage_added_after_asking(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 300, res(2, 100, {{"a100", 3}}));
    assert_int_equal(tl.free_during(100, 200).gpus_of("a100"), 5);
    tl.add_usage(0, 300, res(1, 0, {{"a100", 2}}));
    assert_int_equal(tl.free_during(100, 200).gpus_of("a100"), 3);
}

static void free_during_later_start_sees_usage_ended(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 300, res(2, 100, {{"a100", 3}}));
    tl.add_usage(0, 500, res(1, 100, {{"a100", 1}}));
    assert_int_equal(tl.free_during(100, 200).gpus_of("a100"), 4);
    assert_int_equal(tl.free_during(299, 400).gpus_of("a100"), 4);
    assert_int_equal(tl.free_during(300, 400).gpus_of("a100"), 7);
    assert_int_equal(tl.free_during(500, 600).gpus_of("a100"), 8);
    assert_int_equal(tl.free_during(100, 200).gpus_of("a100"), 4);
}

// ---- release_times ----------------------------------------------------------

static void release_times_lists_ends_after(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 300, res(1, 0));
    tl.add_usage(0, 200, res(1, 0));
    std::vector<int64_t> r = releases(tl, 100);
    assert_int_equal(r.size(), 2);
    assert_int_equal(r[0], 200);
    assert_int_equal(r[1], 300);
}

static void release_times_excludes_end_equal_to_after(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 100, res(1, 0));
    tl.add_usage(0, 101, res(1, 0));
    std::vector<int64_t> r = releases(tl, 100);
    assert_int_equal(r.size(), 1);
    assert_int_equal(r[0], 101);
}

static void release_times_excludes_end_before_after(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, 50, res(1, 0));
    assert_true(releases(tl, 100).empty());
}

static void release_times_excludes_forever(void **)
{
    NodeTimeline tl = node8();
    tl.add_usage(0, kForever, res(1, 0));
    tl.add_usage(0, 500, res(1, 0));
    std::vector<int64_t> r = releases(tl, 100);
    assert_int_equal(r.size(), 1);
    assert_int_equal(r[0], 500);
}

static void release_times_appends_to_out(void **)
{
    // The scheduler collects release times of several nodes in one vector.
    NodeTimeline tl = node8();
    tl.add_usage(0, 500, res(1, 0));
    std::vector<int64_t> out{42};
    tl.release_times(100, out);
    assert_int_equal(out.size(), 2);
    assert_int_equal(out[0], 42);
    assert_int_equal(out[1], 500);
}

// ---- build_timelines ----------------------------------------------------------

static void build_timelines_one_per_node_with_capacity_and_state(void **)
{
    SnapshotBuilder b;
    b.add_node("a", 8, 1000, {{"a100", 8}});
    b.add_node("b", 4, 500, {}, false);
    auto tl = build_timelines(b.get());
    assert_int_equal(tl.size(), 2);
    assert_int_equal(tl[0].capacity().gpus_of("a100"), 8);
    assert_true(tl[0].schedulable());
    assert_int_equal(tl[1].capacity().cpus, 4);
    assert_false(tl[1].schedulable());
}

static void build_timelines_idle_node_fully_free_now(void **)
{
    SnapshotBuilder b;
    b.add_node("a", 8, 1000, {{"a100", 8}});
    auto tl = build_timelines(b.get());
    Resources f = tl[0].free_during(b.now(), b.now() + 100);
    assert_int_equal(f.cpus, 8);
    assert_int_equal(f.gpus_of("a100"), 8);
    assert_true(releases(tl[0], b.now()).empty());
}

static void build_timelines_running_job_held_until_end_time(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000, {{"a100", 8}});
    b.add_running(1, b.now() + 600, a, res(2, 300, {{"a100", 4}}));
    auto tl = build_timelines(b.get());
    Resources during = tl[a].free_during(b.now(), b.now() + 600);
    assert_int_equal(during.cpus, 6);
    assert_int_equal(during.mem_mb, 700);
    assert_int_equal(during.gpus_of("a100"), 4);
    Resources after = tl[a].free_during(b.now() + 600, b.now() + 1200);
    assert_int_equal(after.cpus, 8);
    assert_int_equal(after.mem_mb, 1000);
    assert_int_equal(after.gpus_of("a100"), 8);
}

static void build_timelines_running_job_end_is_a_release_time(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000);
    b.add_running(1, b.now() + 600, a, res(2, 0));
    auto tl = build_timelines(b.get());
    std::vector<int64_t> r = releases(tl[a], b.now());
    assert_int_equal(r.size(), 1);
    assert_int_equal(r[0], b.now() + 600);
}

static void build_timelines_multi_node_job_uses_each_node(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000);
    int c = b.add_node("c", 8, 1000);
    b.add_running(1, b.now() + 600, a, res(3, 0));
    b.add_running(1, b.now() + 600, c, res(5, 0));
    auto tl = build_timelines(b.get());
    assert_int_equal(tl[a].free_during(b.now(), b.now() + 1).cpus, 5);
    assert_int_equal(tl[c].free_during(b.now(), b.now() + 1).cpus, 3);
    assert_int_equal(tl[c].free_during(b.now() + 600, b.now() + 601).cpus, 8);
}

static void build_timelines_unexplained_usage_held_forever(void **)
{
    // The node reports 5 CPUs and 2 GPUs allocated, running jobs explain 2
    // CPUs and 1 GPU: the rest (e.g. a completing job) is held for good.
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000, {{"a100", 4}});
    b.add_running(1, b.now() + 600, a, res(2, 100, {{"a100", 1}}));
    b.node_at(a).free = res(3, 800, {{"a100", 2}});
    auto tl = build_timelines(b.get());
    Resources now = tl[a].free_during(b.now(), b.now() + 1);
    assert_int_equal(now.cpus, 3);
    assert_int_equal(now.mem_mb, 800);
    assert_int_equal(now.gpus_of("a100"), 2);
    Resources later = tl[a].free_during(b.now() + 1000000, b.now() + 2000000);
    assert_int_equal(later.cpus, 5);
    assert_int_equal(later.mem_mb, 900);
    assert_int_equal(later.gpus_of("a100"), 3);
}

static void build_timelines_unexplained_usage_is_not_a_release_time(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000);
    b.node_at(a).free = res(4, 1000);
    auto tl = build_timelines(b.get());
    assert_true(releases(tl[a], b.now()).empty());
    assert_int_equal(tl[a].free_during(b.now() + 1000000, b.now() + 1000001).cpus, 4);
}

static void build_timelines_fully_explained_usage_not_held_forever(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000, {{"a100", 8}});
    b.add_running(1, b.now() + 600, a, res(8, 1000, {{"a100", 8}}));
    auto tl = build_timelines(b.get());
    Resources after = tl[a].free_during(b.now() + 600, b.now() + 700);
    assert_int_equal(after.cpus, 8);
    assert_int_equal(after.mem_mb, 1000);
    assert_int_equal(after.gpus_of("a100"), 8);
}

static void build_timelines_more_free_than_explained_never_exceeds_capacity(void **)
{
    // The node says all is free although a running job claims 4 CPUs (a
    // race between the two reports): after the job ends the node must not
    // appear larger than it is.
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000, {{"a100", 2}});
    b.add_running(1, b.now() + 600, a, res(4, 500, {{"a100", 1}}));
    b.node_at(a).free = b.node_at(a).capacity;
    auto tl = build_timelines(b.get());
    Resources after = tl[a].free_during(b.now() + 600, b.now() + 700);
    assert_int_equal(after.cpus, 8);
    assert_int_equal(after.mem_mb, 1000);
    assert_int_equal(after.gpus_of("a100"), 2);
}

static void build_timelines_past_end_time_ends_at_now_plus_one(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000);
    b.add_running(1, b.now() - 300, a, res(8, 0));
    auto tl = build_timelines(b.get());
    assert_int_equal(tl[a].free_during(b.now(), b.now() + 1).cpus, 0);
    assert_int_equal(tl[a].free_during(b.now() + 1, b.now() + 2).cpus, 8);
    std::vector<int64_t> r = releases(tl[a], b.now());
    assert_int_equal(r.size(), 1);
    assert_int_equal(r[0], b.now() + 1);
}

static void build_timelines_end_time_equal_now_ends_at_now_plus_one(void **)
{
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 1000);
    b.add_running(1, b.now(), a, res(8, 0));
    auto tl = build_timelines(b.get());
    assert_int_equal(tl[a].free_during(b.now(), b.now() + 1).cpus, 0);
    assert_int_equal(tl[a].free_during(b.now() + 1, b.now() + 2).cpus, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(timeline_keeps_capacity_and_schedulable),
        cmocka_unit_test(free_during_empty_timeline_is_capacity),
        cmocka_unit_test(free_during_subtracts_usage_covering_start),
        cmocka_unit_test(free_during_counts_usage_starting_inside_period),
        cmocka_unit_test(free_during_ignores_interval_ending_exactly_at_start),
        cmocka_unit_test(free_during_counts_interval_ending_one_after_start),
        cmocka_unit_test(free_during_ignores_interval_starting_exactly_at_end),
        cmocka_unit_test(free_during_counts_interval_starting_one_before_end),
        cmocka_unit_test(free_during_counts_interval_starting_exactly_at_start),
        cmocka_unit_test(free_during_disjoint_intervals_take_peak_not_sum),
        cmocka_unit_test(free_during_overlapping_intervals_sum_at_peak),
        cmocka_unit_test(free_during_peak_per_dimension_at_different_instants),
        cmocka_unit_test(free_during_usage_outside_period_ignored),
        cmocka_unit_test(free_during_forever_usage_always_counts),
        cmocka_unit_test(add_usage_ignores_empty_or_reversed_interval),
        cmocka_unit_test(free_during_sees_usage_added_after_asking),
        cmocka_unit_test(free_during_later_start_sees_usage_ended),
        cmocka_unit_test(release_times_lists_ends_after),
        cmocka_unit_test(release_times_excludes_end_equal_to_after),
        cmocka_unit_test(release_times_excludes_end_before_after),
        cmocka_unit_test(release_times_excludes_forever),
        cmocka_unit_test(release_times_appends_to_out),
        cmocka_unit_test(build_timelines_one_per_node_with_capacity_and_state),
        cmocka_unit_test(build_timelines_idle_node_fully_free_now),
        cmocka_unit_test(build_timelines_running_job_held_until_end_time),
        cmocka_unit_test(build_timelines_running_job_end_is_a_release_time),
        cmocka_unit_test(build_timelines_multi_node_job_uses_each_node),
        cmocka_unit_test(build_timelines_unexplained_usage_held_forever),
        cmocka_unit_test(build_timelines_unexplained_usage_is_not_a_release_time),
        cmocka_unit_test(build_timelines_fully_explained_usage_not_held_forever),
        cmocka_unit_test(build_timelines_more_free_than_explained_never_exceeds_capacity),
        cmocka_unit_test(build_timelines_past_end_time_ends_at_now_plus_one),
        cmocka_unit_test(build_timelines_end_time_equal_now_ends_at_now_plus_one),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
