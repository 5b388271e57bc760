// Unit tests for Tiresias' discretized 2D-LAS (contrib/sim/tiresias_policy.h):
// hand-built scenarios through the round engine (queue moves, preemption
// order, starvation promotion) and single rounds (fit, GPU type choice).
#include "cmocka_cpp.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
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

using accord::test::job;

// One GPU, 10 steps/s for A, rounds of 100 s, no restart cost: a job's
// service grows 100 GPU-s per round it runs; queue 0 ends at 150 GPU-s.
static SimResult one_gpu(const std::vector<TraceJob> &trace, TiresiasPolicy &policy)
{
    JobSpeed speed(tiny());
    RoundConfig config;
    config.nodes = parse_cluster_spec("fast:1x1");
    config.round_s = 100;
    config.restart_s = 0;
    return simulate_rounds(trace, speed, config, policy);
}

static TiresiasConfig low_thresholds(double knob) { return TiresiasConfig{{150, 100000}, knob}; }

static void expect_lines(const SimResult &r, const std::vector<std::string> &lines)
{
    for (size_t i = 0; i < lines.size() && i < r.decisions.size(); i++)
        assert_string_equal(r.decisions[i].c_str(), lines[i].c_str());
    assert_true(r.decisions.size() >= lines.size());
}

static void job_past_threshold_is_demoted_and_preempted_by_newcomer(void **)
{
    // Job 1 keeps queue 0 after 100 GPU-s, leaves it after 200; job 2
    // (arrived mid-round at 150) then takes the GPU until it ends at 380.
    TiresiasPolicy policy(low_thresholds(2));
    SimResult r = one_gpu({job("A", 5000, 0, 1, 1), job("A", 1800, 150, 1, 2)}, policy);
    expect_lines(r, {"t=0 run job=1 type=fast gpus=1 nodes=fast-1", "t=200 preempt job=1",
                     "t=200 run job=2 type=fast gpus=1 nodes=fast-1", "t=400 run job=1 type=fast gpus=1 nodes=fast-1"});
    assert_int_equal(r.decisions.size(), 4);
    assert_true(r.jobs[1].end_s == 380);
    assert_true(r.jobs[0].end_s == 700);
    assert_int_equal(policy.queue_of(0), 1);
    assert_int_equal(policy.queue_of(1), 0);
    assert_int_equal(policy.queue_of(2), -1);
}

// Job 1 is demoted at t=200, then one-round jobs arrive every 100 s.
static std::vector<TraceJob> stream_behind_a_long_job()
{
    std::vector<TraceJob> trace = {job("A", 100000, 0, 1, 1)};
    for (int k = 2; k <= 7; k++)
        trace.push_back(job("A", 1000, 100.0 * k, 1, k));
    return trace;
}

static void long_waiting_job_is_promoted_to_queue_zero(void **)
{
    // Ran 200 s, so with knob 2 it is promoted after waiting 400 s (t=600),
    // behind the newcomer of that round; at t=700 it runs ahead of job 7,
    // and is demoted again once its fresh service passes 150 (t=900).
    TiresiasPolicy policy(low_thresholds(2));
    SimResult r = one_gpu(stream_behind_a_long_job(), policy);
    expect_lines(r, {"t=0 run job=1 type=fast gpus=1 nodes=fast-1", "t=200 preempt job=1",
                     "t=200 run job=2 type=fast gpus=1 nodes=fast-1", "t=300 run job=3 type=fast gpus=1 nodes=fast-1",
                     "t=400 run job=4 type=fast gpus=1 nodes=fast-1", "t=500 run job=5 type=fast gpus=1 nodes=fast-1",
                     "t=600 run job=6 type=fast gpus=1 nodes=fast-1", "t=700 run job=1 type=fast gpus=1 nodes=fast-1",
                     "t=900 preempt job=1", "t=900 run job=7 type=fast gpus=1 nodes=fast-1",
                     "t=1000 run job=1 type=fast gpus=1 nodes=fast-1"});
}

static void without_the_knob_the_long_job_waits_for_the_stream(void **)
{
    TiresiasPolicy policy(low_thresholds(0));
    SimResult r = one_gpu(stream_behind_a_long_job(), policy);
    assert_string_equal(r.decisions[7].c_str(), "t=700 run job=7 type=fast gpus=1 nodes=fast-1");
    assert_string_equal(r.decisions[8].c_str(), "t=800 run job=1 type=fast gpus=1 nodes=fast-1");
}

// A single round seen directly: jobs of `trace` as the view's jobs.
struct Round {
    ThroughputTable table;
    JobSpeed speed{table};
    std::vector<TraceJob> trace;
    RoundView view;

