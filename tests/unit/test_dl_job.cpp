// Unit tests for contrib/emulator: reading a job's allocation from
// `scontrol show job -d`, the step rate rules, the checkpoint file and the
// reporter command of accord-dl-job.
#include "cmocka_cpp.h"

#include <cmath>
#include <string>
#include <vector>

#include "emulator/dl_job_options.h"
#include "emulator/job_allocation.h"
#include "emulator/progress_file.h"
#include "emulator/step_rate.h"
#include "reader_test.h"
#include "sim/input_error.h"
#include "sim/throughput_table.h"
#include "sim_fixture.h"

using namespace accord;
using accord::test::g_tmpdir;
using accord::test::g_tmpfiles;
using accord::test::write_file;

// ---- helpers --------------------------------------------------------------------

// The tiny fixture: type "fast" (A alone 10/s, B alone 4/s, A with B 6 and
// 3, A x2 18/s on one node and 12/s spread, A x2 with A x2 8/s).
static const sim::JobSpeed &tiny()
{
    static sim::ThroughputTable table = sim::ThroughputTable::load_gavel(test::fixture("tiny_pairs.json"));
    static sim::JobSpeed speed(table);
    return speed;
}

static emu::JobAllocation job(const std::string &id, std::vector<emu::NodeGpus> nodes)
{
    emu::JobAllocation a;
    a.job_id = id;
    a.nodes = std::move(nodes);
    return a;
}

static void assert_near(double got, double want)
{
    if (std::fabs(got - want) > 1e-9)
        fail_msg("got %.17g, expected %.17g", got, want);
}

template <typename F>
static std::string error_of(F f)
{
    try {
        f();
    } catch (const std::exception &e) {
        return e.what();
    }
    fail_msg("no error raised");
    return "";
}

// A detail text as Slurm 22.05 prints it (trimmed to the lines used).
static const char kTwoNodes[] =
    "JobId=42 JobName=ResNet-18 (batch size 64)\n"
    "   UserId=root(0) GroupId=root(0) MCS_label=N/A\n"
    "   JobState=RUNNING Reason=None Dependency=(null)\n"
    "   NodeList=v100-[1-2]\n"
    "   NumNodes=2 NumCPUs=16 NumTasks=2 CPUs/Task=1 ReqB:S:C:T=0:0:*:*\n"
    "     Nodes=v100-[1-2] CPU_IDs=0-7 Mem=16000 GRES=gpu:v100:4(IDX:0-3)\n"
    "   MinCPUsNode=1 MinMemoryCPU=2000M MinTmpDiskNode=0\n"
    "   TresPerNode=gres:gpu:4\n";

// ---- reading the allocation -------------------------------------------------------

static void detail_gives_name_state_and_gpus_per_node(void **)
{
    emu::JobAllocation a = emu::parse_job_detail(kTwoNodes);
    assert_string_equal(a.job_id.c_str(), "42");
    assert_string_equal(a.name.c_str(), "ResNet-18 (batch size 64)");
    assert_string_equal(a.state.c_str(), "RUNNING");
    assert_int_equal(a.nodes.size(), 2);
    assert_string_equal(a.nodes[0].node.c_str(), "v100-1");
    assert_string_equal(a.nodes[1].node.c_str(), "v100-2");
    assert_string_equal(a.nodes[1].type.c_str(), "v100");
    assert_int_equal(a.nodes[1].indices.size(), 4);
    assert_int_equal(a.gpus(), 8);
}

static void detail_reads_untyped_and_split_index_lists(void **)
{
    emu::JobAllocation a = emu::parse_job_detail(
        "JobId=7 JobName=x\n   JobState=RUNNING Reason=None\n"
        "     Nodes=t4-1 CPU_IDs=0-1 Mem=4000 GRES=gpu:3(IDX:0,2-3)\n");
    assert_int_equal(a.nodes.size(), 1);
    assert_string_equal(a.nodes[0].type.c_str(), "");
    assert_true((a.nodes[0].indices == std::vector<int>{0, 2, 3}));
}

