// Unit tests for core/node_picker: per_node_demand and pick_nodes.
#include "cmocka_cpp.h"

#include <algorithm>
#include <random>
#include <tuple>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/node_picker.h"
#include "core/node_timeline.h"
#include "snapshot_builder.h"

using accord::core::build_timelines;
using accord::core::GpuCloseness;
using accord::core::NodeScope;
using accord::core::per_node_demand;
using accord::core::Pick;
using accord::core::pick_nodes;
using namespace accord::test;

// Pick with what is free over [now, now + time limit), as the scheduler
// does for a start now (with the GPUs' closeness when `closeness`).
static std::optional<Pick> pick_now(const SnapshotBuilder &b, const PendingJob &job,
                                    const std::string &gpu_type, const GpuCloseness *closeness = nullptr)
{
    auto tl = build_timelines(b.get());
    int64_t now = b.now();
    int64_t end = now + job.time_limit_s;
    return pick_nodes(job, gpu_type, tl, [&tl, now, end](int n) { return tl[n].free_during(now, end); },
                      closeness);
}

static std::vector<int> nodes_of(const Pick &p)
{
    std::vector<int> nodes;
    for (const auto &use : p.placement)
        nodes.push_back(use.node);
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

static bool has_node(const Pick &p, int node)
{
    for (const auto &use : p.placement)
        if (use.node == node)
            return true;
    return false;
}

static PendingJob job_with(int cpus_total, int cpus_per_node, int64_t mem_node, int64_t mem_cpu,
                           GpuRequest gpus = {})
{
    PendingJob j;
    j.cpus_total = cpus_total;
    j.cpus_per_node = cpus_per_node;
    j.mem_per_node_mb = mem_node;
    j.mem_per_cpu_mb = mem_cpu;
    j.gpus = gpus;
    return j;
}

// ---- per_node_demand ----------------------------------------------------------

static void demand_spreads_cpus_rounding_up(void **)
{
    PendingJob j = job_with(10, 1, 0, 0);
    assert_int_equal(per_node_demand(j, "", 1).cpus, 10);
    assert_int_equal(per_node_demand(j, "", 3).cpus, 4);
    assert_int_equal(per_node_demand(j, "", 5).cpus, 2);
    assert_int_equal(per_node_demand(j, "", 10).cpus, 1);
}

static void demand_cpus_per_node_is_a_floor(void **)
{
    assert_int_equal(per_node_demand(job_with(4, 6, 0, 0), "", 2).cpus, 6);
    assert_int_equal(per_node_demand(job_with(20, 6, 0, 0), "", 2).cpus, 10);
}

static void demand_per_job_gpus_spread_rounding_up(void **)
{
    GpuRequest g;
    g.per_job = 10;
    PendingJob j = job_with(1, 1, 0, 0, g);
    assert_int_equal(per_node_demand(j, "a100", 1).gpus_of("a100"), 10);
    assert_int_equal(per_node_demand(j, "a100", 2).gpus_of("a100"), 5);
    assert_int_equal(per_node_demand(j, "a100", 3).gpus_of("a100"), 4);
}

static void demand_cpus_and_memory_per_gpu(void **)
{
    GpuRequest g{"a100", 4};
    g.cpus_per_gpu = 3;
    g.mem_per_gpu_mb = 1000;
    Resources d = per_node_demand(job_with(1, 1, 500, 0, g), "a100", 1);
    assert_int_equal(d.cpus, 12);
    assert_int_equal(d.mem_mb, 4500);
}

static void per_job_gpus_use_fewest_nodes_that_hold_them(void **)
{
    SnapshotBuilder b;
    b.add_node("a", 64, 512000, {{"a100", 8}});
    b.add_node("b", 64, 512000, {{"a100", 8}});
    b.add_node("c", 64, 512000, {{"a100", 8}});
    GpuRequest g;
    g.per_job = 16;
    PendingJob &j = b.add_pending(10, 1, g);
    j.max_nodes = 3;
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 2);
    assert_int_equal(p->placement[0].used.gpus_of("a100"), 8);
}

static void demand_memory_per_node_only(void **)
{
    assert_int_equal(per_node_demand(job_with(8, 1, 3000, 0), "", 2).mem_mb, 3000);
}

static void demand_memory_per_cpu_scales_with_node_cpus(void **)
{
    assert_int_equal(per_node_demand(job_with(8, 1, 0, 100), "", 2).mem_mb, 400);
    assert_int_equal(per_node_demand(job_with(8, 1, 0, 100), "", 1).mem_mb, 800);
}

