// Unit tests for the round-based engine (contrib/sim/round_simulator.h):
// progress, restarts, placement, packing, the refusal of policy bugs, on
// scripted policies and tests/data/sim fixtures.
#include "cmocka_cpp.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/input_error.h"
#include "sim/round_placement.h"
#include "sim/round_simulator.h"
#include "sim/tiresias_policy.h"
#include "sim_fixture.h"
#include "trace_job_builder.h"

using namespace accord::sim;

static const ThroughputTable &tiny()
{
    static const ThroughputTable t = ThroughputTable::load_gavel(accord::test::fixture("tiny_throughputs.json"));
    return t;
}

static const ThroughputTable &pairs()
{
    static const ThroughputTable t = ThroughputTable::load_gavel(accord::test::fixture("tiny_pairs.json"));
    return t;
}

using accord::test::job;

using Script = std::function<std::vector<Allocation>(const RoundView &)>;

// A policy that does what the test says, and remembers what it saw.
class Scripted : public RoundPolicy {
public:
    explicit Scripted(Script script) : script_(std::move(script)) {}
    std::string name() const override { return "scripted"; }
    std::vector<Allocation> allocate(const RoundView &view) override
    {
        views.push_back(view);
        return script_(view);
    }
    std::vector<RoundView> views;

private:
    Script script_;
};

static Allocation alone(size_t job, int gpus = 1, const char *type = "fast")
{
    return Allocation{job, Assignment{type, gpus, -1}};
}

static Allocation packed(size_t job, size_t with, int gpus = 1)
{
    return Allocation{job, Assignment{"fast", gpus, static_cast<long>(with)}};
}

// Every job in view order on its own count of "fast" GPUs while they last.
static std::vector<Allocation> greedy(const RoundView &view)
{
    std::vector<Allocation> out;
    int free = view.pools[0].total();
    for (const auto &j : view.jobs)
        if (j.min_gpus <= free) {
            out.push_back(alone(j.index, j.min_gpus));
            free -= j.min_gpus;
        }
    return out;
}

static SimResult run(const std::vector<TraceJob> &trace, const char *cluster, RoundPolicy &policy,
                     double round_s = 100, double restart_s = 10, const ThroughputTable &table = tiny(),
                     const Progress &progress = {})
{
    JobSpeed speed(table);
    RoundConfig config;
    config.nodes = parse_cluster_spec(cluster);
    config.round_s = round_s;
    config.restart_s = restart_s;
    return simulate_rounds(trace, speed, config, policy, progress);
}

static bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

static void expect_lines(const SimResult &r, const std::vector<std::string> &lines)
{
    for (size_t i = 0; i < lines.size() && i < r.decisions.size(); i++)
        assert_string_equal(r.decisions[i].c_str(), lines[i].c_str());
    assert_int_equal(r.decisions.size(), lines.size());
}

// Job 2 in round 1, else the first job in the view.
static Scripted second_job_in_round_one()
{
    return Scripted([](const RoundView &v) { return std::vector<Allocation>{alone(v.round == 1 ? 1 : v.jobs[0].index)}; });
}

// Job 1 (1,500 steps at 10/s) runs a round, waits while job 2 runs and
// finishes mid-round, then resumes paying the 10 s restart.
static SimResult preempt_and_resume(Scripted &policy)
{
    return run({job("A", 1500, 0, 1, 1), job("A", 300, 0, 1, 2)}, "fast:1x1", policy);
}

static void restart_penalty_and_mid_round_finish(void **)
{
    Scripted policy = second_job_in_round_one();
    SimResult r = preempt_and_resume(policy);
    assert_true(near(r.jobs[0].start_s, 0));
    assert_true(near(r.jobs[1].start_s, 100));
    assert_true(near(r.jobs[1].end_s, 130));       // mid-round: exact time
    assert_true(near(r.jobs[0].end_s, 200 + 10 + 50));  // restart, then 500 steps
    assert_true(near(r.jobs[0].gpu_seconds, 100 + 60));
    assert_true(near(r.jobs[1].gpu_seconds, 30));
    assert_string_equal(r.jobs[0].gpu_type.c_str(), "fast");
    assert_int_equal(r.jobs[0].nodes, 1);
    assert_int_equal(r.cycle_seconds.size(), 3);
    expect_lines(r, {"t=0 run job=1 type=fast gpus=1 nodes=fast-1", "t=100 preempt job=1",
                     "t=100 run job=2 type=fast gpus=1 nodes=fast-1", "t=200 run job=1 type=fast gpus=1 nodes=fast-1"});
}

