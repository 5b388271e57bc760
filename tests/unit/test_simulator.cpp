// Unit tests for contrib/sim: the simulator's clock and bookkeeping, the
// policies it compares and the run summary, on tests/data/sim fixtures.
#include "cmocka_cpp.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/finish_time_fairness.h"
#include "sim/input_error.h"
#include "sim/lower_bound.h"
#include "sim/policies.h"
#include "sim/round_simulator.h"
#include "sim/run_summary.h"
#include "sim/simulator.h"
#include "sim_fixture.h"
#include "trace_job_builder.h"

using namespace accord::sim;

static const ThroughputTable &table()
{
    static const ThroughputTable t = ThroughputTable::load_gavel(accord::test::fixture("tiny_throughputs.json"));
    return t;
}

using accord::test::job;

static SimResult run(const std::vector<TraceJob> &trace, const char *cluster, const char *policy,
                     const GpuSpeeds &gpu_speed = {}, bool learn = false, double explore = 0,
                     std::shared_ptr<const accord::core::ModelUncertainty> uncertainty = nullptr)
{
    SimConfig config;
    config.learn = learn;
    config.explore = explore;
    config.uncertainty = std::move(uncertainty);
    config.nodes = parse_cluster_spec(cluster);
    config.allocator = find_policy(policy).allocator;
    config.preempt = find_policy(policy).preempt;
    JobSpeed speed(table());
    auto ranker = find_policy(policy).ranker(table(), gpu_speed, config.nodes);
    return simulate(trace, speed, config, *ranker);
}

// accord-rq with requeues considered at most every `interval_s`.
static SimResult run_rq(const std::vector<TraceJob> &trace, const char *cluster, int64_t interval_s,
                        accord::core::JobOrder order = accord::core::JobOrder::Service)
{
    SimConfig config;
    config.nodes = parse_cluster_spec(cluster);
    config.allocator = find_policy("accord-rq").allocator;
    config.preempt = find_policy("accord-rq").preempt;
    config.preempt_interval_s = interval_s;
    config.order = order;
    JobSpeed speed(table());
    return simulate(trace, speed, config, *find_policy("accord-rq").ranker(table(), {}, config.nodes));
}

static bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

static void accord_puts_job_on_its_fastest_free_type(void **)
{
    // B: 4 steps/s on fast, 3 on slow. Best fit alone picks the 1-GPU slow node.
    SimResult accord = run({job("B", 300, 0, 1, 1)}, "fast:1x2,slow:1x1", "accord-easy");
    SimResult slurm = run({job("B", 300, 0, 1, 1)}, "fast:1x2,slow:1x1", "slurm");
    assert_string_equal(accord.jobs[0].gpu_type.c_str(), "fast");
    assert_true(near(accord.jobs[0].end_s, 75));
    assert_string_equal(slurm.jobs[0].gpu_type.c_str(), "slow");
    assert_true(near(slurm.jobs[0].end_s, 100));
}

// Given the admin's per-type table (--gpu-speed), accord-easy and accord-np
// rank by it as the plugin does, even against the job type's measured speed;
// the job still runs at its measured speed there (3 steps/s on slow).
static void admin_speed_table_replaces_measured_ranking(void **)
{
    for (const char *policy : {"accord-easy", "accord-np"}) {
        SimResult r = run({job("B", 300, 0, 1, 1)}, "fast:1x2,slow:1x2", policy, {{"fast", 1}, {"slow", 2}});
        assert_string_equal(r.jobs[0].gpu_type.c_str(), "slow");
        assert_true(near(r.jobs[0].end_s, 100));
    }
}

