// Unit tests for contrib/sim/exact_optimum: small instances checked by hand
// and random ones against a brute force over every order and configuration
// (the serial schedule generation scheme meets every active schedule, and
// an optimal one is active), plus the limit path and the input errors.
#include "cmocka_cpp.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "sim/cluster_spec.h"
#include "sim/exact_optimum.h"
#include "sim/input_error.h"
#include "sim/pooled_instance.h"
#include "trace_job_builder.h"

using namespace accord::sim;

using accord::test::job;

static TraceJob elastic(const char *type, uint64_t steps, double arrival, int min_gpus, int max_gpus, int line)
{
    TraceJob t = job(type, steps, arrival, min_gpus, line);
    t.min_gpus = min_gpus;
    t.max_gpus = max_gpus;
    return t;
}

static OptimumResult solve(const std::vector<TraceJob> &trace, const ThroughputTable &table, const char *cluster,
                           const OptimumLimits &limits = {})
{
    JobSpeed speed(table);
    return exact_optimum(trace, speed, parse_cluster_spec(cluster), limits);
}

static bool near(double a, double b) { return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b)); }

// Job types A and B on "fast" and "slow" GPUs, steps/s alone.
static ThroughputTable two_types(double a_fast, double a_slow, double b_fast, double b_slow)
{
    ThroughputTable t;
    t.set_isolated("fast", "A", 1, false, a_fast);
    t.set_isolated("fast", "B", 1, false, b_fast);
    if (a_slow > 0)
        t.set_isolated("slow", "A", 1, false, a_slow);
    if (b_slow > 0)
        t.set_isolated("slow", "B", 1, false, b_slow);
    return t;
}

static void single_job_starts_at_arrival_on_its_fastest_type(void **)
{
    OptimumResult r = solve({job("A", 1000, 7, 1, 1)}, two_types(10, 5, 1, 1), "fast:1x1,slow:1x1");
    assert_true(r.proven_optimal);
    assert_string_equal(r.schedule.jobs[0].gpu_type.c_str(), "fast");
    assert_true(near(r.schedule.jobs[0].start_s, 7));
    assert_true(near(r.schedule.jobs[0].end_s, 107));
    assert_true(near(r.schedule.jobs[0].gpu_seconds, 100));
    assert_true(near(r.mean_jct_s, 100));
    assert_true(near(r.lower_bound_mean_jct_s, 100));
    assert_int_equal(r.schedule.decisions.size(), 1);
    assert_string_equal(r.schedule.decisions[0].c_str(), "t=7 start job=1 type=fast gpus=1");
}

static void shorter_job_goes_first_on_one_gpu(void **)
{
    // 100 s and 10 s, both at 0: ends 10 and 110.
    OptimumResult r = solve({job("A", 1000, 0, 1, 1), job("A", 100, 0, 1, 2)}, two_types(10, 0, 1, 0), "fast:1x1");
    assert_true(r.proven_optimal);
    assert_true(near(r.schedule.jobs[1].end_s, 10));
    assert_true(near(r.schedule.jobs[0].start_s, 10));
    assert_true(near(r.mean_jct_s, 60));
}

static void gpu_left_idle_for_a_short_job_about_to_arrive(void **)
{
    // A (1000 s) could start at 0; B (1 s) arrives at 1. Waiting for B:
    // B 1-2, A 2-1002, mean (1 + 1002) / 2, instead of (1000 + 1000) / 2.
    OptimumResult r = solve({job("A", 10000, 0, 1, 1), job("A", 10, 1, 1, 2)}, two_types(10, 0, 1, 0), "fast:1x1");
    assert_true(r.proven_optimal);
    assert_true(near(r.schedule.jobs[1].start_s, 1));
    assert_true(near(r.schedule.jobs[0].start_s, 2));
    assert_true(near(r.mean_jct_s, 501.5));
}