static void policy_sees_service_and_last_assignment(void **)
{
    Scripted policy = second_job_in_round_one();
    preempt_and_resume(policy);
    const RoundJob &ran = policy.views[1].jobs[0];
    assert_true(ran.current && *ran.current == (Assignment{"fast", 1, -1}));
    assert_true(near(ran.attained_gpu_s, 100) && near(ran.run_s, 100) && near(ran.remaining_steps, 500));
    assert_int_equal(ran.rounds_run, 1);
    const RoundJob &paused = policy.views[2].jobs[0];
    assert_false(paused.current.has_value());
    assert_int_equal(paused.rounds_run, 1);
    assert_int_equal(policy.views[2].jobs.size(), 1);  // job 2 finished
    assert_true(near(policy.views[2].now_s, 200) && near(policy.views[2].restart_s, 10));
}

// A job that ends is listed in the next round's view (not before), with the
// GPU-seconds it held in all: job 2 ends at 130 s having held 30.
static void policy_sees_a_finished_job_in_the_next_round_with_its_service(void **)
{
    Scripted policy = second_job_in_round_one();
    preempt_and_resume(policy);
    assert_true(policy.views[0].finished.empty() && policy.views[1].finished.empty());
    const std::vector<FinishedJob> &finished = policy.views[2].finished;
    assert_int_equal(finished.size(), 1);
    assert_int_equal(finished[0].index, 1);
    assert_non_null(finished[0].trace);  // into the trace, which is gone after the run
    assert_true(near(finished[0].attained_gpu_s, 30));
    assert_int_equal(policy.views.size(), 3);
}

// A running job's placement is shown to the policy (node indices as in
// GpuPool::node_ids); a waiting job has none.
static void policy_sees_where_running_jobs_are(void **)
{
    Scripted policy(greedy);
    run({job("A", 100, 0, 1, 1), job("A", 1800, 0, 2, 2)}, "fast:2x2", policy, 60);
    const RoundView &second = policy.views[1];
    assert_true((second.pools[0].node_ids == std::vector<size_t>{0, 1}));
    assert_true((second.jobs[0].placement == Placement{GpuSlice{0, 2}}));  // job 2, on fast-1
    Scripted paused = second_job_in_round_one();
    preempt_and_resume(paused);
    assert_true(paused.views[2].jobs[0].placement.empty());
}

static void restart_longer_than_a_round_carries_over(void **)
{
    // Rounds of 10 s, restart 25 s: job 1 resumes at t=20, restarts until
    // t=45, then needs 20 s more for its last 200 steps.
    Scripted policy = second_job_in_round_one();
    SimResult r = run({job("A", 300, 0, 1, 1), job("B", 100000, 0, 1, 2)}, "fast:1x1", policy, 10, 25);
    assert_true(near(r.jobs[0].end_s, 65));
}

static void unchanged_assignment_keeps_its_gpus_without_restart(void **)
{
    Scripted policy(greedy);
    SimResult r = run({job("A", 2500, 0, 1, 1)}, "fast:1x1", policy);
    assert_true(near(r.jobs[0].end_s, 250));
    assert_int_equal(r.decisions.size(), 1);
}

static void arrivals_wait_for_a_round_and_idle_time_is_skipped(void **)
{
    Scripted policy(greedy);
    SimResult r = run({job("A", 1500, 0, 1, 1), job("A", 100, 50, 1, 2), job("A", 100, 1000, 1, 3)}, "fast:1x2",
                      policy);
    assert_true(near(r.jobs[1].start_s, 100));
    assert_true(near(r.jobs[1].end_s, 110));
    assert_true(near(r.jobs[2].start_s, 1000));  // a new round at the arrival
    assert_true(near(r.jobs[2].end_s, 1010));
    assert_int_equal(r.cycle_seconds.size(), 3);  // t=0, 100, 1000
}