// B measures 3 steps/s on slow and 4 on fast; the table says slow is twice
// as fast. Jobs 1 and 2 take one of each; job 3 arrives when both are free
// and goes where B measured fastest when the ranker learns, else by table.
static void learning_from_running_jobs_overrides_the_table(void **)
{
    std::vector<TraceJob> trace = {job("B", 300, 0, 1, 1), job("B", 300, 0, 1, 2), job("B", 300, 200, 1, 3)};
    for (const char *policy : {"accord-easy", "accord-np"}) {
        SimResult plain = run(trace, "fast:1x1,slow:1x1", policy, {{"fast", 1}, {"slow", 2}});
        SimResult learned = run(trace, "fast:1x1,slow:1x1", policy, {{"fast", 1}, {"slow", 2}}, true);
        assert_string_equal(plain.jobs[0].gpu_type.c_str(), "slow");
        assert_string_equal(learned.jobs[0].gpu_type.c_str(), "slow");
        assert_string_equal(plain.jobs[2].gpu_type.c_str(), "slow");
        assert_string_equal(learned.jobs[2].gpu_type.c_str(), "fast");
        assert_true(near(learned.jobs[2].end_s, 275));
    }
}

// B ran on fast first (4 steps/s; the table's 2, so slow's 1.9 is rescaled
// to 3.8). Job 2 finds both free: learning alone keeps it on fast, and so
// does a bound of 0.05 (3.8 x 1.05 < 4); a bound of 0.1 lets it measure slow
// (3.8 x 1.1 > 4), where it runs at its 3 steps/s.
static void exploring_tries_the_type_a_job_type_has_not_run_on_within_the_bound(void **)
{
    std::vector<TraceJob> trace = {job("B", 300, 0, 1, 1), job("B", 300, 200, 1, 2)};
    const GpuSpeeds table = {{"fast", 2}, {"slow", 1.9}};
    for (const char *policy : {"accord-easy", "accord-np"}) {
        SimResult learned = run(trace, "fast:1x1,slow:1x1", policy, table, true);
        SimResult tight = run(trace, "fast:1x1,slow:1x1", policy, table, true, 0.05);
        SimResult explored = run(trace, "fast:1x1,slow:1x1", policy, table, true, 0.1);
        assert_string_equal(learned.jobs[1].gpu_type.c_str(), "fast");
        assert_string_equal(tight.jobs[1].gpu_type.c_str(), "fast");
        assert_string_equal(explored.jobs[0].gpu_type.c_str(), "fast");
        assert_string_equal(explored.jobs[1].gpu_type.c_str(), "slow");
        assert_true(near(explored.jobs[1].end_s, 300));
    }
}

// The same start with the model's spread (--speed-model): slow is the pair
// the model knows least (the whole bound 0.1: it explores, as without a
// model), or the members agree on it (spread 0 next to fast's 0.2: no bonus,
// job 2 stays on fast).
static void the_models_spread_scales_exploration(void **)
{
    using accord::core::ModelUncertainty;
    std::vector<TraceJob> trace = {job("B", 300, 0, 1, 1), job("B", 300, 200, 1, 2)};
    const GpuSpeeds table = {{"fast", 2}, {"slow", 1.9}};
    auto unsure =
        std::make_shared<const ModelUncertainty>(ModelUncertainty::Spreads{{"B", {{"slow", 0.3}, {"fast", 0.1}}}});
    auto sure =
        std::make_shared<const ModelUncertainty>(ModelUncertainty::Spreads{{"B", {{"slow", 0.0}, {"fast", 0.2}}}});
    for (const char *policy : {"accord-easy", "accord-np"}) {
        SimResult explored = run(trace, "fast:1x1,slow:1x1", policy, table, true, 0.1, unsure);
        SimResult kept = run(trace, "fast:1x1,slow:1x1", policy, table, true, 0.1, sure);
        assert_string_equal(explored.jobs[1].gpu_type.c_str(), "slow");
        assert_string_equal(kept.jobs[1].gpu_type.c_str(), "fast");
    }
}