static void waiting_for_a_faster_type_beats_a_free_slow_one(void **)
{
    // A runs only on fast, 0-20. B arrives at 5: 10 s on fast, 1000 s on
    // slow. B waits for fast (20-30) while the slow GPU stays idle.
    OptimumResult r = solve({job("A", 200, 0, 1, 1), job("B", 100, 5, 1, 2)}, two_types(10, 0, 10, 0.1),
                            "fast:1x1,slow:1x1");
    assert_true(r.proven_optimal);
    assert_string_equal(r.schedule.jobs[1].gpu_type.c_str(), "fast");
    assert_true(near(r.schedule.jobs[1].start_s, 20));
    assert_true(near(r.mean_jct_s, (20 + 25) / 2.0));
}

static void type_goes_to_the_job_that_gains_most_from_it(void **)
{
    // A: 100 s fast, 110 s slow. B: 100 s fast, 400 s slow. Both at 0.
    // B on fast and A on slow: (100 + 110) / 2; the other way round or one
    // after the other on fast is worse.
    OptimumResult r = solve({job("A", 1000, 0, 1, 1), job("B", 1000, 0, 1, 2)},
                            two_types(10, 1000.0 / 110, 10, 2.5), "fast:1x1,slow:1x1");
    assert_true(r.proven_optimal);
    assert_string_equal(r.schedule.jobs[0].gpu_type.c_str(), "slow");
    assert_string_equal(r.schedule.jobs[1].gpu_type.c_str(), "fast");
    assert_true(near(r.mean_jct_s, 105));
}

static void elastic_job_leaves_room_for_another(void **)
{
    // E: 3000 steps at 10 steps/s per GPU, 1 to 4 GPUs; F: 100 s on one
    // GPU; four GPUs, both at 0. E on 3 GPUs beside F: both end at 100.
    // E on 4 first (75) then F (175) is worse, and so is F first.
    ThroughputTable t;
    for (int gpus = 1; gpus <= 4; gpus++)
        t.set_isolated("fast", "E", gpus, false, 10.0 * gpus);
    t.set_isolated("fast", "F", 1, false, 10);
    OptimumResult r = solve({elastic("E", 3000, 0, 1, 4, 1), job("F", 1000, 0, 1, 2)}, t, "fast:1x4");
    assert_true(r.proven_optimal);
    assert_true(near(r.mean_jct_s, 100));
    assert_true(near(r.schedule.jobs[0].gpu_seconds, 300));  // 3 GPUs x 100 s
    assert_string_equal(r.schedule.decisions[0].c_str(), "t=0 start job=1 type=fast gpus=3");
}

static void speed_is_the_better_of_one_node_and_spread(void **)
{
    // A on 2 GPUs: 18 steps/s on one node, 12 spread.
    ThroughputTable t;
    t.set_isolated("fast", "A", 2, false, 18);
    t.set_isolated("fast", "A", 2, true, 12);
    OptimumResult both = solve({job("A", 1800, 0, 2, 1)}, t, "fast:2x2");
    assert_true(near(both.schedule.jobs[0].end_s, 100));
    assert_int_equal(both.schedule.jobs[0].nodes, 1);
    OptimumResult spread_only = solve({job("A", 1200, 0, 2, 1)}, t, "fast:2x1");
    assert_true(near(spread_only.schedule.jobs[0].end_s, 100));
    assert_int_equal(spread_only.schedule.jobs[0].nodes, 2);
}

// Random small instances: 5 job types with random speeds on two types of 2
// GPUs (one node each), 1- and 2-GPU jobs, some elastic (1 or 2 GPUs).
struct Random {
    ThroughputTable table;
    std::vector<TraceJob> trace;
};

