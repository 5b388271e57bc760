// Unit tests for core/neighbour_slowdowns, core/neighbour_table and
// core/node_neighbours: which samples count, a job compared with itself
// alone, one neighbour's family at a time, the median over users, the
// bounds, and the loss a start on a node is ranked by.
#include "cmocka_cpp.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/neighbour_slowdowns.h"
#include "core/node_neighbours.h"

using namespace accord::core;

static ThroughputSample sample(uint32_t job, const std::string &family, std::vector<std::string> neighbours,
                               double rate, int64_t time = 100, const std::string &user = "alice")
{
    ThroughputSample s;
    s.time = time;
    s.job_id = job;
    s.user = user;
    s.family = family;
    s.gpus = {{"v100", 1}};
    s.nodes = "n1";
    s.neighbours = std::move(neighbours);
    s.report = ProgressReport{ReportMetric::StepsPerSecond, rate, 1};
    return s;
}

static bool near(std::optional<double> a, double b) { return a && std::fabs(*a - b) < 1e-9; }

static void a_job_is_compared_with_itself_alone(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {}, 40, 100));
    seen.add(sample(1, "resnet", {"bert"}, 30, 200));
    seen.add(sample(2, "resnet", {"bert"}, 5, 200));  // never alone: no ratio
    const NeighbourTable &t = seen.table();
    assert_true(near(t.get("resnet", "bert"), 0.75));
    assert_int_equal(t.jobs("resnet", "bert"), 1);
    assert_false(t.get("bert", "resnet").has_value());
    assert_true(t.concerns("bert"));
}

// On a busy node: beside an unnamed job, then also beside bert (0.5),
// then beside that and two berts (the second bert: 0.8). The median of the
// run's two bert ratios counts, once.
static void rates_differing_by_one_job_measure_its_family(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {kUnnamedNeighbour}, 40, 100));
    seen.add(sample(1, "resnet", {kUnnamedNeighbour, "bert"}, 20, 200));
    seen.add(sample(1, "resnet", {kUnnamedNeighbour, "bert", "bert"}, 16, 300));
    seen.add(sample(1, "resnet", {"bert", "gpt", "vgg"}, 1, 400));  // two jobs differ from each other set
    assert_true(near(seen.table().get("resnet", "bert"), 0.65));
    assert_int_equal(seen.table().jobs("resnet", "bert"), 1);
    assert_int_equal(seen.table().size(), 1);
}

static void only_named_whole_gpu_recorded_samples_count(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {}, 40, 100));
    seen.add(sample(1, "resnet", {"bert", "bert"}, 10, 200));        // two jobs more than alone
    seen.add(sample(1, "resnet", {kUnnamedNeighbour}, 10, 300));     // family unknown
    ThroughputSample shard = sample(2, "resnet", {}, 40);
    shard.gpus.clear();  // shards: a neighbour may share its GPU
    seen.add(shard);
    ThroughputSample old_format = sample(3, "resnet", {}, 40);
    old_format.neighbours.reset();
    seen.add(old_format);
    seen.add(sample(4, "", {}, 40));
    assert_true(seen.table().empty());
}

static void a_neighbour_that_speeds_a_job_up_counts_as_none(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {}, 40, 100));
    seen.add(sample(1, "resnet", {"bert"}, 44, 200));
    assert_true(near(seen.table().get("resnet", "bert"), 1));
}

static void metrics_are_never_mixed(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {}, 40, 100));
    ThroughputSample per_sample = sample(1, "resnet", {"bert"}, 10, 200);
    per_sample.report.metric = ReportMetric::SamplesPerSecond;
    seen.add(per_sample);
    assert_true(seen.table().empty());
}

// alice's three jobs say 0.5; bob and carol say 0.9: the median over users.
static void one_user_moves_a_slowdown_only_as_one_user(void **)
{
    NeighbourSlowdowns seen;
    uint32_t job = 1;
    for (const char *user : {"alice", "alice", "alice", "bob", "carol"}) {
        double with = std::string(user) == "alice" ? 5 : 9;
        seen.add(sample(job, "resnet", {}, 10, 100, user));
        seen.add(sample(job, "resnet", {"bert"}, with, 200, user));
        job++;
    }
    assert_true(near(seen.table().get("resnet", "bert"), 0.9));
    assert_int_equal(seen.table().jobs("resnet", "bert"), 5);
}

// The latest rate of each neighbour set counts, and new samples remake the table.
static void latest_rates_count_and_the_table_follows(void **)
{
    NeighbourSlowdowns seen;
    seen.add(sample(1, "resnet", {}, 40, 100));
    seen.add(sample(1, "resnet", {"bert"}, 20, 200));
    assert_true(near(seen.table().get("resnet", "bert"), 0.5));
    seen.add(sample(1, "resnet", {"bert"}, 30, 300));
    seen.add(sample(1, "resnet", {"bert"}, 1, 250));  // older than the one counted
    assert_true(near(seen.table().get("resnet", "bert"), 0.75));
}