// An elastic job (1-2 GPUs, asked 1) on an idle 2-GPU node: the allocator
// gives it both (18 steps/s), EASY its request (10 steps/s).
static void allocator_policy_chooses_an_elastic_jobs_count(void **)
{
    TraceJob elastic = job("A", 1800, 0, 1, 1);
    elastic.min_gpus = 1;
    elastic.max_gpus = 2;
    SimResult np = run({elastic}, "fast:1x2", "accord-np");
    SimResult easy = run({elastic}, "fast:1x2", "accord-easy");
    assert_true(near(np.jobs[0].end_s, 100));
    assert_true(near(np.jobs[0].gpu_seconds, 200));
    assert_true(near(easy.jobs[0].end_s, 180));
    assert_true(near(easy.jobs[0].gpu_seconds, 180));
}

static void later_job_waits_for_gpus_to_free(void **)
{
    SimResult r = run({job("A", 1000, 0, 1, 1), job("A", 1000, 10, 1, 2)}, "fast:1x1", "accord-easy");
    assert_true(near(r.jobs[1].start_s, 100));
    assert_true(near(r.jobs[1].end_s, 200));
}

static void job_over_two_nodes_runs_at_spread_speed(void **)
{
    SimResult r = run({job("A", 1200, 0, 2, 1)}, "fast:2x1", "accord-easy");
    assert_int_equal(r.jobs[0].nodes, 2);
    assert_true(near(r.jobs[0].end_s, 100));  // 12 steps/s spread
}

static void decision_log_names_time_job_type_and_nodes(void **)
{
    SimResult r = run({job("B", 300, 5, 1, 1)}, "fast:1x2", "accord-easy");
    assert_int_equal(r.decisions.size(), 1);
    assert_string_equal(r.decisions[0].c_str(), "t=5 start job=1 type=fast nodes=fast-1");
}

static void expect_input_error(const std::vector<TraceJob> &trace, const char *cluster, const char *named)
{
    try {
        run(trace, cluster, "accord-easy");
        fail_msg("no error");
    } catch (const InputError &e) {
        if (!std::strstr(e.what(), named))
            fail_msg("error '%s' does not name '%s'", e.what(), named);
    }
}

static void job_never_measured_on_cluster_is_an_error(void **)
{
    expect_input_error({job("A", 10, 0, 1, 1), job("C", 10, 0, 1, 7)}, "fast:1x2", "trace line 7");
}

static void job_that_never_fits_is_an_error(void **)
{
    expect_input_error({job("A", 10, 0, 4, 3)}, "fast:1x2", "trace line 3 (A, 4 GPU): can never fit");
}

static void unknown_policy_is_refused(void **)
{
    try {
        find_policy("fifo");
        fail_msg("accepted");
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), "unknown policy 'fifo' (known: slurm, accord-easy, accord-np, accord-rq, tiresias");
    }
}

static void registry_tells_event_from_round_policies(void **)
{
    assert_true(find_policy("slurm").ranker && !find_policy("slurm").round);
    assert_true(find_policy("accord-easy").ranker && !find_policy("accord-easy").round);
    assert_true(find_policy("accord-np").ranker && !find_policy("accord-np").round);
    assert_true(find_policy("accord-np").allocator && !find_policy("accord-easy").allocator);
    assert_true(!find_policy("tiresias").ranker && find_policy("tiresias").round);
    JobSpeed speed(table());
    OraclePairs pairs(speed);
    assert_string_equal(find_policy("tiresias").round(table(), pairs, {})->name().c_str(), "tiresias");
    for (const auto &name : policy_names())
        if (!find_policy(name).ranker)
            assert_string_equal(find_policy(name).round(table(), pairs, {})->name().c_str(), name.c_str());
    assert_true(policy_names() == (std::vector<std::string>{"slurm", "accord-easy", "accord-np", "accord-rq", "tiresias", "gavel-fair",
                                                            "gavel-fair-agnostic", "gavel-throughput",
                                                            "gavel-fair-packed", "gavel-throughput-packed",
                                                            "sia", "lucid", "accord"}));
    assert_true(find_policy("accord-rq").preempt && find_policy("accord-rq").allocator &&
                !find_policy("accord-np").preempt);
}