static void demand_memory_per_node_plus_per_cpu(void **)
{
    assert_int_equal(per_node_demand(job_with(8, 1, 1000, 100), "", 2).mem_mb, 1400);
}

static void demand_memory_per_cpu_uses_floored_cpus(void **)
{
    // 2 CPUs over 2 nodes but at least 4 per node: memory for 4 CPUs.
    assert_int_equal(per_node_demand(job_with(2, 4, 0, 100), "", 2).mem_mb, 400);
}

static void demand_gpus_of_the_given_type(void **)
{
    Resources d = per_node_demand(job_with(1, 1, 0, 0, {"", 2}), "v100", 3);
    assert_int_equal(d.gpus_of("v100"), 2);
    assert_int_equal(d.total_gpus(), 2);
}

static void demand_gpus_are_per_node_not_divided(void **)
{
    assert_int_equal(per_node_demand(job_with(1, 1, 0, 0, {"a100", 4}), "a100", 2).gpus_of("a100"), 4);
}

static void demand_cpu_only_job_has_no_gpus(void **)
{
    assert_int_equal(per_node_demand(job_with(4, 1, 0, 0), "", 1).total_gpus(), 0);
}

// ---- single-node placement -------------------------------------------------

static void gpu_job_prefers_node_with_most_gpus_used(void **)
{
    SnapshotBuilder b;
    int idle = b.add_node("idle", 64, 512000, {{"a100", 8}});
    int busy = b.add_node("busy", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, busy, res(8, 1000, {{"a100", 6}}));
    PendingJob &j = b.add_pending(10, 2, {"a100", 2});
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 1);
    assert_int_equal(p->placement[0].node, busy);
    assert_int_equal(p->placement[0].used.gpus_of("a100"), 2);
    assert_int_equal(p->idle_gpus_left, 0);
    (void)idle;
}

static void gpu_job_skips_node_with_too_few_free_gpus(void **)
{
    SnapshotBuilder b;
    int idle = b.add_node("idle", 64, 512000, {{"a100", 8}});
    int busy = b.add_node("busy", 64, 512000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, busy, res(8, 1000, {{"a100", 7}}));
    PendingJob &j = b.add_pending(10, 2, {"a100", 2});
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, idle);
    assert_int_equal(p->idle_gpus_left, 6);
}

static void gpu_best_fit_counts_only_the_chosen_type(void **)
{
    // "big" leaves 4 a100 idle; "mixed" leaves 0 a100 (and 8 t4, which a
    // a100 job does not care about).
    SnapshotBuilder b;
    b.add_node("big", 64, 512000, {{"a100", 8}});
    int mixed = b.add_node("mixed", 64, 512000, {{"a100", 4}, {"t4", 8}});
    PendingJob &j = b.add_pending(10, 1, {"a100", 4});
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, mixed);
}

static void gpu_tie_broken_by_tighter_cpu_fit(void **)
{
    SnapshotBuilder b;
    b.add_node("wide", 64, 512000, {{"a100", 4}});
    int narrow = b.add_node("narrow", 16, 512000, {{"a100", 4}});
    PendingJob &j = b.add_pending(10, 4, {"a100", 4});
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, narrow);
}

static void gpu_job_of_missing_type_gets_no_pick(void **)
{
    SnapshotBuilder b;
    b.add_node("a", 64, 512000, {{"a100", 8}});
    PendingJob &j = b.add_pending(10, 1, {"v100", 1});
    assert_false(pick_now(b, j, "v100").has_value());
}

static void cpu_only_job_avoids_gpu_nodes(void **)
{
    // The GPU node is the tighter CPU fit, but a CPU-only job keeps off it.
    SnapshotBuilder b;
    b.add_node("gpu", 16, 512000, {{"a100", 8}});
    int cpu = b.add_node("cpu", 64, 512000);
    PendingJob &j = b.add_pending(10, 4);
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, cpu);
    assert_int_equal(p->placement[0].used.total_gpus(), 0);
}

static void cpu_only_job_prefers_tighter_cpu_node(void **)
{
    SnapshotBuilder b;
    b.add_node("wide", 64, 512000);
    int narrow = b.add_node("narrow", 16, 512000);
    PendingJob &j = b.add_pending(10, 4);
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, narrow);
}

static void cpu_only_job_uses_gpu_node_when_nothing_else_fits(void **)
{
    SnapshotBuilder b;
    int gpu = b.add_node("gpu", 64, 512000, {{"a100", 8}});
    b.add_node("cpu", 2, 512000);
    PendingJob &j = b.add_pending(10, 4);
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, gpu);
}

