// Unit tests for contrib/sim/sia_application, sia_step_time and sia_profiles:
// Sia's profiles as a throughput table. A hand-made application ("toy") pins
// every lookup and accumulation rule with values worked out by hand; the real
// profiles under ../shared/data/sia/profiles are checked against values
// computed from their rows (derivations in the comments).
#include "cmocka_cpp.h"

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reader_test.h"
#include "sim/input_error.h"
#include "sim/sia_application.h"
#include "sim/sia_profiles.h"
#include "sim/sia_step_time.h"
#include "sim_fixture.h"

using accord::sim::InputError;
using accord::sim::SiaApplication;
using accord::sim::SiaCluster;
using accord::sim::SiaProfiles;
using accord::sim::SiaStepTimes;
using accord::sim::StepSync;
using accord::sim::ThroughputTable;
using accord::test::g_tmpdir;
using accord::test::make_subdir;
using accord::test::write_file;

// ---- helpers --------------------------------------------------------------------

static void assert_near(double got, double want)
{
    if (std::fabs(got - want) > 1e-9 * std::max(1.0, std::fabs(want)))
        fail_msg("got %.17g, expected %.17g", got, want);
}

static void assert_value(std::optional<double> got, double want)
{
    if (!got)
        fail_msg("no value, expected %.17g", want);
    assert_near(*got, want);
}

static void assert_times(std::optional<StepSync> got, double step, double sync)
{
    if (!got)
        fail_msg("no step time, expected (%.17g, %.17g)", step, sync);
    assert_near(got->step_s, step);
    assert_near(got->sync_s, sync);
}

// The InputError `act` raises; fails the test when it raises none.
static std::string error_of(const std::function<void()> &act)
{
    try {
        act();
    } catch (const InputError &e) {
        return e.what();
    }
    fail_msg("expected an InputError");
    return "";
}

static std::string profiles_dir() { return accord::test::shared_data("sia/profiles"); }

// ---- the toy application --------------------------------------------------------------
// validation: B0 = 10, two epochs (validation-40 has a third, ignored).
//   P(1) = min(100, 101, 110) = 100, P(2) = min(200, 201, 210) = 200.
//   iterations(10) = 100 + 100 (gain 1 at B0) = 200
//   iterations(20): scale 2; epoch 0 (sqr 1, var 1): gain 2 / (0.5 + 1) = 4/3 -> 75;
//                   epoch 1 (sqr 1, var 3): gain 4 / (1.5 + 1) = 1.6 -> 62.5; sum 137.5
//   iterations(40): epoch 0 (0, 0): denominator 0 -> gain 1 -> 100; epoch 1 (1, 0): gain 1 -> 100
// placements and scalability of cluster "x":
//   "21" is stored as its smallest rotation "12"; group (2,4) = mean of "13" and
//   "22" at 10 = (2.5, 1.5), plus the scalability row at 20 (the one at 10 is
//   ignored: the placements have it); (4,8) at 10 averages two rows: (5, 3);
//   the 20-node row counts as 16 nodes: (16, 20).

static std::string g_toy;

static int make_toy(void **state)
{
    if (accord::test::make_tmpdir(state))
        return -1;
    g_toy = make_subdir("toy");
    const std::string v = "progress,iteration,metric,grad_sqr,grad_var\n";
    write_file("toy/validation-10.csv", v + "100,100,0.5,1,1\n200,200,0.6,1,3\n");
    write_file("toy/validation-20.csv", v + "101,75,0.5,1,1\n201,138,0.6,1,3\n");
    write_file("toy/validation-40.csv", v + "110,50,0.5,0,0\n210,100,0.6,1,0\n300,150,0.7,1,0\n");
    write_file("toy/placements-x.csv",
               "placement,local_bsz,step_time,sync_time\n"
               "1,10,1.0,0.25\n1,20,1.5,0.25\n2,10,1.2,0.2\n2,20,2.2,0.2\n11,10,1.5,0.5\n11,20,2.5,0.5\n"
               "21,10,1.6,0.6\n13,10,2.0,1.0\n22,10,3.0,2.0\n");
    write_file("toy/scalability-x.csv",
               "local_bsz,step_time,sync_time,num_nodes,num_replicas\n"
               "10,99,1,2,4\n20,5.0,2.0,2,4\n10,4.5,2.5,2,6\n20,7.0,3.0,2,6\n30,8.0,3.0,2,6\n"
               "10,2.0,1.0,4,4\n10,4.0,3.0,4,8\n10,6.0,3.0,4,8\n10,8.0,4.0,20,20\n");
    return 0;
}