// Job 2 arrives at t=20 while job 1 holds the only GPU until t=30, and job 1
// is the last to end in that round: the idle cluster's next round starts at
// 30, not at the arrival (the GPU was not free then).
static void idle_restart_waits_for_the_last_job_to_end(void **)
{
    Scripted policy(greedy);
    SimResult r = run({job("A", 300, 0, 1, 1), job("A", 100, 20, 1, 2)}, "fast:1x1", policy);
    assert_true(near(r.jobs[0].end_s, 30));
    assert_true(near(r.jobs[1].start_s, 30));
    assert_true(near(r.jobs[1].end_s, 40));
}

static void spread_job_runs_at_spread_speed(void **)
{
    Scripted policy(greedy);
    SimResult r = run({job("A", 1200, 0, 2, 1)}, "fast:2x1", policy, 360);
    assert_true(near(r.jobs[0].end_s, 100));  // 12 steps/s spread, 18 on one node
    assert_int_equal(r.jobs[0].nodes, 2);
    expect_lines(r, {"t=0 run job=1 type=fast gpus=2 nodes=fast-1,fast-2"});
}

static void largest_first_then_best_fit_keeps_jobs_on_one_node(void **)
{
    Scripted policy(greedy);
    SimResult r = run({job("A", 100, 0, 1, 1), job("A", 1800, 0, 2, 2)}, "fast:2x2", policy, 360);
    expect_lines(r, {"t=0 run job=1 type=fast gpus=1 nodes=fast-2", "t=0 run job=2 type=fast gpus=2 nodes=fast-1"});
    assert_true(near(r.jobs[1].end_s, 100));  // 18 steps/s on one node
}

static void packed_pair_runs_at_measured_pair_speeds(void **)
{
    // A and B on one GPU: 6 and 3 steps/s (alone 10 and 4). B keeps its
    // packed rate after A ends mid-round.
    Scripted policy([](const RoundView &v) {
        if (v.jobs.size() == 2)
            return std::vector<Allocation>{packed(0, 1), packed(1, 0)};
        return std::vector<Allocation>{alone(v.jobs[0].index)};
    });
    SimResult r = run({job("A", 600, 0, 1, 1), job("B", 450, 0, 1, 2)}, "fast:1x1", policy, 360, 10, pairs());
    assert_true(near(r.jobs[0].end_s, 100));
    assert_true(near(r.jobs[1].end_s, 150));
    assert_true(near(r.jobs[0].gpu_seconds, 50));  // half the shared GPU each
    assert_true(near(r.jobs[1].gpu_seconds, 75));
    expect_lines(r, {"t=0 pack job=1 with=2 type=fast gpus=1 nodes=fast-1"});
}

static void spread_pair_scales_pair_speed_by_spread_ratio(void **)
{
    // A+A on 2 GPUs: 8 steps/s each on one node; spread, x 12/18.
    Scripted policy([](const RoundView &) { return std::vector<Allocation>{packed(0, 1, 2), packed(1, 0, 2)}; });
    SimResult r = run({job("A", 800, 0, 2, 1), job("A", 800, 0, 2, 2)}, "fast:2x1", policy, 360, 10, pairs());
    assert_true(near(r.jobs[0].end_s, 150));
    assert_true(near(r.jobs[1].end_s, 150));
    assert_int_equal(r.jobs[0].nodes, 2);
}

static void expect_policy_bug(const Script &script, const std::string &rule, const ThroughputTable &table = tiny())
{
    Scripted policy(script);
    try {
        run({job("A", 1000, 0, 1, 3), job("B", 1000, 0, 1, 4)}, "fast:1x2", policy, 100, 10, table);
        fail_msg("'%s' was accepted", rule.c_str());
    } catch (const std::logic_error &e) {
        assert_contains(e.what(), "policy scripted, round 0 (t=0): ");
        assert_contains(e.what(), rule);
    }
}

