// Fuzzes Sia's and Pollux's workload CSV (contrib/sim/sia_workload) over a
// small fixed profile of one application, "app", on one 4-GPU cluster.
#include "fuzz_input.h"
#include "sim/input_error.h"
#include "sim/sia_workload.h"

namespace {

const accord::sim::SiaProfiles &profiles()
{
    using namespace accord;
    static const sim::SiaProfiles loaded = [] {
        std::string dir = fuzz::scratch_dir() + "/profiles";
        mkdir(dir.c_str(), 0700);
        mkdir((dir + "/app").c_str(), 0700);
        fuzz::write_file("profiles/app/validation-128.csv",
                         "progress,iteration,metric,grad_sqr,grad_var\n"
                         "100.0,100,0.5,8.0,5.0\n200.0,200,0.6,1.0,1.5\n");
        fuzz::write_file("profiles/app/validation-256.csv",
                         "progress,iteration,metric,grad_sqr,grad_var\n"
                         "100.0,60,0.5,8.0,5.0\n200.0,120,0.6,1.0,1.5\n");
        fuzz::write_file("profiles/app/placements-aws.csv",
                         "placement,local_bsz,step_time,sync_time\n"
                         "1,32,0.04,0.0005\n1,64,0.07,0.0005\n2,32,0.05,0.01\n");
        fuzz::write_file("profiles/app/scalability-aws.csv",
                         "num_nodes,num_replicas,local_bsz,step_time,sync_time\n"
                         "2,2,32,0.1,0.05\n");
        return sim::SiaProfiles::load(dir, {{"aws", "t4", 4, 8}}, {"app"});
    }();
    return loaded;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace accord;
    std::string path = fuzz::write_file("workload.csv", fuzz::text(data, size));
    for (sim::SiaBatch batch : {sim::SiaBatch::adaptive, sim::SiaBatch::fixed}) {
        try {
            sim::read_sia_workload(path, profiles(), {batch, true});
        } catch (const sim::InputError &) {
        }
    }
    return 0;
}