static void job_takes_exactly_its_demand(void **)
{
    SnapshotBuilder b;
    b.add_node("a", 64, 512000, {{"a100", 8}});
    PendingJob &j = b.add_pending(10, 6, {"a100", 3});
    j.mem_per_cpu_mb = 1000;
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].used.cpus, 6);
    assert_int_equal(p->placement[0].used.mem_mb, 6000);
    assert_int_equal(p->placement[0].used.gpus_of("a100"), 3);
}

static void memory_short_node_is_skipped(void **)
{
    SnapshotBuilder b;
    b.add_node("small", 64, 1000);
    int large = b.add_node("large", 64, 64000);
    PendingJob &j = b.add_pending(10, 1);
    j.mem_per_node_mb = 2000;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, large);
}

// ---- exclusive -------------------------------------------------------------

static void exclusive_takes_idle_node_whole(void **)
{
    SnapshotBuilder b;
    int used = b.add_node("used", 8, 8000, {{"a100", 8}});
    int idle = b.add_node("idle", 8, 8000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, used, res(1, 100));
    PendingJob &j = b.add_pending(10, 1, {"a100", 1});
    j.exclusive = true;
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 1);
    assert_int_equal(p->placement[0].node, idle);
    assert_int_equal(p->placement[0].used.cpus, 8);
    assert_int_equal(p->placement[0].used.mem_mb, 8000);
    assert_int_equal(p->placement[0].used.gpus_of("a100"), 8);
}

static void exclusive_rejects_node_with_one_cpu_used(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 8000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, n, res(1, 0));
    PendingJob &j = b.add_pending(10);
    j.exclusive = true;
    assert_false(pick_now(b, j, "").has_value());
}

static void exclusive_rejects_node_with_memory_used(void **)
{
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 8000);
    b.add_running(1, b.now() + 3600, n, res(0, 1));
    PendingJob &j = b.add_pending(10);
    j.exclusive = true;
    assert_false(pick_now(b, j, "").has_value());
}

static void exclusive_rejects_node_with_one_gpu_used(void **)
{
    // Even a CPU-only exclusive job needs the node's GPUs idle.
    SnapshotBuilder b;
    int n = b.add_node("n", 8, 8000, {{"a100", 8}});
    b.add_running(1, b.now() + 3600, n, res(0, 0, {{"a100", 1}}));
    PendingJob &j = b.add_pending(10);
    j.exclusive = true;
    assert_false(pick_now(b, j, "").has_value());
}

static void exclusive_still_needs_demand_within_capacity(void **)
{
    SnapshotBuilder b;
    b.add_node("n", 8, 8000);
    PendingJob &j = b.add_pending(10, 16);
    j.exclusive = true;
    assert_false(pick_now(b, j, "").has_value());
}

// ---- multi-node --------------------------------------------------------------

static SnapshotBuilder four_cpu_nodes()
{
    SnapshotBuilder b;
    b.add_node("n0", 8, 8000);
    b.add_node("n1", 8, 8000);
    b.add_node("n2", 8, 8000);
    b.add_node("n3", 8, 8000);
    return b;
}

static void multi_node_uses_fewest_nodes(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 16);
    j.min_nodes = 1;
    j.max_nodes = 4;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 2);
    assert_int_equal(p->placement[0].used.cpus, 8);
    assert_int_equal(p->placement[1].used.cpus, 8);
}

static void multi_node_one_more_cpu_needs_one_more_node(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 17);
    j.max_nodes = 4;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 3);
    assert_int_equal(p->placement[0].used.cpus, 6);
}

static void multi_node_placement_nodes_are_distinct(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 32);
    j.max_nodes = 4;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    std::vector<int> nodes = nodes_of(*p);
    assert_int_equal(nodes.size(), 4);
    assert_int_equal(std::set<int>(nodes.begin(), nodes.end()).size(), 4);
}

static void multi_node_respects_min_nodes(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 2);
    j.min_nodes = 2;
    j.max_nodes = 4;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 2);
    assert_int_equal(p->placement[0].used.cpus, 1);
}

static void multi_node_respects_max_nodes(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 24);
    j.max_nodes = 2;
    assert_false(pick_now(b, j, "").has_value());
}

static void multi_node_more_than_all_nodes_gets_no_pick(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 40);
    j.max_nodes = 10;
    assert_false(pick_now(b, j, "").has_value());
}