static const SiaStepTimes &toy_times()
{
    static std::optional<SiaStepTimes> t;
    if (!t)
        t = SiaStepTimes::read(g_toy, "x");
    return *t;
}

static const SiaCluster kToyCluster = {"x", "toy", 2, 4};

static SiaProfiles toy_profiles() { return SiaProfiles::load(g_tmpdir, {kToyCluster}, {"toy"}); }

static void toy_progress_and_iterations(void **)
{
    SiaApplication app = SiaApplication::read(g_toy);
    assert_string_equal(app.name().c_str(), "toy");
    assert_int_equal(app.batch_sizes().size(), 3);
    assert_int_equal(app.init_batch_size(), 10);
    assert_int_equal(app.max_batch_size(), 40);
    assert_int_equal(app.epochs(), 2);
    assert_near(app.total_progress(), 200);
    assert_value(app.iterations(10), 200);
    assert_value(app.iterations(20), 137.5);
    assert_value(app.iterations(40), 200);
    assert_false(app.iterations(30).has_value());
}

static void rule1_profiled_placement_interpolates_in_local_batch(void **)
{
    assert_times(toy_times().at({1, 1}, 15), 2.0, 0.5);
    assert_times(toy_times().at({1}, 20), 1.5, 0.25);
    assert_times(toy_times().at({1, 2}, 10), 1.6, 0.6);  // file row "21"
    assert_times(toy_times().at({2, 1}, 10), 1.6, 0.6);  // any rotation
    assert_false(toy_times().at({1}, 25).has_value());   // beyond the placement's rows
    assert_false(toy_times().at({1}, 5).has_value());
}

static void rule2_node_and_replica_counts(void **)
{
    assert_times(toy_times().at({1, 1, 1, 1}, 10), 2.0, 1.0);
    std::vector<int> twenty(20, 1);
    assert_times(toy_times().at(twenty, 10), 8.0, 4.0);  // 20 nodes count as 16, in the file and here
}

static void rule3_interpolates_in_replicas(void **)
{
    // (2 nodes, 5 GPUs) between (2,4) and (2,6): at 10, (2.5,1.5) and (4.5,2.5)
    // (the ignored scalability row would give 99); at 20, (5,2) and (7,3).
    assert_times(toy_times().at({2, 3}, 10), 3.5, 2.0);
    assert_times(toy_times().at({2, 3}, 20), 6.0, 2.5);
    assert_false(toy_times().at({2, 3}, 25).has_value());  // (2,4) stops at 20
    assert_int_equal(*toy_times().max_local_bsz({2, 3}), 20);
}

static void rule4_takes_the_next_node_count(void **)
{
    // (3 nodes, 6 GPUs): no 3-node rows; at 4 nodes between (4,4) = (2,1)
    // and (4,8) = mean of (4,3) and (6,3).
    assert_times(toy_times().at({2, 2, 2}, 10), 3.5, 2.0);
}

static void rule5_uncovered_layout_has_no_time(void **)
{
    assert_false(toy_times().at({1, 1, 1}, 10).has_value());
    assert_false(toy_times().max_local_bsz({1, 1, 1}).has_value());
    assert_false(toy_times().iteration_s({1, 1, 1}, 30, 10, 1000).has_value());
    assert_int_equal(toy_times().min_local_bsz(), 10);
}

