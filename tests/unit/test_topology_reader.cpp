// Unit tests for plugin/topology/topology_reader: node topology files read
// through the built accord-topology ($ACCORD_BIN_DIR), and through fake
// programs that crash, hang or print nonsense on one file: that file gets
// the reason and the files after it are still read.
#include "cmocka_cpp.h"

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/gpu_topology_text.h"
#include "reader_test.h"
#include "sim_fixture.h"
#include "topology/topology_reader.h"

using accord::core::links_text;
using accord::topology::find_topology_program;
using accord::topology::read_topology_files;
using accord::topology::TopologyFile;
using namespace accord::test;

static std::string built_program()
{
    const char *dir = std::getenv("ACCORD_BIN_DIR");
    return std::string(dir && *dir ? dir : ".") + "/accord-topology";
}

static std::string data_file(const std::string &name) { return repo_root() + "/tests/data/topology/" + name; }

// A shell script standing in for accord-topology; returns its path.
static std::string fake_program(const std::string &name, const std::string &body)
{
    std::string path = write_file(name, "#!/bin/sh\n" + body);
    chmod(path.c_str(), 0755);
    return path;
}

static void real_program_reads_files_in_order(void **)
{
    auto files = read_topology_files(built_program(),
                                     {data_file("two-switches.xml"), g_tmpdir + "/n2.xml", data_file("snc.xml")});
    assert_int_equal(files.size(), 3);
    assert_non_null(files[0].topology.get());
    assert_string_equal(links_text(*files[0].topology).c_str(), "4 0122/1022/2201/2210");
    assert_null(files[1].topology.get());
    assert_contains(files[1].error, g_tmpdir + "/n2.xml: cannot open: No such file or directory");
    assert_int_equal(files[2].topology->gpus(), 2);
}

static void crash_costs_only_its_file(void **)
{
    // Crashes on any file named crash*, else prints a one-GPU topology.
    std::string program = fake_program(
        "crashing", "for f; do case \"$f\" in *crash*) kill -SEGV $$;; *) echo 'ok 1 0';; esac; done\n");
    auto files = read_topology_files(program, {"/a.xml", "/crash.xml", "/b.xml"});
    assert_non_null(files[0].topology.get());
    assert_contains(files[1].error, "/crash.xml: accord-topology was killed by signal 11");
    assert_non_null(files[2].topology.get());
}

static void hang_is_cut_short(void **)
{
    std::string program = fake_program(
        "hanging", "for f; do case \"$f\" in *hang*) exec sleep 60;; *) echo 'ok 1 0';; esac; done\n");
    auto files = read_topology_files(program, {"/hang.xml", "/b.xml"}, std::chrono::milliseconds(200));
    assert_contains(files[0].error, "/hang.xml: accord-topology took longer than 200 ms reading it");
    assert_non_null(files[1].topology.get());
}

static void bad_lines_are_the_files_errors(void **)
{
    std::string program = fake_program("babbling", "echo 'ok 2 01/12'; echo 'hello'; echo 'error /c.xml: gone'\n");
    auto files = read_topology_files(program, {"/a.xml", "/b.xml", "/c.xml"});
    assert_contains(files[0].error, "/a.xml: accord-topology printed a bad line (");
    assert_contains(files[1].error, "/b.xml: accord-topology printed a bad line");
    assert_string_equal(files[2].error.c_str(), "/c.xml: gone");
}

static void program_that_stops_early_costs_the_next_file(void **)
{
    // Reads one file and quits: each child settles two files.
    std::string program = fake_program("quitting", "echo 'ok 1 0'; exit 3\n");
    auto files = read_topology_files(program, {"/a.xml", "/b.xml", "/c.xml"});
    assert_non_null(files[0].topology.get());
    assert_contains(files[1].error, "/b.xml: accord-topology ended with status 3 reading it");
    assert_non_null(files[2].topology.get());
}

static void missing_program_is_every_files_error(void **)
{
    auto files = read_topology_files("/nonexistent/accord-topology", {"/a.xml", "/b.xml"});
    for (const TopologyFile &f : files)
        assert_contains(f.error, ": cannot run /nonexistent/accord-topology: No such file or directory");
}

static void program_found_in_first_dir_that_has_it(void **)
{
    std::string dir = make_subdir("bin");
    fake_program("bin/accord-topology", "true\n");
    assert_string_equal(find_topology_program({"/nonexistent", dir}).c_str(), (dir + "/accord-topology").c_str());
    assert_string_equal(find_topology_program({"/nonexistent"}).c_str(), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_program_reads_files_in_order),
        cmocka_unit_test(crash_costs_only_its_file),
        cmocka_unit_test(hang_is_cut_short),
        cmocka_unit_test(bad_lines_are_the_files_errors),
        cmocka_unit_test(program_that_stops_early_costs_the_next_file),
        cmocka_unit_test(missing_program_is_every_files_error),
        cmocka_unit_test(program_found_in_first_dir_that_has_it),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
