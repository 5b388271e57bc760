// Fuzzes Sia's profiles (contrib/sim/sia_profiles): the input's three
// parts (cut at "%%" lines) are one application's validation-128.csv,
// placements-aws.csv and scalability-aws.csv; the table is then built.
#include "fuzz_input.h"
#include "sim/input_error.h"
#include "sim/sia_profiles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace accord;
    static const std::string dir = [] {
        std::string d = fuzz::scratch_dir() + "/profiles";
        mkdir(d.c_str(), 0700);
        mkdir((d + "/app").c_str(), 0700);
        return d;
    }();
    std::vector<std::string> files = fuzz::parts(std::string_view(reinterpret_cast<const char *>(data), size), 3);
    fuzz::write_file("profiles/app/validation-128.csv", files[0]);
    fuzz::write_file("profiles/app/placements-aws.csv", files[1]);
    fuzz::write_file("profiles/app/scalability-aws.csv", files[2]);
    try {
        sim::SiaCluster aws{"aws", "t4", 4, 8};
        auto profiles = sim::SiaProfiles::load(dir, {aws}, {"app"});
        profiles.throughput_table();
    } catch (const sim::InputError &) {
    }
    return 0;
}
