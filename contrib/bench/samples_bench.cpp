// samples-bench: the parts of contrib/bench/samples-bench.sh that read
// Gavel's table or a model (docs/model.md, "Training on running jobs'
// samples"):
//   samples-bench lines GAVEL FAMILY OUT   the sample file a site with K80s and
//       V100s would record after running FAMILY: one sample per job type of the
//       family (one user each) on k80:1 and v100:1, at Gavel's measured steps/s
//   samples-bench truth GAVEL FAMILY       the geometric mean over the family's
//       job types of the measured K80/V100 and P100/V100 one-GPU ratios
//   samples-bench predict MODULE MODEL FAMILY   the model's K80/V100 and
//       P100/V100 one-GPU ratios for the family, batch size unknown
// Each prints "k80 R" and "p100 R" lines (lines: the line count).
#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/throughput_sample.h"
#include "model/job_type_name.h"
#include "model/throughput_model.h"
#include "sim/throughput_table.h"

using accord::model::Candidate;
using accord::model::Prediction;
using accord::model::ThroughputModel;
using accord::sim::ThroughputTable;

namespace {

const char *const kRatioTypes[] = {"k80", "p100"};

bool of_family(const std::string &job_type, const std::string &family)
{
    return accord::model::job_of_type(job_type).family == family;
}

int write_lines(const ThroughputTable &table, const std::string &family, const std::string &out)
{
    std::ofstream file(out);
    uint32_t job = 0;
    std::vector<std::string> types = table.job_types();
    for (const char *gpu : {"k80", "v100"})
        for (size_t t = 0; t < types.size(); t++) {
            auto rate = table.isolated(gpu, types[t], 1);
            if (!of_family(types[t], family) || !rate)
                continue;
            accord::core::ThroughputSample s;
            s.job_id = ++job;
            s.time = 1000 + job;
            s.user = "user" + std::to_string(t);  // one user per job type
            s.family = family;
            s.gpus = {{gpu, 1}};
            s.nodes = std::string(gpu) + "-1";
            s.report.rate = *rate;
            s.report.seq = 1;
            file << accord::core::sample_line(s);
        }
    if (!file || job == 0)
        throw std::runtime_error("no sample of family " + family + " written to " + out);
    std::printf("lines %u\n", job);
    return 0;
}

int print_truth(const ThroughputTable &table, const std::string &family)
{
    for (const char *gpu : kRatioTypes) {
        double log_sum = 0;
        int n = 0;
        for (const std::string &type : table.job_types()) {
            auto here = table.isolated(gpu, type, 1), v100 = table.isolated("v100", type, 1);
            if (of_family(type, family) && here && v100) {
                log_sum += std::log(*here / *v100);
                n++;
            }
        }
        if (!n)
            throw std::runtime_error("family " + family + " has no job type measured on " + gpu + " and v100");
        std::printf("%s %.6f\n", gpu, std::exp(log_sum / n));
    }
    return 0;
}

int print_prediction(const char *module, const char *path, const std::string &family)
{
    void *so = dlopen(module, RTLD_NOW);
    if (!so)
        throw std::runtime_error(dlerror());
    using Open = ThroughputModel *(*)(const char *, char *, size_t);
    auto open = reinterpret_cast<Open>(dlsym(so, "accord_model_open"));
    char error[512] = "";
    ThroughputModel *model = open ? open(path, error, sizeof error) : nullptr;
    if (!model)
        throw std::runtime_error(open ? error : "no accord_model_open in the module");
    Candidate c[3];
    const char *gpus[3] = {"k80", "p100", "v100"};
    for (int i = 0; i < 3; i++) {
        c[i].job.family = family;
        c[i].gpu_type = gpus[i];
    }
    Prediction p[3];
    model->predict(c, 3, p);
    for (int i = 0; i < 2; i++)
        std::printf("%s %.6f\n", gpus[i], p[i].relative_throughput / p[2].relative_throughput);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    try {
        std::string what = argc > 1 ? argv[1] : "";
        if (what == "lines" && argc == 5)
            return write_lines(ThroughputTable::load_gavel(argv[2]), argv[3], argv[4]);
        if (what == "truth" && argc == 4)
            return print_truth(ThroughputTable::load_gavel(argv[2]), argv[3]);
        if (what == "predict" && argc == 5)
            return print_prediction(argv[2], argv[3], argv[4]);
        std::fprintf(stderr, "usage: samples-bench lines GAVEL FAMILY OUT | truth GAVEL FAMILY |"
                             " predict MODULE MODEL FAMILY\n");
        return 2;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "samples-bench: %s\n", e.what());
        return 1;
    }
}