static void multi_node_gpus_on_every_node(void **)
{
    SnapshotBuilder b;
    b.add_node("g0", 8, 8000, {{"a100", 4}});
    b.add_node("g1", 8, 8000, {{"a100", 4}});
    b.add_node("g2", 8, 8000, {{"a100", 4}});
    PendingJob &j = b.add_pending(10, 2, {"a100", 4});
    j.min_nodes = 2;
    j.max_nodes = 2;
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 2);
    for (const auto &use : p->placement)
        assert_int_equal(use.used.gpus_of("a100"), 4);
    assert_int_equal(p->idle_gpus_left, 0);
}

static void idle_gpus_left_sums_over_nodes(void **)
{
    SnapshotBuilder b;
    b.add_node("g0", 8, 8000, {{"a100", 4}});
    b.add_node("g1", 8, 8000, {{"a100", 4}});
    PendingJob &j = b.add_pending(10, 2, {"a100", 1});
    j.min_nodes = 2;
    j.max_nodes = 2;
    auto p = pick_now(b, j, "a100");
    assert_true(p.has_value());
    assert_int_equal(p->idle_gpus_left, 6);
}

// ---- required / allowed / schedulable ----------------------------------------

static void required_node_is_used_even_if_a_worse_fit(void **)
{
    SnapshotBuilder b;
    b.add_node("tight", 4, 8000);
    int roomy = b.add_node("roomy", 64, 8000);
    PendingJob &j = b.add_pending(10, 4);
    j.required_nodes = {roomy};
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 1);
    assert_int_equal(p->placement[0].node, roomy);
}

static void required_node_included_in_multi_node_pick(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 16);
    j.max_nodes = 4;
    j.required_nodes = {3};
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 2);
    assert_true(has_node(*p, 3));
}

static void required_nodes_raise_node_count(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 2);
    j.min_nodes = 1;
    j.max_nodes = 4;
    j.required_nodes = {1, 2};
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_true((nodes_of(*p) == std::vector<int>{1, 2}));
}

static void required_node_that_does_not_fit_gives_no_pick(void **)
{
    SnapshotBuilder b;
    b.add_node("free", 64, 8000);
    int full = b.add_node("full", 8, 8000);
    b.add_running(1, b.now() + 3600, full, res(8, 0));
    PendingJob &j = b.add_pending(10, 1);
    j.required_nodes = {full};
    assert_false(pick_now(b, j, "").has_value());
}

static void required_node_outside_allowed_nodes_gives_no_pick(void **)
{
    // E.g. a job queued in two partitions that requires a node of only one
    // of them: in the other partition no placement can include it, so the
    // picker must not return one without it.
    SnapshotBuilder b;
    int a = b.add_node("a", 8, 8000);
    int other = b.add_node("other", 8, 8000);
    PendingJob &j = b.add_pending(10, 1);
    j.allowed_nodes = {a};
    j.required_nodes = {other};
    assert_false(pick_now(b, j, "").has_value());
}

static void allowed_nodes_respected(void **)
{
    SnapshotBuilder b;
    b.add_node("tight", 4, 8000);
    int roomy = b.add_node("roomy", 64, 8000);
    PendingJob &j = b.add_pending(10, 4);
    j.allowed_nodes = {roomy};
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, roomy);
}

static void no_allowed_nodes_gives_no_pick(void **)
{
    SnapshotBuilder b;
    b.add_node("n", 64, 8000);
    PendingJob &j = b.add_pending(10, 1);
    j.allowed_nodes = {};
    assert_false(pick_now(b, j, "").has_value());
}

static void max_nodes_capped_by_allowed_nodes(void **)
{
    SnapshotBuilder b = four_cpu_nodes();
    PendingJob &j = b.add_pending(10, 24);
    j.max_nodes = 4;
    j.allowed_nodes = {0, 1};
    assert_false(pick_now(b, j, "").has_value());
}

static void free_of_callback_decides_what_is_free(void **)
{
    // The caller's view of free resources (e.g. over a future period) is
    // what counts, not the node's capacity.
    SnapshotBuilder b;
    b.add_node("n0", 8, 8000);
    b.add_node("n1", 8, 8000);
    PendingJob &j = b.add_pending(10, 4);
    auto tl = build_timelines(b.get());
    auto p = pick_nodes(j, "", tl, [](int n) { return n == 0 ? res(2, 8000) : res(8, 8000); });
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, 1);
}

// Four a100 nodes with 2, 3, 8 and 8 GPUs free; a job of 12 GPUs on up
// to four nodes takes at least 3 on each, so the first node can hold no
// part of it on any node count.
static std::vector<Resources> frees_2_3_8_8()
{
    return {res(64, 512000, {{"a100", 2}}), res(64, 512000, {{"a100", 3}}), res(64, 512000, {{"a100", 8}}),
            res(64, 512000, {{"a100", 8}})};
}