static void iteration_time_accumulates_as_sia(void **)
{
    const SiaStepTimes &t = toy_times();
    assert_value(t.iteration_s({1}, 10, 10, 1000), 1.0);   // B = B0: one step of 10
    assert_value(t.iteration_s({1}, 20, 10, 1000), 1.75);  // one GPU above B0: 2 x 10, 1.0 + (1.0 - 0.25)
    assert_value(t.iteration_s({1}, 40, 10, 1000), 2.75);  // 40 > max 20: 2 x 20, 1.5 + 1.25
    // 50: accum 2, atomic ceil(50 / 3) = 17: step 1.35, sync 0.25 -> 1.35 + 2 x 1.1
    assert_value(t.iteration_s({1}, 50, 10, 1000), 3.55);
    // max_batch_size 45 caps atomic at 45 / 3 = 15: 1.25 + 2 x 1.0
    assert_value(t.iteration_s({1}, 50, 10, 45), 3.25);
    assert_value(t.iteration_s({1, 1}, 30, 10, 1000), 2.0);  // 15 per GPU
    assert_false(t.iteration_s({1, 1}, 10, 10, 1000).has_value());  // 5 per GPU < 10 profiled
}

static void fixed_batch_rate_is_work_over_time(void **)
{
    SiaProfiles p = toy_profiles();
    assert_value(p.fixed_batch_rate("toy", "x", {1}, 10), 200 / (200 * 1.0));
    assert_value(p.fixed_batch_rate("toy", "x", {1}, 20), 200 / (137.5 * 1.75));
    assert_value(p.fixed_batch_rate("toy", "x", {2}, 20), 200 / (137.5 * 1.2));
    assert_false(p.fixed_batch_rate("toy", "x", {2}, 10).has_value());
    assert_false(p.fixed_batch_rate("toy", "y", {1}, 10).has_value());
    assert_int_equal(p.min_local_bsz("toy"), 10);
}

static void table_plateaus_beyond_the_profiles(void **)
{
    ThroughputTable t = toy_profiles().throughput_table();
    // Batch 10 runs only on one GPU (5 per GPU is below the profiles): every
    // larger count and layout gets that one-GPU rate.
    for (int gpus : {2, 3, 4})
        assert_value(t.isolated("toy", "toy (batch size 10)", gpus, true), 1.0);
    assert_value(t.isolated("toy", "toy (batch size 10)", 2, false), 1.0);
    assert_false(t.isolated("toy", "toy (batch size 10)", 3, false).has_value());  // 2 GPUs per node
    assert_false(t.isolated("toy", "toy (batch size 10)", 1, true).has_value());   // one GPU is not spread
    assert_false(t.isolated("toy", "toy (batch size 10)", 5, true).has_value());   // max_gpus 4
    // Batch 20: 3 GPUs ("12", 7 per GPU) is uncovered: the fastest of fewer, "2".
    assert_value(t.isolated("toy", "toy (batch size 20)", 2, true), 200 / (137.5 * 1.5));
    assert_value(t.isolated("toy", "toy (batch size 20)", 3, true), 200 / (137.5 * 1.2));
}

static void adaptive_entry_is_the_best_batch(void **)
{
    ThroughputTable t = toy_profiles().throughput_table();
    assert_value(t.isolated("toy", "toy", 1, false), 1.0);                  // batch 10
    assert_value(t.isolated("toy", "toy", 2, false), 200 / (137.5 * 1.2));  // batch 20
    // 4 GPUs spread ("22") is covered only at batch 40: 10 per GPU, step 3.0.
    // A covered value stands even when fewer GPUs were faster.
    assert_value(t.isolated("toy", "toy", 4, true), 200 / (200 * 3.0));
    assert_value(t.isolated("toy", "toy (batch size 40)", 4, true), 200 / (200 * 3.0));
    assert_value(t.isolated("toy", "toy", 3, true), 200 / (137.5 * 1.2));   // plateau
}

// ---- layouts, names and cluster lists ---------------------------------------------------

static void layouts_even_and_ascending(void **)
{
    using V = std::vector<int>;
    assert_true(accord::sim::sia_layout(5, 8, false) == V({5}));
    assert_true(accord::sim::sia_layout(2, 4, true) == V({1, 1}));
    assert_true(accord::sim::sia_layout(7, 8, true) == V({3, 4}));
    assert_true(accord::sim::sia_layout(16, 8, true) == V({8, 8}));
    assert_true(accord::sim::sia_layout(17, 4, true) == V({3, 3, 3, 4, 4}));
    assert_true(accord::sim::sia_layout(24, 4, true) == V({4, 4, 4, 4, 4, 4}));
}