static void detail_without_gres_holds_no_gpus(void **)
{
    emu::JobAllocation a =
        emu::parse_job_detail("JobId=8 JobName=cpu\n   JobState=PENDING\n     Nodes=cpu-1 CPU_IDs=0 Mem=2000 GRES=\n");
    assert_int_equal(a.gpus(), 0);
}

static void detail_count_and_indices_must_agree(void **)
{
    std::string e = error_of([] {
        emu::parse_job_detail("JobId=9 JobName=x\n     Nodes=a-1 CPU_IDs=0 Mem=1 GRES=gpu:a:2(IDX:0)\n");
    });
    assert_contains(e, "line 2");
    assert_contains(e, "counts 2 GPUs but lists 1");
}

static void detail_without_job_id_rejected(void **)
{
    assert_contains(error_of([] { emu::parse_job_detail("slurm_load_jobs error: Invalid job id\n"); }),
                    "no JobId= line");
}

static void hostlist_expands_ranges_and_padding(void **)
{
    assert_true((emu::expand_hostlist("v100-[1-3,5]") ==
                 std::vector<std::string>{"v100-1", "v100-2", "v100-3", "v100-5"}));
    assert_true((emu::expand_hostlist("n[09-10]") == std::vector<std::string>{"n09", "n10"}));
    assert_true((emu::expand_hostlist("k80-2") == std::vector<std::string>{"k80-2"}));
    assert_contains(error_of([] { emu::expand_hostlist("a[1-2]b[3]"); }), "one [...] group");
}

static void backwards_index_range_rejected(void **)
{
    assert_contains(error_of([] { emu::expand_index_list("3-1"); }), "runs backwards");
}

// ---- step rate ----------------------------------------------------------------------

static void alone_on_one_node_is_the_measured_rate(void **)
{
    auto rate = emu::step_rate(tiny(), "A", job("1", {{"n1", "fast", {0}}}), {});
    assert_near(rate.steps_per_second, 10.0);
    assert_contains(rate.why, "alone");
}

static void over_two_nodes_is_the_spread_rate(void **)
{
    auto rate = emu::step_rate(tiny(), "A", job("1", {{"n1", "fast", {0}}, {"n2", "fast", {3}}}), {});
    assert_near(rate.steps_per_second, 12.0);
}

static void mixed_types_run_at_the_slowest(void **)
{
    sim::ThroughputTable table = sim::ThroughputTable::load_gavel(test::shared_data("gavel/simulation_throughputs.json"));
    sim::JobSpeed speed(table);
    const std::string type = "ResNet-18 (batch size 64)";
    double v100 = *speed.steps_per_second("v100", type, 2, true);
    double k80 = *speed.steps_per_second("k80", type, 2, true);
    assert_true(k80 < v100);
    auto rate = emu::step_rate(speed, type, job("1", {{"v100-1", "v100", {0}}, {"k80-1", "k80", {0}}}), {});
    assert_near(rate.steps_per_second, k80);
    assert_contains(rate.why, "mixed types");
}

static void type_without_speed_rejected(void **)
{
    std::string e = error_of([] { emu::step_rate(tiny(), "A", job("1", {{"n1", "slow", {0}}}), {}); });
    assert_contains(e, "no measured speed for 'A' on slow");
}

static void jobs_on_other_gpus_of_the_node_do_not_slow_it(void **)
{
    std::vector<emu::Neighbour> n = {{"B", job("2", {{"n1", "fast", {1}}})}};
    assert_near(emu::step_rate(tiny(), "A", job("1", {{"n1", "fast", {0}}}), n).steps_per_second, 10.0);
}

static void same_gpus_measured_pair_uses_the_pair_rate(void **)
{
    std::vector<emu::Neighbour> n = {{"B", job("2", {{"n1", "fast", {0}}})}};
    auto rate = emu::step_rate(tiny(), "A", job("1", {{"n1", "fast", {0}}}), n);
    assert_near(rate.steps_per_second, 6.0);
    assert_contains(rate.why, "measured pair");
    assert_near(emu::step_rate(tiny(), "B", job("2", {{"n1", "fast", {0}}}), {{"A", job("1", {{"n1", "fast", {0}}})}})
                    .steps_per_second,
                3.0);
}

