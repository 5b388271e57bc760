// A check of hwloc XML text before hwloc 2.9 imports it, for what
// tests/fuzz found that import does with damaged files: it dereferences a
// null bitmap when a CPU-side object lacks one of its four sets (cpuset,
// complete_cpuset, nodeset, complete_nodeset), also when a damaged
// attribute hides one (fixed upstream in open-mpi/hwloc#783); and it
// allocates 512 MiB for a PU or NUMA node without os_index; and it keeps
// a null bitmap for a set whose text is not a bitmap, and crashes on it
// when it inserts the object. lstopo writes
// every <object> tag as name="value" attributes, with the four sets on
// every CPU-side object, bitmaps as 0x-words, and an os_index on every PU
// and NUMA node. The
// plugin still reads the files in a separate process (topology_reader.h):
// this check turns the known cases into reasons.
#pragma once

#include <string_view>

namespace accord::topology {

// Throws std::runtime_error naming the first <object> tag (by number)
// that is not a sequence of name="value" attributes, has a set that is
// not a bitmap, is of a CPU-side type (anything but Bridge, PCIDev, OSDev, Misc) and lacks one
// of the sets, or that is a PU or NUMA node without an os_index below
// 2^20.
void check_object_sets(std::string_view xml);

}  // namespace accord::topology