static PendingJob &twelve_gpus_on_up_to_four(SnapshotBuilder &b)
{
    for (const char *name : {"a", "b", "c", "d"})
        b.add_node(name, 64, 512000, {{"a100", 8}});
    GpuRequest g;
    g.per_job = 12;
    PendingJob &j = b.add_pending(10, 1, g);
    j.max_nodes = 4;
    return j;
}

static std::vector<int> a100s_of(const std::vector<Resources> &free)
{
    std::vector<int> out;
    for (const auto &r : free)
        out.push_back(r.gpus_of("a100"));
    return out;
}

static void free_at_most_passes_over_nodes_that_can_hold_no_part(void **)
{
    SnapshotBuilder b;
    PendingJob &j = twelve_gpus_on_up_to_four(b);
    auto tl = build_timelines(b.get());
    std::vector<Resources> free = frees_2_3_8_8();
    std::set<int> asked;
    auto free_of = [&free, &asked](int n) {
        asked.insert(n);
        return free[n];
    };
    std::vector<int> free_gpus = a100s_of(free);
    auto p = pick_nodes(j, "a100", tl, free_of, nullptr, nullptr, NodeScope{&free_gpus});
    assert_true(p.has_value());
    assert_true(asked.count(0) == 0);
    assert_true(asked.count(1) == 1);
    assert_true(nodes_of(*p) == std::vector<int>({2, 3}));
}

static void free_at_most_keeps_the_pick(void **)
{
    SnapshotBuilder b;
    PendingJob &j = twelve_gpus_on_up_to_four(b);
    auto tl = build_timelines(b.get());
    std::vector<Resources> free = frees_2_3_8_8();
    free[1] = res(64, 512000, {{"a100", 4}});
    free[2] = res(64, 512000, {{"a100", 5}});  // now three nodes of 4 GPUs hold it
    auto free_of = [&free](int n) { return free[n]; };
    std::vector<int> free_gpus = a100s_of(free);
    auto bounded = pick_nodes(j, "a100", tl, free_of, nullptr, nullptr, NodeScope{&free_gpus});
    auto unbounded = pick_nodes(j, "a100", tl, free_of);
    assert_true(unbounded.has_value());
    assert_true(bounded.has_value());
    assert_true(nodes_of(*bounded) == nodes_of(*unbounded));
    assert_true(nodes_of(*bounded) == std::vector<int>({1, 2, 3}));
}

// A job for one a100 node, with typed nodes naming only the a100 nodes:
// the others are never asked, and the pick is the one without the list.
static void typed_nodes_are_all_that_is_asked(void **)
{
    SnapshotBuilder b;
    b.add_node("t0", 64, 512000, {{"t4", 4}});
    b.add_node("a0", 64, 512000, {{"a100", 8}});
    b.add_node("t1", 64, 512000, {{"t4", 4}});
    b.add_node("a1", 64, 512000, {{"a100", 8}});
    GpuRequest g;
    g.per_node = 2;
    PendingJob &j = b.add_pending(10, 1, g);
    auto tl = build_timelines(b.get());
    std::vector<Resources> free = {res(64, 512000, {{"t4", 4}}), res(64, 512000, {{"a100", 8}}),
                                   res(64, 512000, {{"t4", 4}}), res(64, 512000, {{"a100", 3}})};
    std::set<int> asked;
    auto free_of = [&free, &asked](int n) {
        asked.insert(n);
        return free[n];
    };
    std::vector<int> a100_nodes = {1, 3};
    auto scoped = pick_nodes(j, "a100", tl, free_of, nullptr, nullptr, NodeScope{nullptr, &a100_nodes});
    assert_true(asked == std::set<int>({1, 3}));
    auto unscoped = pick_nodes(j, "a100", tl, free_of);
    assert_true(scoped.has_value() && unscoped.has_value());
    assert_true(nodes_of(*scoped) == nodes_of(*unscoped));
    assert_true(nodes_of(*scoped) == std::vector<int>({3}));
}