static Random random_instance(unsigned seed, size_t jobs)
{
    std::mt19937 rng(seed);
    auto pick = [&](unsigned lo, unsigned hi) { return lo + rng() % (hi - lo + 1); };
    Random r;
    const char *names[] = {"J0", "J1", "J2", "J3", "J4"};
    for (const char *name : names) {
        double fast = pick(2, 10), slow = fast * pick(3, 9) / 10.0;
        r.table.set_isolated("fast", name, 1, false, fast);
        r.table.set_isolated("fast", name, 2, false, fast * pick(12, 20) / 10.0);
        r.table.set_isolated("slow", name, 1, false, slow);
        r.table.set_isolated("slow", name, 2, false, slow * pick(12, 20) / 10.0);
    }
    for (size_t i = 0; i < jobs; i++) {
        const char *type = names[pick(0, 4)];
        uint64_t steps = pick(100, 2000);
        double arrival = pick(0, 200);
        int line = static_cast<int>(i + 1);
        unsigned kind = pick(0, 5);
        r.trace.push_back(kind == 5 ? elastic(type, steps, arrival, 1, 2, line)
                                    : job(type, steps, arrival, kind == 4 ? 2 : 1, line));
    }
    return r;
}

struct Placed {
    int type, gpus;
    double start, end;
};

// The least sum of job ends over every order and configuration, each job
// placed at the earliest time its GPUs stay free for its whole run.
class BruteForce {
public:
    explicit BruteForce(const PooledInstance &instance) : instance_(instance) {}

    double best()
    {
        std::vector<int> order(instance_.jobs.size());
        std::iota(order.begin(), order.end(), 0);
        double least = std::numeric_limits<double>::infinity();
        do
            least = std::min(least, configs(order, 0, 0));
        while (std::next_permutation(order.begin(), order.end()));
        return least;
    }

private:
    double configs(const std::vector<int> &order, size_t at, double sum)
    {
        if (at == order.size())
            return sum;
        double least = std::numeric_limits<double>::infinity();
        const PooledJob &job = instance_.jobs[order[at]];
        for (const auto &c : job.configs) {
            double start = earliest(c, job.arrival_s);
            placed_.push_back(Placed{c.type, c.gpus, start, start + c.duration_s});
            least = std::min(least, configs(order, at + 1, sum + start + c.duration_s));
            placed_.pop_back();
        }
        return least;
    }

    int held(int type, double t) const
    {
        int sum = 0;
        for (const auto &p : placed_)
            if (p.type == type && p.start <= t && t < p.end)
                sum += p.gpus;
        return sum;
    }

    bool fits(const JobConfig &c, double from) const
    {
        int room = instance_.types[c.type].gpus - c.gpus;
        if (held(c.type, from) > room)
            return false;
        for (const auto &p : placed_)
            if (p.type == c.type && p.start > from && p.start < from + c.duration_s && held(c.type, p.start) > room)
                return false;
        return true;
    }

    double earliest(const JobConfig &c, double arrival) const
    {
        std::vector<double> candidates{arrival};
        for (const auto &p : placed_)
            if (p.type == c.type && p.end > arrival)
                candidates.push_back(p.end);
        std::sort(candidates.begin(), candidates.end());
        for (double t : candidates)
            if (fits(c, t))
                return t;
        fail_msg("no room found");
        return 0;
    }

    const PooledInstance &instance_;
    std::vector<Placed> placed_;
};

// Every job after its arrival, for its run time, and no type over its GPUs.
static void assert_feasible(const OptimumResult &r, const PooledInstance &instance)
{
    for (size_t j = 0; j < r.schedule.jobs.size(); j++) {
        const SimJob &a = r.schedule.jobs[j];
        assert_true(a.start_s >= a.trace.arrival_s);
        bool matches = false;
        for (const auto &c : instance.jobs[j].configs)
            matches = matches || (instance.types[c.type].name == a.gpu_type && near(a.end_s - a.start_s, c.duration_s) &&
                                  near(a.gpu_seconds, c.gpus * c.duration_s));
        assert_true(matches);
        for (const auto &type : instance.types) {
            double held = 0;
            for (const auto &b : r.schedule.jobs)
                if (b.gpu_type == type.name && b.start_s <= a.start_s && a.start_s < b.end_s)
                    held += b.gpu_seconds / (b.end_s - b.start_s);
            assert_true(held <= type.gpus + 1e-9);
        }
    }
}