// One fast GPU. Job 1 (10,000 s alone) has 4,000 GPU-s of service when job 2
// (100 s) arrives: job 2 ranks higher (core/service_order.h), so accord-rq
// requeues job 1, which keeps its checkpoint of 3,600 s (one every 600 s),
// is back in the queue at 4,060 and restarts when job 2 ends at 4,100:
// 6,400 s left. accord-np lets job 2 wait for job 1.
static void accord_rq_requeues_for_a_job_with_less_service(void **)
{
    std::vector<TraceJob> trace = {job("A", 100000, 0, 1, 1), job("A", 1000, 4000, 1, 2)};
    SimResult rq = run(trace, "fast:1x1", "accord-rq");
    assert_true(near(rq.jobs[1].start_s, 4000) && near(rq.jobs[1].end_s, 4100));
    assert_true(near(rq.jobs[0].start_s, 0) && near(rq.jobs[0].end_s, 10500));
    assert_true(near(rq.jobs[0].gpu_seconds, 4000 + 6400));
    assert_true(std::find(rq.decisions.begin(), rq.decisions.end(), "t=4000 requeue job=1") != rq.decisions.end());
    SimResult np = run(trace, "fast:1x1", "accord-np");
    assert_true(near(np.jobs[1].end_s, 10100));
}

// The same with priority by arrival alone (--order priority, the plugin's
// accord_order=priority under priority/basic): the older job 1 outranks job
// 2 however long it has run, so job 2 waits for it.
static void accord_rq_by_arrival_never_requeues_an_older_job(void **)
{
    std::vector<TraceJob> trace = {job("A", 100000, 0, 1, 1), job("A", 1000, 4000, 1, 2)};
    SimResult rq = run_rq(trace, "fast:1x1", 0, accord::core::JobOrder::Priority);
    assert_true(near(rq.jobs[0].end_s, 10000) && near(rq.jobs[1].end_s, 10100));
    for (const auto &line : rq.decisions)
        assert_true(line.find("requeue") == std::string::npos);
}

static bool requeued(const SimResult &r)
{
    return std::any_of(r.decisions.begin(), r.decisions.end(),
                       [](const std::string &line) { return line.find("requeue") != std::string::npos; });
}

// --order gittins: job 1 (type A) ends at 1,000 s having held 1,000 GPU-s.
// Then job 3, of type A, which is expected to end 1,000 s after it starts,
// outranks job 2 (type B: no B job has finished, presumed long), which
// arrived before it: job 3 runs first. By service both are new, and job 2
// runs first.
static void accord_rq_by_gittins_index_runs_a_job_of_a_known_short_type_first(void **)
{
    std::vector<TraceJob> trace = {job("A", 10000, 0, 1, 1), job("B", 4000, 100, 1, 2), job("A", 10000, 200, 1, 3)};
    SimResult gittins = run_rq(trace, "fast:1x1", 0, accord::core::JobOrder::Gittins);
    assert_true(near(gittins.jobs[2].start_s, 1000) && near(gittins.jobs[1].start_s, 2000));
    SimResult service = run_rq(trace, "fast:1x1", 0);
    assert_true(near(service.jobs[1].start_s, 1000) && near(service.jobs[2].start_s, 2000));
    assert_false(requeued(gittins) || requeued(service));
}

// Job 1 (type A) held 5,000 GPU-s. Job 2, of type A too, has run 4,000 s
// when job 3 (type B, none finished) arrives: by service job 2 is past the
// first queue (3,600 GPU-s) and requeued for job 3; by its Gittins index
// it is expected to end in 1,000 s and ranks above job 3, so it runs on.
static void accord_rq_by_gittins_index_keeps_a_job_near_its_types_end(void **)
{
    std::vector<TraceJob> trace = {job("A", 50000, 0, 1, 1), job("A", 50000, 5000, 1, 2), job("B", 4000, 9000, 1, 3)};
    SimResult gittins = run_rq(trace, "fast:1x1", 0, accord::core::JobOrder::Gittins);
    assert_false(requeued(gittins));
    assert_true(near(gittins.jobs[1].end_s, 10000) && near(gittins.jobs[2].end_s, 11000));
    SimResult service = run_rq(trace, "fast:1x1", 0);
    assert_true(std::find(service.decisions.begin(), service.decisions.end(), "t=9000 requeue job=2") !=
                service.decisions.end());
}