// A one-node GPU job's node, checked against the rule written out: of the
// nodes that cover it, fewest GPUs of the type left, then fewest CPUs
// left, then the lowest index; 2,000 seeded random clusters.
static void one_node_pick_is_tightest_fit_then_cpus_then_index(void **)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 2000; round++) {
        SnapshotBuilder b;
        std::vector<Resources> free;
        for (int n = 0; n < 12; n++) {
            b.add_node("n" + std::to_string(n), 16, 64000, {{"v100", 4}});
            free.push_back(res(static_cast<int>(rng() % 17), static_cast<int64_t>(rng() % 5) * 16000,
                               {{"v100", static_cast<int>(rng() % 5)}}));
        }
        GpuRequest g;
        g.per_node = 1 + static_cast<int>(rng() % 3);
        PendingJob &j = b.add_pending(10, 1, g);
        j.cpus_per_node = static_cast<int>(rng() % 6);
        j.mem_per_node_mb = static_cast<int64_t>(rng() % 3) * 16000;
        auto tl = build_timelines(b.get());
        auto p = pick_nodes(j, "v100", tl, [&free](int n) { return free[n]; });
        Resources demand = per_node_demand(j, "v100", 1);
        std::optional<std::tuple<int, int, int>> best;
        for (int n = 0; n < 12; n++)
            if (free[n].cpus >= demand.cpus && free[n].mem_mb >= demand.mem_mb &&
                free[n].gpus_of("v100") >= g.per_node) {
                std::tuple<int, int, int> rank{free[n].gpus_of("v100") - g.per_node, free[n].cpus - demand.cpus, n};
                if (!best || rank < *best)
                    best = rank;
            }
        assert_int_equal(p.has_value(), best.has_value());
        if (best) {
            assert_true(nodes_of(*p) == std::vector<int>({std::get<2>(*best)}));
            assert_int_equal(p->idle_gpus_left, std::get<0>(*best));
            assert_int_equal(p->placement[0].used.cpus, demand.cpus);
        }
    }
}

static void whole_node_memory_needs_all_of_a_nodes_memory(void **)
{
    SnapshotBuilder b;
    int used = b.add_node("used", 64, 8000);
    int idle = b.add_node("idle", 64, 8000);
    b.add_running(1, b.now() + 600, used, res(1, 1000));
    PendingJob &j = b.add_pending(10, 1);
    j.whole_node_memory = true;
    auto p = pick_now(b, j, "");
    assert_true(p.has_value());
    assert_int_equal(p->placement[0].node, idle);
    assert_int_equal(p->placement[0].used.mem_mb, 8000);
}


// ---- GPU closeness ------------------------------------------------------------

// Two 4-GPU nodes, switches {0,1} and {2,3}, two GPUs busy on each: on
// "far" GPUs 1 and 2 (0 and 3 free: they meet at the host bridge), on
// "close" 0 and 1 (2 and 3 free, one switch). "far" comes first, so fit
// alone (equal on every count) would choose it.
static SnapshotBuilder far_and_close(std::shared_ptr<const GpuTopology> far_topology,
                                     std::shared_ptr<const GpuTopology> close_topology)
{
    SnapshotBuilder b;
    int far = b.add_node("far", 16, 64000, {{"a100", 4}});
    int close = b.add_node("close", 16, 64000, {{"a100", 4}});
    b.add_running(1, b.now() + 3600, far, res(2, 1000, {{"a100", 2}}));
    b.add_running(2, b.now() + 3600, close, res(2, 1000, {{"a100", 2}}));
    b.set_gpus(far, "a100", 4, {1, 2}, std::move(far_topology));
    b.set_gpus(close, "a100", 4, {0, 1}, std::move(close_topology));
    return b;
}

static void two_close_free_gpus_beat_two_far_ones(void **)
{
    SnapshotBuilder b = far_and_close(switch_topology({0, 0, 1, 1}), switch_topology({0, 0, 1, 1}));
    PendingJob &j = b.add_pending(10, 1, {"a100", 2});
    GpuCloseness closeness(b.get().nodes);
    auto p = pick_now(b, j, "a100", &closeness);
    assert_true(p.has_value());
    assert_int_equal(p->placement.size(), 1);
    assert_int_equal(p->placement[0].node, b.node("close"));
}

static void without_topology_fit_decides_as_before(void **)
{
    SnapshotBuilder b = far_and_close(nullptr, nullptr);
    PendingJob &j = b.add_pending(10, 1, {"a100", 2});
    GpuCloseness closeness(b.get().nodes);
    auto with = pick_now(b, j, "a100", &closeness);
    auto without = pick_now(b, j, "a100");
    assert_int_equal(with->placement[0].node, b.node("far"));
    assert_int_equal(without->placement[0].node, b.node("far"));
}

