// A node's GPU topology from an hwloc XML export (`lstopo --of xml`): the
// only code that includes hwloc.h. GPUs are the PCI devices of class 3D
// controller, or VGA, other display or processing accelerator made by
// NVIDIA, AMD or Intel (a BMC's VGA device is not one), numbered by PCI
// bus id: Slurm numbers a node's GPUs in the natural order of their
// gres.conf File= names (or of AutoDetect's Links, in PCI bus order), which
// is PCI bus order when the device files are (docs/admin-guide.md). Two
// GPUs are as close as the object where their paths up the tree meet: a
// PCI bridge (a switch or root port), a host bridge, then a CPU-side
// object local to one NUMA node, inside one package, or the machine.
#pragma once

#include <string>
#include <string_view>

#include "core/gpu_topology.h"

namespace accord::topology {

// Most bytes of an XML file read_gpu_topology() reads.
constexpr size_t kMaxXmlBytes = 16 << 20;

// From the XML text. Throws std::runtime_error saying what is wrong: not
// an XML topology hwloc reads, no GPU in it, too many GPUs, links that are
// no hierarchy.
core::GpuTopology gpu_topology_from_xml(std::string_view xml);

// From the file at `path`; the error names the file and the reason
// (missing, unreadable, larger than kMaxXmlBytes, or the above).
core::GpuTopology read_gpu_topology(const std::string &path);

}  // namespace accord::topology
