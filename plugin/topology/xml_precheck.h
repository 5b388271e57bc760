// A check of hwloc XML text before hwloc 2.9 imports it, for what
// tests/fuzz found that import does with damaged files:
//  - a NUL byte in the text: it reads on and dereferences a null pointer;
//  - a CPU-side object without one of its four sets (cpuset,
//    complete_cpuset, nodeset, complete_nodeset), also when a damaged
//    attribute hides one: it dereferences a null bitmap (fixed upstream in
//    open-mpi/hwloc#783);
//  - a set whose text is not a bitmap: it keeps a null bitmap and crashes
//    when it inserts the object;
//  - a PU or NUMA node without os_index: it numbers it 2^32 - 1 and
//    allocates a 512 MiB bitmap.
// lstopo writes every <object> tag as name="value" attributes, the four
// sets as 0x-words on every CPU-side object and an os_index on every PU
// and NUMA node. The plugin still reads the files in child processes
// (topology_reader.h): this check turns the known cases into reasons.
#pragma once

#include <string_view>

namespace accord::topology {

// Throws std::runtime_error for a NUL byte, or naming the first <object>
// tag (by number) that is not a sequence of name="value" attributes, has
// a set that is not a bitmap, is of a CPU-side type (anything but Bridge,
// PCIDev, OSDev, Misc) and lacks one of the four sets, or is a PU or NUMA
// node without an os_index below 2^20.
void check_hwloc_xml(std::string_view xml);

}  // namespace accord::topology