static void job_type_names_and_slowdowns(void **)
{
    assert_string_equal(accord::sim::sia_job_type("cifar10", 2048).c_str(), "cifar10 (batch size 2048)");
    assert_near(accord::sim::sia_slowdown("cifar10"), 1.8);
    assert_near(accord::sim::sia_slowdown("ncf"), 1.5);
    assert_near(accord::sim::sia_slowdown("bert"), 1.2);
    assert_near(accord::sim::sia_slowdown("toy"), 1.0);
}

static void cluster_lists_parsed(void **)
{
    auto c = accord::sim::parse_sia_clusters("aws,rtx,dgx-ext");
    assert_int_equal(c.size(), 3);
    assert_string_equal(c[0].gpu_type.c_str(), "t4");
    assert_int_equal(c[0].gpus_per_node, 4);
    assert_string_equal(c[1].gpu_type.c_str(), "rtx2080ti");
    assert_string_equal(c[2].gpu_type.c_str(), "a100");
    assert_int_equal(c[2].gpus_per_node, 8);
    c = accord::sim::parse_sia_clusters("quad=rtx6000,dgx=a100_dgx,dgx-ext");
    assert_string_equal(c[0].gpu_type.c_str(), "rtx6000");
    assert_string_equal(c[1].gpu_type.c_str(), "a100_dgx");
}

static void bad_cluster_lists_rejected(void **)
{
    using accord::sim::parse_sia_clusters;
    assert_contains(error_of([] { parse_sia_clusters("aws,gcp"); }), "Sia cluster 'gcp'");
    assert_contains(error_of([] { parse_sia_clusters("dgx,dgx-ext"); }), "GPU type 'a100' given to two");
    assert_contains(error_of([] { parse_sia_clusters("aws,aws=t4b"); }), "'aws' named twice");
    assert_contains(error_of([] { parse_sia_clusters("aws="); }), "empty GPU type");
    assert_contains(error_of([] { parse_sia_clusters(""); }), "names no cluster");
    assert_contains(error_of([] { SiaProfiles::load(g_tmpdir, {kToyCluster, {"x", "toy", 4, 8}}, {"toy"}); }),
                    "GPU type 'toy' given to two");
}

// ---- the real profiles ---------------------------------------------------------------

static void cifar10_work_from_its_validation_runs(void **)
{
    SiaApplication app = SiaApplication::read(profiles_dir() + "/cifar10");
    assert_int_equal(app.epochs(), 100);
    assert_int_equal(app.init_batch_size(), 128);
    assert_int_equal(app.max_batch_size(), 4096);
    assert_int_equal(app.batch_sizes().size(), 6);
    // The smallest progress after epoch 100 is validation-256's last row.
    assert_near(app.total_progress(), 39062.90816659533);
    assert_value(app.iterations(128), 39062.90816659533);
    assert_value(app.iterations(2048), 3343.146629701734);  // measured: 3178 iterations
    SiaApplication bert = SiaApplication::read(profiles_dir() + "/bert");
    assert_int_equal(bert.epochs(), 2);
    assert_near(bert.total_progress(), 14774);
}

static void aws_step_times_are_the_rows(void **)
{
    SiaStepTimes t = SiaStepTimes::read(profiles_dir() + "/cifar10", "aws");
    assert_times(t.at({1}, 32), 0.0427886962890625, 0.0004995360016822816);
    assert_times(t.at({1}, 38.5), (0.0427886962890625 + 0.05048525333404541) / 2,
                 (0.0004995360016822816 + 0.000504022404551506) / 2);
    assert_int_equal(*t.max_local_bsz({1}), 1024);
    assert_int_equal(t.min_local_bsz(), 32);
    // dgx's imagenet scalability writes local_bsz as "20.0".
    SiaStepTimes dgx = SiaStepTimes::read(profiles_dir() + "/imagenet", "dgx");
    assert_int_equal(dgx.min_local_bsz(), 20);
}

static const SiaProfiles &sia_setup()
{
    static std::optional<SiaProfiles> p;
    if (!p)
        p = SiaProfiles::load(profiles_dir(), accord::sim::parse_sia_clusters("aws,rtx,dgx-ext"));
    return *p;
}

