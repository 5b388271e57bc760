// Reads node topology files through the accord-topology program, in child
// processes: hwloc's XML import can crash on a damaged file (xml_precheck.h
// turns the known case into a reason; others may exist), and slurmctld must
// not. Files are given to one child in batches; when the child dies or
// hangs on a file, that file gets the reason and a new child goes on with
// the next. Slurm-free and hwloc-free: the plugin links neither hwloc nor
// the reader's XML code.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/gpu_topology.h"

namespace accord::topology {

constexpr const char *kTopologyProgram = "accord-topology";

// One file's topology, or why there is none (a line naming the file).
struct TopologyFile {
    std::shared_ptr<const core::GpuTopology> topology;
    std::string error;
};

// Where accord-topology is looked for, first hit wins: the directory of
// the shared object holding this code (an install with both side by side),
// its parent (a build tree: .libs/..), then the installed sbindir.
std::vector<std::string> topology_program_dirs();

// The path of accord-topology in the first of `dirs` that has it as an
// executable, or "".
std::string find_topology_program(const std::vector<std::string> &dirs);

// Reads each of `paths` with `program` (accord-topology's command line and
// output, accord-topology(8)). A file on which the program crashes, takes
// longer than `per_file`, or prints a line not of that form gets the
// reason; one it cannot start gives every file the reason.
std::vector<TopologyFile> read_topology_files(const std::string &program, const std::vector<std::string> &paths,
                                              std::chrono::milliseconds per_file = std::chrono::seconds(10));

}  // namespace accord::topology