// Job 2 arrives while job 1 is in the same service queue (1,000 GPU-s) and
// job 1 ends (3,000 s) before it leaves it (3,600 GPU-s): job 1 ranks
// higher throughout, so it is never requeued for job 2.
static void accord_rq_never_requeues_for_lower_priority(void **)
{
    SimResult rq = run({job("A", 30000, 0, 1, 1), job("A", 1000, 1000, 1, 2)}, "fast:1x1", "accord-rq");
    assert_true(near(rq.jobs[0].end_s, 3000) && near(rq.jobs[1].end_s, 3100));
    for (const auto &line : rq.decisions)
        assert_true(line.find("requeue") == std::string::npos);
}

// As above, but job 1 runs on (10,000 s): it leaves the first service
// queue at 3,600 s, and job 2 then outranks it. No job arrives or ends
// until 10,000 s; requeues are considered every 300 s from job 2's arrival
// (1,000 s), as the plugin's cycles would, so job 1 is requeued at 3,700 s.
// With the interval 0 (at every event) the requeue waits for an event.
static void accord_rq_considers_requeues_every_interval(void **)
{
    std::vector<TraceJob> trace = {job("A", 100000, 0, 1, 1), job("A", 1000, 1000, 1, 2)};
    SimResult rq = run_rq(trace, "fast:1x1", 300);
    assert_true(std::find(rq.decisions.begin(), rq.decisions.end(), "t=3700 requeue job=1") != rq.decisions.end());
    assert_true(near(rq.jobs[1].start_s, 3700) && near(rq.jobs[1].end_s, 3800));
    SimResult every_event = run_rq(trace, "fast:1x1", 0);
    assert_true(near(every_event.jobs[0].end_s, 10000) && near(every_event.jobs[1].end_s, 10100));
}

// One fast GPU (B: 4 steps/s), held by job 1 until 100 s. Job 2 (10,000 s)
// arrives first, job 3 (10 s) second. At 100 s job 3 has waited ~6x its
// time alone over a share of half the GPU: its predicted rho is ~3.8 (job
// 2's ~1). Above a bound of 2 it overtakes; without one it waits for job 2.
static std::vector<TraceJob> long_then_short_behind_a_busy_gpu()
{
    return {job("B", 400, 0, 1, 1), job("B", 40000, 1, 1, 2), job("B", 40, 2, 1, 3)};
}

static void event_policies_let_a_starving_job_overtake_over_the_bound(void **)
{
    for (const char *policy : {"accord-easy", "accord-np"}) {
        for (double bound : {0.0, 2.0}) {
            SimConfig config;
            config.nodes = parse_cluster_spec("fast:1x1");
            config.allocator = find_policy(policy).allocator;
            config.fairness_bound = bound;
            JobSpeed speed(table());
            SimResult r = simulate(long_then_short_behind_a_busy_gpu(), speed, config,
                                   *find_policy(policy).ranker(table(), {}, config.nodes));
            assert_true(near(r.jobs[2].start_s, bound > 0 ? 100 : 10100));
            assert_true(near(r.jobs[1].start_s, bound > 0 ? 110 : 100));
        }
    }
}