    Round(std::vector<GpuPool> pools, std::vector<TraceJob> jobs) : trace(std::move(jobs))
    {
        table.set_isolated("fast", "A", 1, false, 10);
        table.set_isolated("fast", "A", 2, false, 18);
        table.set_isolated("fast", "A", 3, false, 25);
        table.set_isolated("slow", "A", 1, false, 5);
        table.set_isolated("slow", "B", 1, false, 3);
        view.pools = std::move(pools);
        view.speed = &speed;
        view.round_s = 100;
        for (size_t i = 0; i < trace.size(); i++) {
            RoundJob r;
            r.index = i;
            r.trace = &trace[i];
            r.min_gpus = r.max_gpus = trace[i].scale_factor;
            r.remaining_steps = static_cast<double>(trace[i].total_steps);
            view.jobs.push_back(r);
        }
    }
};

static std::string shown(const std::vector<Allocation> &allocation)
{
    std::string text;
    for (const auto &a : allocation)
        text += std::to_string(a.job) + ":" + a.assignment.gpu_type + "x" + std::to_string(a.assignment.gpus) + " ";
    return text;
}

static void job_that_does_not_fit_is_skipped_not_waited_for(void **)
{
    Round round({{"fast", 1, 4}}, {job("A", 10, 0, 3, 1), job("A", 10, 0, 2, 2), job("A", 10, 0, 1, 3)});
    TiresiasPolicy policy;
    assert_string_equal(shown(policy.allocate(round.view)).c_str(), "0:fastx3 2:fastx1 ");
}

static void type_is_the_one_with_most_free_gpus_the_job_can_use(void **)
{
    // Ties go to the first type by name; B has a speed on slow only.
    Round round({{"fast", 1, 4}, {"slow", 1, 2}},
                {job("A", 10, 0, 1, 1), job("A", 10, 0, 1, 2), job("A", 10, 0, 1, 3), job("A", 10, 0, 1, 4),
                 job("B", 10, 0, 1, 5)});
    TiresiasPolicy policy;
    assert_string_equal(shown(policy.allocate(round.view)).c_str(), "0:fastx1 1:fastx1 2:fastx1 3:slowx1 4:slowx1 ");
}

static void running_job_stays_on_its_type_while_it_has_room(void **)
{
    Round round({{"fast", 1, 4}, {"slow", 1, 2}}, {job("A", 10, 0, 1, 1)});
    round.view.jobs[0].current = Assignment{"slow", 1, -1};
    TiresiasPolicy policy;
    assert_string_equal(shown(policy.allocate(round.view)).c_str(), "0:slowx1 ");
}

static void less_served_job_of_the_same_queue_does_not_preempt(void **)
{
    // Discretized: job 1 (100 GPU-s) and job 2 (none) share queue 0, where
    // order is first come first served and the running job stays ahead.
    Round round({{"fast", 1, 1}}, {job("A", 10000, 0, 1, 1), job("A", 10000, 0, 1, 2)});
    TiresiasPolicy policy;
    assert_string_equal(shown(policy.allocate(round.view)).c_str(), "0:fastx1 ");
    round.view.now_s = 100;
    round.view.round = 1;
    RoundJob &ran = round.view.jobs[0];
    ran.current = Assignment{"fast", 1, -1};
    ran.attained_gpu_s = ran.run_s = 100;
    ran.rounds_run = 1;
    assert_string_equal(shown(policy.allocate(round.view)).c_str(), "0:fastx1 ");
    assert_int_equal(policy.queue_of(0), 0);
}

static void defaults_are_the_codes_queues_and_a_knob_of_8(void **)
{
    TiresiasConfig defaults;
    assert_true(defaults.thresholds_gpu_s == (std::vector<double>{3250, 7200}));
    assert_true(defaults.promote_knob == 8);
}

static void bad_configuration_is_refused(void **)
{
    const TiresiasConfig bad[] = {{{100, 50}, 2}, {{0}, 2}, {{100}, -1}};
    for (const auto &config : bad) {
        try {
            TiresiasPolicy policy(config);
            fail_msg("accepted");
        } catch (const std::invalid_argument &e) {
            assert_contains(e.what(), "tiresias:");
        }
    }
    TiresiasPolicy single_queue(TiresiasConfig{{}, 0});
    assert_string_equal(single_queue.name().c_str(), "tiresias");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(job_past_threshold_is_demoted_and_preempted_by_newcomer),
        cmocka_unit_test(long_waiting_job_is_promoted_to_queue_zero),
        cmocka_unit_test(without_the_knob_the_long_job_waits_for_the_stream),
        cmocka_unit_test(job_that_does_not_fit_is_skipped_not_waited_for),
        cmocka_unit_test(type_is_the_one_with_most_free_gpus_the_job_can_use),
        cmocka_unit_test(running_job_stays_on_its_type_while_it_has_room),
        cmocka_unit_test(less_served_job_of_the_same_queue_does_not_preempt),
        cmocka_unit_test(defaults_are_the_codes_queues_and_a_knob_of_8),
        cmocka_unit_test(bad_configuration_is_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
