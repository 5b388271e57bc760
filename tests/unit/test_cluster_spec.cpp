// Unit tests for contrib/sim/cluster_spec: TYPE:NODESxGPUS items.
#include "cmocka_cpp.h"

#include <cstring>
#include <string>

#include "sim/cluster_spec.h"
#include "sim/input_error.h"

using accord::sim::InputError;
using accord::sim::kCpusPerGpu;
using accord::sim::parse_cluster_spec;

static void spec_gives_named_nodes_with_gpus(void **)
{
    auto nodes = parse_cluster_spec("v100:2x4,k80:1x8");
    assert_int_equal(nodes.size(), 3);
    assert_string_equal(nodes[0].name.c_str(), "v100-1");
    assert_string_equal(nodes[1].name.c_str(), "v100-2");
    assert_string_equal(nodes[2].name.c_str(), "k80-1");
    assert_int_equal(nodes[0].capacity.gpus_of("v100"), 4);
    assert_int_equal(nodes[2].capacity.gpus_of("k80"), 8);
    assert_int_equal(nodes[2].capacity.cpus, 8 * kCpusPerGpu);
    assert_int_equal(nodes[2].free.gpus_of("k80"), 8);
}

static void rejected(const char *spec, const char *named)
{
    try {
        parse_cluster_spec(spec);
        fail_msg("'%s' was accepted", spec);
    } catch (const InputError &e) {
        if (!std::strstr(e.what(), named))
            fail_msg("error '%s' does not name '%s'", e.what(), named);
    }
}

static void bad_items_are_named(void **)
{
    rejected("v100", "'v100'");
    rejected("v100:2", "'v100:2'");
    rejected(":2x4", "':2x4'");
    rejected("v100:0x4", "'0'");
    rejected("v100:2x0", "'0'");
    rejected("v100:ax4", "'a'");
    rejected("v100:2x4,k80:1xz", "'k80:1xz'");
}

static void empty_spec_is_an_error(void **)
{
    rejected("", "names no nodes");
}

// Fuzzing found that many items of 100,000 nodes each made the parser
// allocate gigabytes: the whole spec is bounded.
static void spec_is_bounded_in_nodes(void **)
{
    assert_int_equal(parse_cluster_spec("a:60000x1,b:40000x1").size(), 100000);
    rejected("a:60000x1,b:40000x1,c:1x1", "'c:1x1': more than 100000 nodes");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spec_gives_named_nodes_with_gpus),
        cmocka_unit_test(bad_items_are_named),
        cmocka_unit_test(empty_spec_is_an_error),
        cmocka_unit_test(spec_is_bounded_in_nodes),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