static void closeness_ranks_before_tighter_fit(void **)
{
    // "close" also has GPU 0 free (3 in all): fit alone prefers "far",
    // which it would leave with none idle.
    SnapshotBuilder b = far_and_close(switch_topology({0, 0, 1, 1}), switch_topology({0, 0, 1, 1}));
    int close = b.node("close");
    b.snapshot().running.back().usage[0].used.gpus["a100"] = 1;
    b.node_at(close).free.gpus["a100"] = 3;
    b.set_gpus(close, "a100", 4, {1}, switch_topology({0, 0, 1, 1}));
    PendingJob &j = b.add_pending(10, 1, {"a100", 2});
    GpuCloseness closeness(b.get().nodes);
    assert_int_equal(pick_now(b, j, "a100", &closeness)->placement[0].node, close);
    assert_int_equal(pick_now(b, j, "a100")->placement[0].node, b.node("far"));
}

// "busy" (a job of family "noisy" on one GPU) is the tighter fit; a job
// of "victim" measured at 0.5 of its speed beside "noisy" goes to "idle".
// A loss under the noticeable one leaves fit to decide, and so does a job
// whose family no measurement names.
static void measured_neighbour_slowdown_ranks_before_tighter_fit(void **)
{
    SnapshotBuilder b;
    b.add_node("busy", 16, 64000, {{"v100", 4}});
    b.add_node("idle", 16, 64000, {{"v100", 4}});
    b.add_running(1, b.now() + 600, "busy", res(1, 1000, {{"v100", 1}})).family = "noisy";
    PendingJob j = b.add_pending(10, 1, {"v100", 1});
    j.family = "victim";
    auto pick_with = [&](double slowdown, const PendingJob &job) {
        b.snapshot().neighbour_slowdowns = {};
        b.snapshot().neighbour_slowdowns.set("victim", "noisy", slowdown, 3);
        accord::core::NodeNeighbours neighbours(b.get());
        auto tl = build_timelines(b.get());
        int64_t now = b.now();
        return *pick_nodes(job, "v100", tl, [&tl, now](int n) { return tl[n].free_during(now, now + 600); },
                           nullptr, nullptr, {}, &neighbours);
    };
    Pick moved = pick_with(0.5, j);
    assert_int_equal(moved.placement[0].node, b.node("idle"));
    assert_true(moved.by_neighbours);
    assert_true(moved.neighbour_loss == 0);
    Pick kept = pick_with(0.95, j);
    assert_int_equal(kept.placement[0].node, b.node("busy"));
    assert_false(kept.by_neighbours);
    PendingJob unknown = j;
    unknown.family = "other";
    assert_int_equal(pick_with(0.5, unknown).placement[0].node, b.node("busy"));
    assert_int_equal(pick_now(b, j, "v100")->placement[0].node, b.node("busy"));
    b.add_running(2, b.now() + 600, "idle", res(1, 1000, {{"v100", 2}}));  // now the tighter fit
    Pick same = pick_with(0.5, j);
    assert_int_equal(same.placement[0].node, b.node("idle"));
    assert_false(same.by_neighbours);  // fit chose that node anyway
}

static void node_without_topology_ranks_as_farthest(void **)
{
    // "far" is known to be far (host bridge); "close" has no topology,
    // taken as far as a node's GPUs can be: "far" wins.
    SnapshotBuilder b = far_and_close(switch_topology({0, 0, 1, 1}), nullptr);
    PendingJob &j = b.add_pending(10, 1, {"a100", 2});
    GpuCloseness closeness(b.get().nodes);
    assert_int_equal(pick_now(b, j, "a100", &closeness)->placement[0].node, b.node("far"));
}

static void single_gpu_job_ignores_closeness(void **)
{
    // One GPU is as close as can be anywhere: fit decides ("far" then
    // "close" by node order, equal on every count).
    SnapshotBuilder b = far_and_close(switch_topology({0, 0, 1, 1}), switch_topology({0, 0, 1, 1}));
    PendingJob &j = b.add_pending(10, 1, {"a100", 1});
    GpuCloseness closeness(b.get().nodes);
    assert_int_equal(pick_now(b, j, "a100", &closeness)->placement[0].node, b.node("far"));
}

