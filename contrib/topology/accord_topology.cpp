// accord-topology: reads hwloc XML node topologies (lstopo --of xml) and
// prints, per file, how close its GPUs are, in the one-line form of
// core/gpu_topology_text.h. Admins run it to check a file before
// sched_accord uses it; sched_accord runs it to read the files of
// accord_topology=DIR, in a process of its own: a damaged file that
// crashes hwloc's XML import then costs a line, not slurmctld.
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "core/gpu_topology_text.h"
#include "topology/hwloc_gpus.h"

namespace {

// hwloc's XML import may allocate without bound on a damaged file: past
// this, allocations fail and the file gets an error. Not under
// AddressSanitizer (contrib/sanitize.sh), which reserves terabytes of
// address space up front.
constexpr rlim_t kMaxMemory = rlim_t(1) << 30;
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kLimitMemory = false;
#else
constexpr bool kLimitMemory = true;
#endif

const char kUsage[] =
    "Usage: accord-topology FILE...\n"
    "Reads each FILE, an hwloc XML topology of one node (lstopo --of xml), and prints\n"
    "one line per FILE, in order:\n"
    "  ok N ROWS     N GPUs by PCI bus id; ROWS: a digit per pair (0 the GPU itself,\n"
    "                1 same PCIe switch, 2 same host bridge, 3 same NUMA node,\n"
    "                4 same package, 5 across packages), rows separated by '/'\n"
    "  error FILE: REASON\n"
    "Exit status: 0 when every FILE was read, 1 when one was not, 2 on a usage error.\n"
    "See accord-topology(8).\n";

}  // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--help") == 0) {
        fputs(kUsage, stdout);
        return 0;
    }
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "accord-topology: %s\nTry 'accord-topology --help'.\n",
                argc < 2 ? "no FILE given" : (std::string("unknown option ") + argv[1]).c_str());
        return 2;
    }
    struct rlimit memory = {kMaxMemory, kMaxMemory};
    if (kLimitMemory)
        setrlimit(RLIMIT_AS, &memory);
    int status = 0;
    for (int i = 1; i < argc; i++) {
        std::string line;
        try {
            line = "ok " + accord::core::links_text(accord::topology::read_gpu_topology(argv[i]));
        } catch (const std::exception &e) {
            line = std::string("error ") + e.what();
            status = 1;
        }
        // One line per file, flushed: the plugin knows a file by its line.
        printf("%s\n", line.c_str());
        fflush(stdout);
    }
    return status;
}