static void random_instances_match_the_brute_force(void **)
{
    const char *cluster = "fast:1x2,slow:1x2";
    for (unsigned seed = 1; seed <= 12; seed++) {
        Random inst = random_instance(seed, seed <= 10 ? 6 : 7);
        JobSpeed speed(inst.table);
        PooledInstance pooled = pooled_instance(inst.trace, speed, parse_cluster_spec(cluster));
        double arrivals = 0;
        for (const auto &t : inst.trace)
            arrivals += t.arrival_s;
        double expected = (BruteForce(pooled).best() - arrivals) / inst.trace.size();
        OptimumResult r = solve(inst.trace, inst.table, cluster);
        if (!r.proven_optimal || !near(r.mean_jct_s, expected))
            fail_msg("seed %u: optimum %.6f, brute force %.6f", seed, r.mean_jct_s, expected);
        assert_true(near(r.lower_bound_mean_jct_s, expected));
        assert_feasible(r, pooled);
    }
}

static void node_limit_returns_the_best_found_and_a_bound(void **)
{
    Random inst = random_instance(99, 10);
    OptimumResult full = solve(inst.trace, inst.table, "fast:1x2,slow:1x2");
    assert_true(full.proven_optimal);
    OptimumLimits tiny;
    tiny.max_nodes = 2;
    OptimumResult cut = solve(inst.trace, inst.table, "fast:1x2,slow:1x2", tiny);
    assert_false(cut.proven_optimal);
    assert_true(cut.nodes <= 2);
    assert_true(cut.lower_bound_mean_jct_s <= full.mean_jct_s + 1e-6);
    assert_true(cut.mean_jct_s >= full.mean_jct_s - 1e-6);
    assert_true(cut.lower_bound_mean_jct_s < cut.mean_jct_s);
    assert_int_equal(cut.schedule.jobs.size(), 10);
    OptimumResult again = solve(inst.trace, inst.table, "fast:1x2,slow:1x2", tiny);
    assert_true(again.mean_jct_s == cut.mean_jct_s);
    assert_true(again.schedule.decisions == cut.schedule.decisions);
}

static void expect_error(const std::vector<TraceJob> &trace, const char *cluster, const char *named)
{
    try {
        solve(trace, two_types(10, 5, 1, 1), cluster);
        fail_msg("no error");
    } catch (const InputError &e) {
        assert_contains(e.what(), named);
    }
}

static void more_than_twenty_jobs_is_an_error(void **)
{
    std::vector<TraceJob> trace;
    for (int i = 1; i <= 21; i++)
        trace.push_back(job("A", 10, 0, 1, i + 100));
    expect_error(trace, "fast:1x1", "trace line 121: the exact optimum takes at most 20 jobs");
}

static void job_no_configuration_runs_is_an_error(void **)
{
    expect_error({job("A", 10, 0, 1, 1), job("C", 10, 0, 1, 7)}, "fast:1x2", "trace line 7 (C)");
    expect_error({job("A", 10, 0, 4, 3)}, "fast:1x2", "trace line 3 (A): no configuration");
    expect_error({elastic("A", 10, 0, 3, 2, 5)}, "fast:1x4", "trace line 5 (A): min_gpus 3 above max_gpus 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(single_job_starts_at_arrival_on_its_fastest_type),
        cmocka_unit_test(shorter_job_goes_first_on_one_gpu),
        cmocka_unit_test(gpu_left_idle_for_a_short_job_about_to_arrive),
        cmocka_unit_test(waiting_for_a_faster_type_beats_a_free_slow_one),
        cmocka_unit_test(type_goes_to_the_job_that_gains_most_from_it),
        cmocka_unit_test(elastic_job_leaves_room_for_another),
        cmocka_unit_test(speed_is_the_better_of_one_node_and_spread),
        cmocka_unit_test(random_instances_match_the_brute_force),
        cmocka_unit_test(node_limit_returns_the_best_found_and_a_bound),
        cmocka_unit_test(more_than_twenty_jobs_is_an_error),
        cmocka_unit_test(job_no_configuration_runs_is_an_error),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