static void fewest_nodes_before_closeness(void **)
{
    // 4 GPUs fit on "idle" alone (spread over two switches); two nodes
    // would each give a close pair, but one node wins.
    SnapshotBuilder b = far_and_close(switch_topology({0, 0, 1, 1}), switch_topology({0, 0, 1, 1}));
    int idle = b.add_node("idle", 16, 64000, {{"a100", 4}});
    b.set_gpus(idle, "a100", 4, {}, switch_topology({0, 0, 1, 1}));
    GpuRequest g;
    g.per_job = 4;
    PendingJob &j = b.add_pending(10, 1, g);
    j.max_nodes = 2;
    GpuCloseness closeness(b.get().nodes);
    auto p = pick_now(b, j, "a100", &closeness);
    assert_int_equal(p->placement.size(), 1);
    assert_int_equal(p->placement[0].node, idle);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(demand_spreads_cpus_rounding_up),
        cmocka_unit_test(demand_cpus_per_node_is_a_floor),
        cmocka_unit_test(demand_per_job_gpus_spread_rounding_up),
        cmocka_unit_test(demand_cpus_and_memory_per_gpu),
        cmocka_unit_test(per_job_gpus_use_fewest_nodes_that_hold_them),
        cmocka_unit_test(whole_node_memory_needs_all_of_a_nodes_memory),
        cmocka_unit_test(demand_memory_per_node_only),
        cmocka_unit_test(demand_memory_per_cpu_scales_with_node_cpus),
        cmocka_unit_test(demand_memory_per_node_plus_per_cpu),
        cmocka_unit_test(demand_memory_per_cpu_uses_floored_cpus),
        cmocka_unit_test(demand_gpus_of_the_given_type),
        cmocka_unit_test(demand_gpus_are_per_node_not_divided),
        cmocka_unit_test(demand_cpu_only_job_has_no_gpus),
        cmocka_unit_test(gpu_job_prefers_node_with_most_gpus_used),
        cmocka_unit_test(gpu_job_skips_node_with_too_few_free_gpus),
        cmocka_unit_test(gpu_best_fit_counts_only_the_chosen_type),
        cmocka_unit_test(gpu_tie_broken_by_tighter_cpu_fit),
        cmocka_unit_test(gpu_job_of_missing_type_gets_no_pick),
        cmocka_unit_test(cpu_only_job_avoids_gpu_nodes),
        cmocka_unit_test(cpu_only_job_prefers_tighter_cpu_node),
        cmocka_unit_test(cpu_only_job_uses_gpu_node_when_nothing_else_fits),
        cmocka_unit_test(job_takes_exactly_its_demand),
        cmocka_unit_test(memory_short_node_is_skipped),
        cmocka_unit_test(exclusive_takes_idle_node_whole),
        cmocka_unit_test(exclusive_rejects_node_with_one_cpu_used),
        cmocka_unit_test(exclusive_rejects_node_with_memory_used),
        cmocka_unit_test(exclusive_rejects_node_with_one_gpu_used),
        cmocka_unit_test(exclusive_still_needs_demand_within_capacity),
        cmocka_unit_test(multi_node_uses_fewest_nodes),
        cmocka_unit_test(multi_node_one_more_cpu_needs_one_more_node),
        cmocka_unit_test(multi_node_placement_nodes_are_distinct),
        cmocka_unit_test(multi_node_respects_min_nodes),
        cmocka_unit_test(multi_node_respects_max_nodes),
        cmocka_unit_test(multi_node_more_than_all_nodes_gets_no_pick),
        cmocka_unit_test(multi_node_gpus_on_every_node),
        cmocka_unit_test(idle_gpus_left_sums_over_nodes),
        cmocka_unit_test(required_node_is_used_even_if_a_worse_fit),
        cmocka_unit_test(required_node_included_in_multi_node_pick),
        cmocka_unit_test(required_nodes_raise_node_count),
        cmocka_unit_test(required_node_that_does_not_fit_gives_no_pick),
        cmocka_unit_test(required_node_outside_allowed_nodes_gives_no_pick),
        cmocka_unit_test(allowed_nodes_respected),
        cmocka_unit_test(no_allowed_nodes_gives_no_pick),
        cmocka_unit_test(max_nodes_capped_by_allowed_nodes),
        cmocka_unit_test(free_of_callback_decides_what_is_free),
        cmocka_unit_test(free_at_most_passes_over_nodes_that_can_hold_no_part),
        cmocka_unit_test(free_at_most_keeps_the_pick),
        cmocka_unit_test(typed_nodes_are_all_that_is_asked),
        cmocka_unit_test(one_node_pick_is_tightest_fit_then_cpus_then_index),
        cmocka_unit_test(two_close_free_gpus_beat_two_far_ones),
        cmocka_unit_test(without_topology_fit_decides_as_before),
        cmocka_unit_test(closeness_ranks_before_tighter_fit),
        cmocka_unit_test(node_without_topology_ranks_as_farthest),
        cmocka_unit_test(measured_neighbour_slowdown_ranks_before_tighter_fit),
        cmocka_unit_test(single_gpu_job_ignores_closeness),
        cmocka_unit_test(fewest_nodes_before_closeness),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