static void runs_and_families_kept_are_bounded(void **)
{
    NeighbourSlowdowns seen(2, 2);
    for (uint32_t job = 1; job <= 3; job++) {
        seen.add(sample(job, "resnet", {}, 10, job * 100));
        seen.add(sample(job, "resnet", {"bert"}, job == 1 ? 1 : 8, job * 100 + 50));
    }
    assert_true(near(seen.table().get("resnet", "bert"), 0.8));  // job 1's 0.1 aged out
    seen.add(sample(7, "vgg", {}, 10, 1000));
    seen.add(sample(7, "vgg", {"bert"}, 5, 1001));
    seen.add(sample(8, "lstm", {}, 10, 1002));
    seen.add(sample(8, "lstm", {"bert"}, 5, 1003));
    assert_false(seen.table().get("resnet", "bert").has_value());  // the stalest family went
    assert_true(near(seen.table().get("lstm", "bert"), 0.5));
    for (int64_t t = 0; t < 20; t++)
        seen.add(sample(9, "gru", {"n" + std::to_string(t)}, 1, 2000 + t));
    seen.add(sample(9, "gru", {}, 10, 3000));
    assert_true(near(seen.table().get("lstm", "bert"), 0.5));
    assert_int_equal(seen.table().size(), 1 + NeighbourSlowdowns::kStatesKept - 1);  // the oldest set went
}

static void table_refuses_values_outside_zero_to_one(void **)
{
    NeighbourTable t;
    t.set("a", "b", 0, 1);
    t.set("a", "b", 1.5, 1);
    t.set("a", "b", NAN, 1);
    t.set("a", "", 0.5, 1);
    t.set("a", "b", 0.5, 0);
    assert_true(t.empty());
    assert_false(t.concerns("a"));
}

// A job of a next to b and c: it keeps 0.5 x 0.8 of its speed and b loses
// 0.3 to it; c's slowdown next to a was never measured: none.
static void loss_is_own_speed_lost_plus_what_residents_lose(void **)
{
    NeighbourTable t;
    t.set("a", "b", 0.5, 1);
    t.set("a", "c", 0.8, 1);
    t.set("b", "a", 0.7, 1);
    assert_true(std::fabs(t.loss("a", {"b", "c"}) - (1 - 0.4 + 0.3)) < 1e-9);
    assert_true(std::fabs(t.loss("a", {}) - 0) < 1e-9);
    assert_true(std::fabs(t.loss("z", {"b"}) - 0) < 1e-9);
}

static PendingJob job_of(const std::string &family)
{
    PendingJob job;
    job.job_id = 9;
    job.family = family;
    return job;
}

static void node_neighbours_take_running_jobs_and_the_cycles_starts(void **)
{
    ClusterSnapshot snap;
    snap.nodes.resize(3);
    snap.neighbour_slowdowns.set("a", "b", 0.5, 1);
    snap.neighbour_slowdowns.set("a", "c", 0.95, 1);
    Resources gpu;
    gpu.gpus["v100"] = 1;
    Resources cpu_only;
    cpu_only.cpus = 4;
    snap.running.push_back({});
    snap.running.back().family = "b";
    snap.running.back().usage = {{0, gpu}, {2, cpu_only}};  // a CPU-only share is no neighbour
    NodeNeighbours n(snap);
    assert_true(n.weighs(job_of("a")));
    assert_false(n.weighs(job_of("")));
    assert_false(n.weighs(job_of("x")));
    assert_true(std::fabs(n.loss(0, job_of("a")) - 0.5) < 1e-9);
    assert_true(n.loss(1, job_of("a")) == 0);
    assert_true(n.loss(2, job_of("a")) == 0);
    n.add({{1, gpu}}, "c");
    assert_true(n.loss(1, job_of("a")) == 0);  // 0.05: under the noticeable loss
    n.add({{1, gpu}}, "b");
    assert_true(n.loss(1, job_of("a")) > 0.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_job_is_compared_with_itself_alone),
        cmocka_unit_test(rates_differing_by_one_job_measure_its_family),
        cmocka_unit_test(only_named_whole_gpu_recorded_samples_count),
        cmocka_unit_test(a_neighbour_that_speeds_a_job_up_counts_as_none),
        cmocka_unit_test(metrics_are_never_mixed),
        cmocka_unit_test(one_user_moves_a_slowdown_only_as_one_user),
        cmocka_unit_test(latest_rates_count_and_the_table_follows),
        cmocka_unit_test(runs_and_families_kept_are_bounded),
        cmocka_unit_test(table_refuses_values_outside_zero_to_one),
        cmocka_unit_test(loss_is_own_speed_lost_plus_what_residents_lose),
        cmocka_unit_test(node_neighbours_take_running_jobs_and_the_cycles_starts),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