static void every_policy_bug_is_refused(void **)
{
    using V = std::vector<Allocation>;
    expect_policy_bug([](const RoundView &) { return V{alone(5)}; }, "job 6: is not waiting or running");
    expect_policy_bug([](const RoundView &) { return V{alone(0), alone(0)}; },
                      "job 1 (trace line 3): appears twice");
    expect_policy_bug([](const RoundView &) { return V{alone(0, 1, "slow")}; }, "GPU type 'slow' is not in");
    expect_policy_bug([](const RoundView &) { return V{alone(0, 2)}; }, "2 GPUs, outside its range [1, 1]");
    expect_policy_bug([](const RoundView &) { return V{packed(0, 0)}; }, "job 1 (trace line 3): is packed with itself");
    expect_policy_bug([](const RoundView &) { return V{packed(0, 1)}; }, "packed with job 2, which is not allocated");
    expect_policy_bug([](const RoundView &) { return V{packed(0, 1), alone(1)}; }, "which does not name it back");
    expect_policy_bug([](const RoundView &) { return V{Allocation{0, Assignment{"fast", 1, -7}}}; },
                      "partner -7 is neither a job nor -1");
    expect_policy_bug([](const RoundView &) { return V{}; }, "runs no job while 2 wait");
    // tiny_throughputs.json has no measured pairs.
    expect_policy_bug([](const RoundView &) { return V{packed(0, 1), packed(1, 0)}; },
                      "a pair never measured together on 1 GPUs of type fast");
}

static void pair_on_different_counts_and_over_capacity_are_refused(void **)
{
    using V = std::vector<Allocation>;
    Scripted mismatched([](const RoundView &) { return V{packed(0, 1, 2), packed(1, 0, 1)}; });
    Scripted over([](const RoundView &) { return V{alone(0, 2), alone(1, 2)}; });
    std::vector<TraceJob> trace = {job("A", 1000, 0, 2, 3), job("A", 1000, 0, 2, 4)};
    trace[0].min_gpus = trace[1].min_gpus = 1;
    const char *rules[] = {"on another GPU type or count", "job 2 (trace line 4): takes the GPUs of type fast beyond "
                                                           "the pool's 2 (4 given)"};
    Scripted *policies[] = {&mismatched, &over};
    for (int i = 0; i < 2; i++) {
        try {
            run(trace, "fast:1x2", *policies[i], 100, 10, pairs());
            fail_msg("'%s' was accepted", rules[i]);
        } catch (const std::logic_error &e) {
            assert_contains(e.what(), rules[i]);
        }
    }
}

static void configuration_without_speed_is_refused(void **)
{
    ThroughputTable table;
    table.set_isolated("fast", "A", 1, false, 10);
    table.set_isolated("slow", "B", 1, false, 3);
    Scripted policy([](const RoundView &) { return std::vector<Allocation>{alone(1, 1, "fast")}; });
    try {
        run({job("A", 1000, 0, 1, 3), job("B", 1000, 0, 1, 4)}, "fast:1x1,slow:1x1", policy, 100, 10, table);
        fail_msg("accepted");
    } catch (const std::logic_error &e) {
        assert_contains(e.what(), "job 2 (trace line 4): no measured speed on 1 GPUs of type fast");
    }
}

static void expect_input_error(const std::vector<TraceJob> &trace, const char *cluster, const std::string &named)
{
    Scripted policy(greedy);
    try {
        run(trace, cluster, policy);
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), named);
    }
    assert_int_equal(policy.views.size(), 0);  // refused before simulating
}

static void jobs_that_can_never_run_are_refused_up_front(void **)
{
    expect_input_error({job("A", 10, 0, 1, 1), job("C", 10, 0, 1, 7)}, "fast:1x2",
                       "trace line 7 (C, 1 GPU): no measured throughput");
    expect_input_error({job("A", 10, 0, 4, 3)}, "fast:1x2,slow:1x2",
                       "trace line 3 (A, 4 GPU): can never fit on the cluster (asks at least 4 GPUs of one type, "
                       "the largest pool has 2)");
    expect_input_error({job("A", 10, 0, 1, 1)}, "fast:1x2,fast:1x4", "GPU type fast has nodes of 2 and of 4 GPUs");
}

static void pools_are_per_type_sorted(void **)
{
    Scripted policy(greedy);
    run({job("A", 10, 0, 1, 1)}, "slow:3x2,fast:1x4", policy);
    const auto &pools = policy.views[0].pools;
    assert_int_equal(pools.size(), 2);
    assert_string_equal(pools[0].type.c_str(), "fast");
    assert_int_equal(pools[0].nodes, 1);
    assert_int_equal(pools[0].gpus_per_node, 4);
    assert_string_equal(pools[1].type.c_str(), "slow");
    assert_int_equal(pools[1].total(), 6);
}