// The same under accord in rounds (360 s), job 1 (of type A, so that no
// finished job tells type B's length and both B jobs keep LAS order)
// holding the GPU until 500 s: at the second round the short job preempts
// it (rho ~8 against ~0.3). Without the bound, the long job 2 runs from
// the third round and holds the GPU for ten rounds, until it leaves the
// first LAS queue.
static void accord_rounds_let_a_starving_job_overtake_over_the_bound(void **)
{
    JobSpeed speed(table());
    OraclePairs pairs(speed);
    RoundConfig rounds;
    rounds.nodes = parse_cluster_spec("fast:1x1");
    std::vector<TraceJob> trace = long_then_short_behind_a_busy_gpu();
    trace[0].job_type = "A";
    trace[0].total_steps = 5000;
    for (double bound : {0.0, 2.0}) {
        auto policy = find_policy("accord").round(table(), pairs, PolicySettings{bound, 1.5});
        SimResult r = simulate_rounds(trace, speed, rounds, *policy);
        if (bound > 0)
            assert_true(near(r.jobs[2].end_s, 370));
        else
            assert_true(r.jobs[2].start_s >= 3600);
    }
}

static void only_accords_policies_take_the_fairness_bound(void **)
{
    for (const auto &name : policy_names())
        assert_int_equal(find_policy(name).takes_fairness,
                         name == "accord-easy" || name == "accord-np" || name == "accord-rq" || name == "accord");
}

static void summary_figures(void **)
{
    // Two jobs on one GPU: 0-100 and 100-200 (second arrived at 10).
    SimResult r = run({job("A", 1000, 0, 1, 1), job("A", 1000, 10, 1, 2)}, "fast:1x1", "accord-easy");
    RunSummary s = summarize(r, 1);
    assert_int_equal(s.jobs, 2);
    assert_true(near(s.jct_s.mean, 145));   // (100 + 190) / 2
    assert_true(near(s.jct_s.median, 145));
    assert_true(near(s.jct_s.p99, 190));
    assert_true(near(s.queueing_s.max, 90));
    assert_true(near(s.makespan_s, 200));
    assert_true(near(s.gpu_hours, 200.0 / 3600));
    assert_true(near(s.utilization, 1.0));
    assert_true(s.cycles >= 2);
}

static void summary_json_has_the_figures(void **)
{
    SimResult r = run({job("A", 1000, 0, 1, 1)}, "fast:1x1", "accord-easy");
    std::string json = to_json(summarize(r, 1), "accord-easy");
    assert_non_null(std::strstr(json.c_str(), "\"policy\": \"accord-easy\""));
    assert_non_null(std::strstr(json.c_str(), "\"jct_s\""));
    assert_non_null(std::strstr(json.c_str(), "\"utilization\""));
}

static SimResult bound(const std::vector<TraceJob> &trace, const char *cluster)
{
    return isolated_fastest(trace, JobSpeed(table()), parse_cluster_spec(cluster));
}

static void bound_starts_at_arrival_on_fastest_type(void **)
{
    SimResult r = bound({job("B", 300, 7, 1, 1)}, "fast:1x2,slow:1x1");
    assert_string_equal(r.jobs[0].gpu_type.c_str(), "fast");
    assert_true(near(r.jobs[0].start_s, 7));
    assert_true(near(r.jobs[0].end_s, 82));
}

static void bound_takes_the_faster_of_one_node_and_spread(void **)
{
    // A on 2 GPUs: 18 steps/s on one node, 12 spread.
    SimResult both = bound({job("A", 1800, 0, 2, 1)}, "fast:2x2");
    assert_true(near(both.jobs[0].end_s, 100));
    assert_int_equal(both.jobs[0].nodes, 1);
    SimResult spread_only = bound({job("A", 1200, 0, 2, 1)}, "fast:2x1");
    assert_true(near(spread_only.jobs[0].end_s, 100));
    assert_int_equal(spread_only.jobs[0].nodes, 2);
}

static void bound_refuses_job_no_configuration_runs(void **)
{
    try {
        bound({job("A", 10, 0, 4, 9)}, "fast:1x2");
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_non_null(std::strstr(e.what(), "trace line 9"));
    }
}

