// Unit tests for contrib/sim/alibaba_cluster: Alibaba PAI's machine list as a
// scaled-down cluster spec (the real file under ../shared/data and hand-made
// ones).
#include "cmocka_cpp.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "reader_test.h"
#include "sim/alibaba_cluster.h"
#include "sim/cluster_spec.h"
#include "sim/input_error.h"
#include "sim_fixture.h"

using accord::sim::alibaba_cluster_spec;
using accord::sim::ScaledCluster;
using accord::test::write_file;

static const std::vector<std::string> kGavelTypes = {"k80", "p100", "v100"};
static const std::vector<std::string> kSiaTypes = {"a100", "rtx2080ti", "t4"};

static std::string pai() { return accord::test::shared_data("alibaba/gpu-v2020/pai_machine_spec.csv"); }

static ScaledCluster scaled(const std::string &path, double factor, const std::vector<std::string> &types)
{
    try {
        return alibaba_cluster_spec(path, factor, types);
    } catch (const accord::sim::InputError &e) {
        fail_msg("reading %s failed: %s", path.c_str(), e.what());
    }
    return {};
}

static bool has_note(const ScaledCluster &c, const std::string &note)
{
    for (const std::string &n : c.notes)
        if (n == note)
            return true;
    return false;
}

static const std::string kHeader = "machine,gpu_type,cap_cpu,cap_mem,cap_gpu\n";

// ---- the real machine list -------------------------------------------------------------

// PAI: 798 P100 x2, 497 T4 x2, 104 V100 x8 + 135 V100M32 x8, 280 MISC x8, 83 CPU.
static void pai_for_gavel_types(void **)
{
    ScaledCluster c = scaled(pai(), 10, kGavelTypes);
    assert_string_equal(c.spec.c_str(), "p100:80x2,v100:24x8");  // 79.8 -> 80, 23.9 -> 24
    assert_int_equal(c.notes.size(), 5);
    assert_true(has_note(c, "CPU: 83 machines of 0 GPUs dropped: no GPUs"));
    assert_true(has_note(c, "MISC: 280 machines of 8 GPUs dropped: no table name for PAI's GPU model 'MISC'"));
    assert_true(has_note(c, "T4: 497 machines of 2 GPUs dropped: the throughput table has no t4"));
    assert_true(has_note(c, "v100: 239 machines of 8 GPUs (V100 + V100M32) -> 24 nodes"));
    assert_int_equal(accord::sim::parse_cluster_spec(c.spec).size(), 104);
}

static void pai_for_sia_types(void **)
{
    ScaledCluster c = scaled(pai(), 10, kSiaTypes);
    assert_string_equal(c.spec.c_str(), "t4:50x2");  // 49.7 -> 50
    assert_true(has_note(c, "V100M32: 135 machines of 8 GPUs dropped: the throughput table has no v100"));
}

static void every_type_keeps_a_node(void **)
{
    assert_string_equal(scaled(pai(), 1000, kGavelTypes).spec.c_str(), "p100:1x2,v100:1x8");  // 0.8, 0.239
    assert_string_equal(scaled(pai(), 1, kGavelTypes).spec.c_str(), "p100:798x2,v100:239x8");
}

static void halves_round_away_from_zero(void **)
{
    std::string path = write_file("halves.csv", kHeader + "a,P100,8,8,2\nb,P100,8,8,2\n" +
                                                    "c,V100,8,8,8\nd,V100,8,8,8\ne,V100,8,8,8\n"
                                                    "f,V100,8,8,8\ng,V100,8,8,8\nh,V100,8,8,8\n");
    assert_string_equal(scaled(path, 4, kGavelTypes).spec.c_str(), "p100:1x2,v100:2x8");  // 0.5 -> 1, 1.5 -> 2
}

// ---- bad input --------------------------------------------------------------------------

static void bad_rows_named(void **)
{
    auto read = [](const std::string &path) { alibaba_cluster_spec(path, 10, kGavelTypes); };
    accord::test::expect_input_error(read, "word.csv", kHeader + "a,P100,8,8,two\n",
                                     {"word.csv:2: field 5 (cap_gpu): 'two' is not a whole number"});
    accord::test::expect_input_error(read, "many.csv", kHeader + "a,P100,8,8,65\n",
                                     {"many.csv:2: field 5 (cap_gpu): '65' must be in [0, 64]"});
    accord::test::expect_input_error(read, "type.csv", kHeader + "a,P100,8,8,2\nb,,8,8,2\n",
                                     {"type.csv:3: field 2 (gpu_type): '' is empty"});
    accord::test::expect_input_error(read, "shapes.csv", kHeader + "a,V100,8,8,8\nb,V100M32,8,8,4\n",
                                     {"shapes.csv:3: field 5 (cap_gpu): '4' differs from the 8 GPUs of the v100 "
                                      "machine on line 2"});
    accord::test::expect_input_error(read, "none_known.csv", kHeader + "a,T4,8,8,2\na,MISC,8,8,8\n",
                                     {"none_known.csv: no machine has a GPU type the throughput table knows"});
    accord::test::expect_input_error(read, "no_gpu_col.csv", "machine,gpu_type\na,P100\n",
                                     {"no_gpu_col.csv:1: missing column 'cap_gpu'"});
}

static void scale_below_one_rejected(void **)
{
    try {
        alibaba_cluster_spec(pai(), 0.5, kGavelTypes);
    } catch (const std::invalid_argument &) {
        return;
    }
    fail_msg("a scale-down factor of 0.5 was accepted");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pai_for_gavel_types),
        cmocka_unit_test(pai_for_sia_types),
        cmocka_unit_test(every_type_keeps_a_node),
        cmocka_unit_test(halves_round_away_from_zero),
        cmocka_unit_test(bad_rows_named),
        cmocka_unit_test(scale_below_one_rejected),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
