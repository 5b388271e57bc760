// Unit tests for plugin/topology/hwloc_gpus: the hand-written hwloc XML
// files of tests/data/topology (README.md there) give the links they were
// written for, GPUs in PCI bus order; broken files give errors naming the
// file and the reason.
// <fstream> first: cmocka defines a fail() macro that clashes with its.
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cmocka_cpp.h"

#include "core/gpu_topology.h"
#include "sim_fixture.h"
#include "topology/hwloc_gpus.h"

using accord::core::GpuLink;
using accord::core::GpuTopology;
using accord::topology::gpu_topology_from_xml;
using accord::topology::read_gpu_topology;

static const GpuLink P = GpuLink::PciSwitch, H = GpuLink::HostBridge, N = GpuLink::NumaNode, K = GpuLink::Package,
                     M = GpuLink::Machine;

static std::string data_file(const std::string &name) { return accord::test::repo_root() + "/tests/data/topology/" + name; }

static std::string text_of(const std::string &path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

static void assert_link(const GpuTopology &t, int a, int b, GpuLink want)
{
    if (t.link(a, b) != want)
        fail_msg("GPUs %d and %d: link %d, want %d", a, b, static_cast<int>(t.link(a, b)), static_cast<int>(want));
}

// The error `read` raises, or a failed test.
template <typename Read>
static std::string error_of(const Read &read)
{
    try {
        read();
    } catch (const std::runtime_error &e) {
        return e.what();
    }
    fail_msg("read without an error");
    return "";
}

static void two_switches_pair_gpus_by_switch(void **)
{
    GpuTopology t = read_gpu_topology(data_file("two-switches.xml"));
    assert_int_equal(t.gpus(), 4);  // the BMC's VGA device is no GPU
    assert_link(t, 0, 1, P);
    assert_link(t, 2, 3, P);
    assert_link(t, 0, 2, H);
    assert_link(t, 1, 3, H);
}

static void two_sockets_numbered_by_bus_id(void **)
{
    GpuTopology t = read_gpu_topology(data_file("two-sockets.xml"));
    assert_int_equal(t.gpus(), 5);  // the NVIDIA VGA device counts
    assert_link(t, 0, 1, P);        // 1b and 1c, listed 1c first
    assert_link(t, 0, 2, N);        // 41: another host bridge, same NUMA node
    assert_link(t, 3, 4, H);        // 81 on a root port, 82 on the bridge
    assert_link(t, 2, 3, M);
    assert_link(t, 4, 0, M);
}

static void sub_numa_halves_meet_in_the_package(void **)
{
    GpuTopology t = read_gpu_topology(data_file("snc.xml"));
    assert_int_equal(t.gpus(), 2);
    assert_link(t, 0, 1, K);
}

static void missing_file_is_named(void **)
{
    std::string e = error_of([] { read_gpu_topology("/nonexistent/n1.xml"); });
    assert_contains(e, "/nonexistent/n1.xml: cannot open: No such file or directory");
}

static void directory_is_not_a_topology(void **)
{
    std::string dir = accord::test::repo_root() + "/tests/data/topology";
    std::string e = error_of([&] { read_gpu_topology(dir); });
    assert_contains(e, dir + ": cannot read: Is a directory");
}

static void text_that_is_not_xml_is_refused(void **)
{
    std::string e = error_of([] { gpu_topology_from_xml("NodeName=a100-1 Gres=gpu:4\n"); });
    assert_contains(e, "hwloc cannot read it as an XML topology");
}

static void truncated_xml_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    std::string e = error_of([&] { gpu_topology_from_xml(xml.substr(0, xml.size() / 2)); });
    assert_contains(e, "hwloc cannot read it as an XML topology");
}

static void topology_without_gpus_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    for (size_t at; (at = xml.find("pci_type=\"0302")) != std::string::npos;)
        xml.replace(at, 14, "pci_type=\"0200");  // the GPUs become NICs
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "no GPU in it");
}

static void links_that_are_no_hierarchy_are_refused(void **)
{
    // A host bridge with two more GPUs inside the first switch: they would
    // be farther apart (host bridge) than each is from GPU 0 (switch).
    std::string xml = text_of(data_file("two-switches.xml"));
    std::string gpu1 = "<object type=\"PCIDev\" gp_index=\"14\" pci_busid=\"0000:12:00.0\" "
                       "pci_type=\"0302 [10de:20b0] [10de:134f] a1\"";
    size_t at = xml.find(gpu1);
    assert_true(at != std::string::npos);
    xml.insert(at, "<object type=\"Bridge\" gp_index=\"30\" bridge_type=\"0-1\" depth=\"0\" "
                   "bridge_pci=\"0000:[12-12]\"><object type=\"PCIDev\" gp_index=\"31\" "
                   "pci_busid=\"0000:12:01.0\" pci_type=\"0302 [10de:20b0] [10de:134f] a1\"/><object type=\"PCIDev\" "
                   "gp_index=\"32\" pci_busid=\"0000:12:02.0\" pci_type=\"0302 [10de:20b0] [10de:134f] a1\"/>"
                   "</object>");
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "not a hierarchy");
}

// What hwloc 2.9 crashes on or allocates 512 MiB for is refused first
// (topology/xml_precheck.h).
static void object_without_a_set_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    size_t at = xml.find(" complete_cpuset=\"0x00000003\"");
    xml.erase(at, 29);
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "(Core) has no complete_cpuset");
}

static void damaged_attribute_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    size_t at = xml.find("complete_cpuset=\"0x0000000f\"");
    xml.replace(at, 17, "complete_cpuset=o");
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "object 1: not a tag of name=\"value\" attributes");
}

static void pu_without_os_index_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    size_t at = xml.find("type=\"PU\" os_index=\"0\"");
    xml.erase(at + 9, 13);
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "(PU) has no os_index below 1048576");
}

static void set_that_is_no_bitmap_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    size_t at = xml.find("complete_nodeset=\"0x00000001\"");
    xml.replace(at, 29, "complete_nodeset=\"0x0&000001\"");
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "object 1: complete_nodeset=\"0x0&000001\" is not a bitmap");
}

static void nul_byte_is_refused(void **)
{
    std::string xml = text_of(data_file("two-switches.xml"));
    xml[60] = '\0';
    std::string e = error_of([&] { gpu_topology_from_xml(xml); });
    assert_contains(e, "a NUL byte at offset 60");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_switches_pair_gpus_by_switch),
        cmocka_unit_test(two_sockets_numbered_by_bus_id),
        cmocka_unit_test(sub_numa_halves_meet_in_the_package),
        cmocka_unit_test(missing_file_is_named),
        cmocka_unit_test(directory_is_not_a_topology),
        cmocka_unit_test(text_that_is_not_xml_is_refused),
        cmocka_unit_test(truncated_xml_is_refused),
        cmocka_unit_test(topology_without_gpus_is_refused),
        cmocka_unit_test(links_that_are_no_hierarchy_are_refused),
        cmocka_unit_test(object_without_a_set_is_refused),
        cmocka_unit_test(damaged_attribute_is_refused),
        cmocka_unit_test(pu_without_os_index_is_refused),
        cmocka_unit_test(set_that_is_no_bitmap_is_refused),
        cmocka_unit_test(nul_byte_is_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