static void fairness_of_two_jobs_sharing_one_gpu(void **)
{
    // Job 1 runs 0-100; job 2 arrives at 10 and runs 100-200. Jobs in the
    // system: 1 on [0,10), 2 on [10,100), 1 on [100,200).
    std::vector<TraceJob> trace = {job("A", 1000, 0, 1, 1), job("A", 1000, 10, 1, 2)};
    SimResult r = run(trace, "fast:1x1", "accord-easy");
    SimResult alone = bound(trace, "fast:1x1");
    std::vector<double> rho = finish_time_fairness(r, alone, 1);
    assert_true(near(rho[0], 100.0 / (100 * 1.9)));           // average 1.9 jobs
    assert_true(near(rho[1], 190.0 / (100 * (280.0 / 190))));  // average 280/190 jobs
    RunSummary s = summarize(r, 1, &alone);
    assert_true(s.has_fairness);
    assert_true(near(s.ftf_share_above_1, 0.5));
    assert_true(near(s.ftf_rho.max, rho[1]));
}

static void fairness_spares_jobs_within_their_share(void **)
{
    // One 1-GPU job among two on a 4-GPU cluster: its share (2 GPUs) covers it.
    std::vector<TraceJob> trace = {job("A", 1000, 0, 1, 1), job("A", 1000, 0, 1, 2)};
    SimResult r = run(trace, "fast:1x4", "accord-easy");
    std::vector<double> rho = finish_time_fairness(r, bound(trace, "fast:1x4"), 4);
    assert_true(near(rho[0], 1.0));
    assert_true(near(rho[1], 1.0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accord_puts_job_on_its_fastest_free_type),
        cmocka_unit_test(admin_speed_table_replaces_measured_ranking),
        cmocka_unit_test(learning_from_running_jobs_overrides_the_table),
        cmocka_unit_test(the_models_spread_scales_exploration),
        cmocka_unit_test(exploring_tries_the_type_a_job_type_has_not_run_on_within_the_bound),
        cmocka_unit_test(allocator_policy_chooses_an_elastic_jobs_count),
        cmocka_unit_test(later_job_waits_for_gpus_to_free),
        cmocka_unit_test(job_over_two_nodes_runs_at_spread_speed),
        cmocka_unit_test(decision_log_names_time_job_type_and_nodes),
        cmocka_unit_test(job_never_measured_on_cluster_is_an_error),
        cmocka_unit_test(job_that_never_fits_is_an_error),
        cmocka_unit_test(unknown_policy_is_refused),
        cmocka_unit_test(registry_tells_event_from_round_policies),
        cmocka_unit_test(event_policies_let_a_starving_job_overtake_over_the_bound),
        cmocka_unit_test(accord_rounds_let_a_starving_job_overtake_over_the_bound),
        cmocka_unit_test(only_accords_policies_take_the_fairness_bound),
        cmocka_unit_test(summary_figures),
        cmocka_unit_test(accord_rq_requeues_for_a_job_with_less_service),
        cmocka_unit_test(accord_rq_by_arrival_never_requeues_an_older_job),
        cmocka_unit_test(accord_rq_by_gittins_index_runs_a_job_of_a_known_short_type_first),
        cmocka_unit_test(accord_rq_by_gittins_index_keeps_a_job_near_its_types_end),
        cmocka_unit_test(accord_rq_never_requeues_for_lower_priority),
        cmocka_unit_test(accord_rq_considers_requeues_every_interval),
        cmocka_unit_test(summary_json_has_the_figures),
        cmocka_unit_test(bound_starts_at_arrival_on_fastest_type),
        cmocka_unit_test(bound_takes_the_faster_of_one_node_and_spread),
        cmocka_unit_test(bound_refuses_job_no_configuration_runs),
        cmocka_unit_test(fairness_of_two_jobs_sharing_one_gpu),
        cmocka_unit_test(fairness_spares_jobs_within_their_share),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
