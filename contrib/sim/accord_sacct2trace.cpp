// accord-sacct2trace: Slurm accounting records (sacct --parsable2 with the
// format in sacct_records.h) to a trace accord-sim replays with --trace
// (docs/man/accord-sacct2trace.1). What was skipped, and why, goes to
// standard error. Exit status: 0 done, 1 bad input or no job kept, 2 a bad
// command line.
#include <getopt.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "sim/input_error.h"
#include "sim/sacct_records.h"
#include "sim/sacct_trace.h"
#include "sim/throughput_table.h"

namespace {

using namespace accord::sim;

const char kUsage[] =
    "Usage: accord-sacct2trace --throughputs FILE [options] SACCT_FILE|-\n"
    "SACCT_FILE is the output of\n"
    "  sacct -X --parsable2 \\\n"
    "    --format=JobID,State,Submit,Start,ElapsedRaw,NNodes,AllocTRES,JobName,Comment,SystemComment\n"
    "(plus -a, -S, -E... to pick the jobs); '-' reads standard input.\n"
    "  --throughputs FILE     measured throughputs, Gavel's schema (as accord-sim's)\n"
    "  --family NAME=JOB_TYPE a model family or job name's job type in the table (repeat)\n"
    "  --unknown-as JOB_TYPE  job type for jobs of unknown family (default: skip them)\n"
    "  --reference-type TYPE  GPU type whose speed measures jobs that ran on a type the\n"
    "                         table lacks (default v100)\n"
    "  --delimiter C          the field delimiter given to sacct --delimiter (default |)\n"
    "  --out FILE             write the trace to FILE (default: standard output)\n"
    "  -h, --help             this text\n";

struct Options {
    std::string throughputs, input, out;
    char delimiter = '|';
    SacctTraceOptions trace;
};

[[noreturn]] void usage_error(const std::string &message)
{
    std::cerr << "accord-sacct2trace: " << message << "\n" << kUsage;
    std::exit(2);
}

void add_family(const std::string &text, Options &o)
{
    size_t eq = text.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == text.size())
        usage_error("--family: '" + text + "' is not NAME=JOB_TYPE");
    o.trace.families[text.substr(0, eq)] = text.substr(eq + 1);
}

Options parse_options(int argc, char **argv)
{
    static const option long_options[] = {{"throughputs", required_argument, nullptr, 't'},
                                          {"family", required_argument, nullptr, 'f'},
                                          {"unknown-as", required_argument, nullptr, 'u'},
                                          {"reference-type", required_argument, nullptr, 'r'},
                                          {"delimiter", required_argument, nullptr, 'd'},
                                          {"out", required_argument, nullptr, 'o'},
                                          {"help", no_argument, nullptr, 'h'},
                                          {nullptr, 0, nullptr, 0}};
    Options o;
    int c;
    while ((c = getopt_long(argc, argv, "h", long_options, nullptr)) != -1) {
        switch (c) {
        case 't': o.throughputs = optarg; break;
        case 'f': add_family(optarg, o); break;
        case 'u': o.trace.unknown_as = optarg; break;
        case 'r': o.trace.reference_type = optarg; break;
        case 'd':
            if (std::strlen(optarg) != 1)
                usage_error(std::string("--delimiter: '") + optarg + "' is not one character");
            o.delimiter = optarg[0];
            break;
        case 'o': o.out = optarg; break;
        case 'h': std::cout << kUsage; std::exit(0);
        default: usage_error("unknown option");
        }
    }
    if (o.throughputs.empty())
        usage_error("--throughputs is required");
    if (optind + 1 != argc)
        usage_error("expected one SACCT_FILE (or -)");
    o.input = argv[optind];
    return o;
}

std::string read_input(const std::string &path)
{
    std::stringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
        return text.str();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path + ": cannot open: " + std::strerror(errno));
    text << in.rdbuf();
    return text.str();
}

void write_output(const std::string &path, const std::string &text)
{
    if (path.empty()) {
        std::cout << text;
        return;
    }
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush())
        throw InputError(path + ": cannot write: " + std::strerror(errno));
}

}  // namespace

int main(int argc, char **argv)
{
    Options o = parse_options(argc, argv);
    try {
        ThroughputTable table = ThroughputTable::load_gavel(o.throughputs);
        std::string name = o.input == "-" ? "<stdin>" : o.input;
        std::vector<SacctRecord> records = parse_sacct(read_input(o.input), name, o.delimiter);
        SacctTrace trace = sacct_to_trace(records, table, o.trace, name);
        std::cerr << summary_text(trace, records.size());
        if (trace.jobs.empty()) {
            std::cerr << "accord-sacct2trace: " << name << ": no job could be converted\n";
            return 1;
        }
        write_output(o.out, trace_text(trace));
    } catch (const InputError &e) {
        std::cerr << "accord-sacct2trace: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