static void unmeasured_sharing_time_slices(void **)
{
    // C has no pair with A: A's 10/s shared with two jobs on GPU 0.
    std::vector<emu::Neighbour> n = {{"C", job("2", {{"n1", "fast", {0}}})}, {"C", job("3", {{"n1", "fast", {0}}})}};
    auto rate = emu::step_rate(tiny(), "A", job("1", {{"n1", "fast", {0}}}), n);
    assert_near(rate.steps_per_second, 10.0 / 3);
    assert_contains(rate.why, "not measured");
}

static void itself_among_neighbours_is_ignored(void **)
{
    auto mine = job("1", {{"n1", "fast", {0}}});
    assert_near(emu::step_rate(tiny(), "A", mine, {{"A", mine}}).steps_per_second, 10.0);
}

static void no_gpus_rejected(void **)
{
    assert_contains(error_of([] { emu::step_rate(tiny(), "A", job("5", {}), {}); }), "holds no GPUs");
}

// ---- checkpoint and reporter ---------------------------------------------------------

static void missing_checkpoint_is_zero_and_written_one_reads_back(void **)
{
    std::string path = g_tmpdir + "/ckpt";
    g_tmpfiles.push_back(path);
    assert_near(emu::read_progress(path), 0.0);
    emu::write_progress(path, 1234.5);
    assert_near(emu::read_progress(path), 1234.5);
    emu::write_progress(path, 2000);
    assert_near(emu::read_progress(path), 2000);
}

static void bad_checkpoint_rejected_with_file_and_field(void **)
{
    std::string bad_key = write_file("bad_key", "done 5\n");
    assert_contains(error_of([&] { emu::read_progress(bad_key); }), bad_key + ":1: field 1");
    std::string negative = write_file("negative", "steps_done -3\n");
    assert_contains(error_of([&] { emu::read_progress(negative); }), negative + ":1: field 2 (steps_done)");
    std::string extra = write_file("extra", "steps_done 3 4\n");
    assert_contains(error_of([&] { emu::read_progress(extra); }), "field 2");
}

static void report_cmd_fills_placeholders(void **)
{
    assert_string_equal(emu::expand_report_cmd("r --job {job} {done}/{total} at {rate} {x}", "17", 150, 1000, 2.5).c_str(),
                        "r --job 17 150/1000 at 2.5 {x}");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detail_gives_name_state_and_gpus_per_node),
        cmocka_unit_test(detail_reads_untyped_and_split_index_lists),
        cmocka_unit_test(detail_without_gres_holds_no_gpus),
        cmocka_unit_test(detail_count_and_indices_must_agree),
        cmocka_unit_test(detail_without_job_id_rejected),
        cmocka_unit_test(hostlist_expands_ranges_and_padding),
        cmocka_unit_test(backwards_index_range_rejected),
        cmocka_unit_test(alone_on_one_node_is_the_measured_rate),
        cmocka_unit_test(over_two_nodes_is_the_spread_rate),
        cmocka_unit_test(mixed_types_run_at_the_slowest),
        cmocka_unit_test(type_without_speed_rejected),
        cmocka_unit_test(jobs_on_other_gpus_of_the_node_do_not_slow_it),
        cmocka_unit_test(same_gpus_measured_pair_uses_the_pair_rate),
        cmocka_unit_test(unmeasured_sharing_time_slices),
        cmocka_unit_test(itself_among_neighbours_is_ignored),
        cmocka_unit_test(no_gpus_rejected),
        cmocka_unit_test(missing_checkpoint_is_zero_and_written_one_reads_back),
        cmocka_unit_test(bad_checkpoint_rejected_with_file_and_field),
        cmocka_unit_test(report_cmd_fills_placeholders),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