static void real_rates_by_hand(void **)
{
    // One T4, batch 2048: 2048 > 1024 profiled and > B0 -> 2 steps of 1024:
    // step 0.7020925283432007, sync 0.0005468864023685456 ->
    // 0.7020925283432007 + 0.7015456419408322 = 1.4036381702840328 s;
    // 39062.90816659533 / (3343.146629701734 x 1.4036381702840328).
    assert_value(sia_setup().fixed_batch_rate("cifar10", "aws", {1}, 2048), 8.324419880399477);
    assert_value(sia_setup().fixed_batch_rate("cifar10", "rtx", {8}, 4096), 100.79738478176522);
    assert_value(sia_setup().fixed_batch_rate("cifar10", "dgx-ext", {8, 8}, 4096), 375.5931599160612);
    // 15 GPUs on 5 T4 nodes: aws profiles no 5-node run; rule 4 charges it at
    // 6 nodes, between (6,14) and (6,16).
    assert_value(sia_setup().fixed_batch_rate("cifar10", "aws", {3, 3, 3, 3, 3}, 2048), 65.98313040082516);
    // 24 GPUs on 6 nodes: the scalability row (6, 24).
    assert_value(sia_setup().fixed_batch_rate("cifar10", "aws", {4, 4, 4, 4, 4, 4}, 4096), 81.63128489784079);
}

static void sia_table_calibrated_entries(void **)
{
    ThroughputTable t = sia_setup().throughput_table();
    std::vector<std::string> types = t.gpu_types();
    assert_int_equal(types.size(), 3);
    assert_string_equal(types[0].c_str(), "a100");
    assert_string_equal(types[2].c_str(), "t4");
    assert_int_equal(t.job_types().size(), 46);  // 40 validated batch sizes + 6 applications
    assert_value(t.isolated("t4", "cifar10 (batch size 2048)", 1), 8.324419880399477 / 1.8);
    assert_value(t.isolated("rtx2080ti", "cifar10 (batch size 4096)", 8), 100.79738478176522 / 1.8);
    assert_value(t.isolated("a100", "cifar10 (batch size 4096)", 16, true), 375.5931599160612 / 1.8);
    assert_value(t.isolated("t4", "cifar10 (batch size 4096)", 24, true), 81.63128489784079 / 1.8);
    ThroughputTable raw = sia_setup().throughput_table(false);
    assert_value(raw.isolated("t4", "cifar10 (batch size 2048)", 1), 8.324419880399477);
}

static void sia_table_adaptive_is_the_fastest_batch(void **)
{
    ThroughputTable t = sia_setup().throughput_table();
    const SiaApplication *app = sia_setup().application("cifar10");
    assert_non_null(app);
    for (int gpus : {1, 4, 8}) {
        double best = 0;
        for (int b : app->batch_sizes())
            if (auto r = t.isolated("rtx2080ti", accord::sim::sia_job_type("cifar10", b), gpus))
                best = std::max(best, *r);
        assert_value(t.isolated("rtx2080ti", "cifar10", gpus), best);
    }
}

// ---- bad profiles ----------------------------------------------------------------------

static void bad_validation_files_named(void **)
{
    const std::string v = "progress,iteration,metric,grad_sqr,grad_var\n";
    make_subdir("falls");
    write_file("falls/validation-8.csv", v + "100,1,0,1,1\n90,2,0,1,1\n");
    assert_contains(error_of([] { SiaApplication::read(g_tmpdir + "/falls"); }),
                    "falls/validation-8.csv:3: field 1 (progress): '90' is below the previous epoch's progress");
    make_subdir("negative");
    write_file("negative/validation-8.csv", v + "100,1,0,1,-2\n");
    assert_contains(error_of([] { SiaApplication::read(g_tmpdir + "/negative"); }),
                    "negative/validation-8.csv:2: field 5 (grad_var): '-2' must be >= 0");
    make_subdir("empty_run");
    write_file("empty_run/validation-8.csv", v);
    assert_contains(error_of([] { SiaApplication::read(g_tmpdir + "/empty_run"); }), "validation-8.csv: no epochs");
    make_subdir("none");
    write_file("none/placements-x.csv", "placement,local_bsz,step_time,sync_time\n1,1,1,0\n");
    assert_contains(error_of([] { SiaApplication::read(g_tmpdir + "/none"); }),
                    "none: no validation-<batch size>.csv file");
    assert_contains(error_of([] { SiaApplication::read(g_tmpdir + "/absent"); }), "absent: cannot list");
}