static void progress_reports_finished_jobs(void **)
{
    std::vector<std::pair<size_t, size_t>> calls;
    Scripted policy(greedy);
    run({job("A", 500, 0, 1, 1), job("A", 1500, 0, 1, 2)}, "fast:1x2", policy, 100, 10, tiny(),
        [&](size_t done, size_t total) { calls.emplace_back(done, total); });
    assert_true(calls == (std::vector<std::pair<size_t, size_t>>{{1, 2}, {2, 2}}));
}

static void same_input_gives_same_run(void **)
{
    std::vector<TraceJob> trace;
    for (int i = 0; i < 40; i++)
        trace.push_back(job(i % 3 ? "A" : "B", 20000 + 9973 * (i % 7), 37.5 * i, 1 + i % 2, i + 1));
    TiresiasPolicy first, second;
    SimResult a = run(trace, "fast:1x2,slow:1x2", first);
    SimResult b = run(trace, "fast:1x2,slow:1x2", second);
    assert_true(a.decisions == b.decisions);
    assert_true(std::count_if(a.decisions.begin(), a.decisions.end(),
                              [](const std::string &d) { return d.find("preempt") != std::string::npos; }) > 10);
    for (size_t i = 0; i < trace.size(); i++)
        assert_true(a.jobs[i].end_s == b.jobs[i].end_s && a.jobs[i].gpu_seconds == b.jobs[i].gpu_seconds);
}

static std::vector<accord::core::Node> nodes(const char *spec) { return parse_cluster_spec(spec); }

static void placer_prefers_one_node_by_best_fit(void **)
{
    RoundPlacer placer(nodes("fast:3x4"));
    placer.keep("fast", {GpuSlice{0, 2}});
    placer.keep("fast", {GpuSlice{2, 1}});
    assert_true(placer.place("fast", 2) == (Placement{GpuSlice{0, 2}}));  // free 2, 4, 3
    assert_true(placer.place("fast", 3) == (Placement{GpuSlice{2, 3}}));  // free 0, 4, 3
}

static void placer_spreads_over_fewest_nodes(void **)
{
    // Free 1, 3, 3, 2: five GPUs take a 3 and then the best fit for 2.
    RoundPlacer placer(nodes("fast:4x3"));
    placer.keep("fast", {GpuSlice{0, 2}, GpuSlice{3, 1}});
    assert_true(placer.place("fast", 5) == (Placement{GpuSlice{1, 3}, GpuSlice{3, 2}}));
    assert_true(placer.place("fast", 4) == (Placement{GpuSlice{0, 1}, GpuSlice{2, 3}}));
    try {
        placer.place("fast", 1);
        fail_msg("placed on a full type");
    } catch (const std::logic_error &e) {
        assert_contains(e.what(), "1 GPUs of type fast asked, 0 free");
    }
    placer.clear();
    assert_true(placer.place("fast", 3) == (Placement{GpuSlice{0, 3}}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(restart_penalty_and_mid_round_finish),
        cmocka_unit_test(policy_sees_service_and_last_assignment),
        cmocka_unit_test(policy_sees_a_finished_job_in_the_next_round_with_its_service),
        cmocka_unit_test(policy_sees_where_running_jobs_are),
        cmocka_unit_test(restart_longer_than_a_round_carries_over),
        cmocka_unit_test(unchanged_assignment_keeps_its_gpus_without_restart),
        cmocka_unit_test(arrivals_wait_for_a_round_and_idle_time_is_skipped),
        cmocka_unit_test(idle_restart_waits_for_the_last_job_to_end),
        cmocka_unit_test(spread_job_runs_at_spread_speed),
        cmocka_unit_test(largest_first_then_best_fit_keeps_jobs_on_one_node),
        cmocka_unit_test(packed_pair_runs_at_measured_pair_speeds),
        cmocka_unit_test(spread_pair_scales_pair_speed_by_spread_ratio),
        cmocka_unit_test(every_policy_bug_is_refused),
        cmocka_unit_test(pair_on_different_counts_and_over_capacity_are_refused),
        cmocka_unit_test(configuration_without_speed_is_refused),
        cmocka_unit_test(jobs_that_can_never_run_are_refused_up_front),
        cmocka_unit_test(pools_are_per_type_sorted),
        cmocka_unit_test(progress_reports_finished_jobs),
        cmocka_unit_test(same_input_gives_same_run),
        cmocka_unit_test(placer_prefers_one_node_by_best_fit),
        cmocka_unit_test(placer_spreads_over_fewest_nodes),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