// Writes placements-CLUSTER.csv (rows after the header) and a valid
// scalability file, and returns the error reading them raises.
static std::string placements_error(const std::string &cluster, const std::string &rows)
{
    write_file("toy/placements-" + cluster + ".csv", "placement,local_bsz,step_time,sync_time\n" + rows);
    write_file("toy/scalability-" + cluster + ".csv", "num_nodes,num_replicas,local_bsz,step_time,sync_time\n");
    return error_of([&] { SiaStepTimes::read(g_toy, cluster); });
}

static void bad_placements_named(void **)
{
    assert_contains(placements_error("zero", "1,8,1,0\n10,8,1,0\n"),
                    "placements-zero.csv:3: field 1 (placement): '10' is not GPUs per node");
    assert_contains(placements_error("sync", "1,8,1.0,1.5\n"),
                    "placements-sync.csv:2: field 4 (sync_time): '1.5' exceeds the step_time of its row");
    assert_contains(placements_error("step", "1,8,0,0\n"), "placements-step.csv:2: field 3 (step_time): '0' must be > 0");
    assert_contains(placements_error("bsz", "1,0.5,1,0\n"), "placements-bsz.csv:2: field 2 (local_bsz): '0.5' is not a whole number");
    assert_contains(placements_error("dup", "1,8,1,0\n1,8,2,0\n"),
                    "placements-dup.csv:3: field 2 (local_bsz): '8' repeats an earlier row of placement 1");
    assert_contains(placements_error("none", ""), "placements-none.csv: no rows");
    assert_contains(error_of([] { SiaStepTimes::read(g_toy, "absent"); }), "placements-absent.csv: cannot open");
}

static void bad_scalability_named(void **)
{
    write_file("toy/placements-sc.csv", "placement,local_bsz,step_time,sync_time\n1,8,1,0\n");
    write_file("toy/scalability-sc.csv", "num_nodes,num_replicas,local_bsz,step_time,sync_time\n4,2,8,1,0\n");
    assert_contains(error_of([] { SiaStepTimes::read(g_toy, "sc"); }),
                    "scalability-sc.csv:2: field 2 (num_replicas): '2' is below num_nodes");
    write_file("toy/placements-sc2.csv", "placement,local_bsz,step_time,sync_time\n1,8,1,0\n");
    write_file("toy/scalability-sc2.csv", "num_nodes,local_bsz,step_time,sync_time\n");
    assert_contains(error_of([] { SiaStepTimes::read(g_toy, "sc2"); }),
                    "scalability-sc2.csv:1: missing column 'num_replicas'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(toy_progress_and_iterations),
        cmocka_unit_test(rule1_profiled_placement_interpolates_in_local_batch),
        cmocka_unit_test(rule2_node_and_replica_counts),
        cmocka_unit_test(rule3_interpolates_in_replicas),
        cmocka_unit_test(rule4_takes_the_next_node_count),
        cmocka_unit_test(rule5_uncovered_layout_has_no_time),
        cmocka_unit_test(iteration_time_accumulates_as_sia),
        cmocka_unit_test(fixed_batch_rate_is_work_over_time),
        cmocka_unit_test(table_plateaus_beyond_the_profiles),
        cmocka_unit_test(adaptive_entry_is_the_best_batch),
        cmocka_unit_test(layouts_even_and_ascending),
        cmocka_unit_test(job_type_names_and_slowdowns),
        cmocka_unit_test(cluster_lists_parsed),
        cmocka_unit_test(bad_cluster_lists_rejected),
        cmocka_unit_test(cifar10_work_from_its_validation_runs),
        cmocka_unit_test(aws_step_times_are_the_rows),
        cmocka_unit_test(real_rates_by_hand),
        cmocka_unit_test(sia_table_calibrated_entries),
        cmocka_unit_test(sia_table_adaptive_is_the_fastest_batch),
        cmocka_unit_test(bad_validation_files_named),
        cmocka_unit_test(bad_placements_named),
        cmocka_unit_test(bad_scalability_named),
    };
    return cmocka_run_group_tests(tests, make_toy, accord::test::remove_tmpdir);
}
