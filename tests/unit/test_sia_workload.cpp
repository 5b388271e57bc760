// Unit tests for contrib/sim/sia_workload: Sia's and Pollux's workload CSVs
// as trace jobs in the units of the Sia throughput table (the real files
// under ../shared/data and hand-made bad ones).
#include "cmocka_cpp.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "reader_test.h"
#include "sim/input_error.h"
#include "sim/sia_profiles.h"
#include "sim/sia_workload.h"
#include "sim_fixture.h"

using accord::sim::SiaBatch;
using accord::sim::SiaProfiles;
using accord::sim::SiaWorkloadOptions;
using accord::sim::TraceJob;
using accord::test::shared_data;

// ---- helpers --------------------------------------------------------------------

static const SiaProfiles &profiles()
{
    static std::optional<SiaProfiles> p;
    if (!p)
        p = SiaProfiles::load(shared_data("sia/profiles"), accord::sim::parse_sia_clusters("aws,rtx,dgx-ext"));
    return *p;
}

static const SiaWorkloadOptions kFixed = {SiaBatch::fixed, true};
static const SiaWorkloadOptions kRigid = {SiaBatch::fixed, false};

static std::vector<TraceJob> read_ok(const std::string &path, const SiaWorkloadOptions &options = {})
{
    try {
        return accord::sim::read_sia_workload(path, profiles(), options);
    } catch (const accord::sim::InputError &e) {
        fail_msg("reading %s failed: %s", path.c_str(), e.what());
    }
    return {};
}

static void assert_job(const TraceJob &j, int line, const char *type, uint64_t steps, double arrival, int sf,
                       int min_gpus, int max_gpus)
{
    assert_int_equal(j.line, line);
    assert_string_equal(j.job_type.c_str(), type);
    assert_true(j.total_steps == steps);
    if (std::fabs(j.arrival_s - arrival) > 1e-9)
        fail_msg("arrival %.17g, expected %.17g", j.arrival_s, arrival);
    assert_int_equal(j.scale_factor, sf);
    assert_int_equal(j.min_gpus, min_gpus);
    assert_int_equal(j.max_gpus, max_gpus);
}

// Every .csv under `dir`, recursively, sorted.
static void csv_files(const std::string &dir, std::vector<std::string> &out)
{
    DIR *d = opendir(dir.c_str());
    if (!d)
        fail_msg("cannot list %s", dir.c_str());
    while (dirent *e = readdir(d)) {
        std::string name = e->d_name, path = dir + "/" + name;
        struct stat st;
        if (name == "." || name == ".." || stat(path.c_str(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            csv_files(path, out);
        else if (name.size() > 4 && name.compare(name.size() - 4, 4, ".csv") == 0)
            out.push_back(path);
    }
    closedir(d);
    std::sort(out.begin(), out.end());
}

static void expect_error(const std::string &name, const std::string &rows, const SiaWorkloadOptions &options,
                         const std::vector<std::string> &parts)
{
    auto read = [&](const std::string &path) { accord::sim::read_sia_workload(path, profiles(), options); };
    accord::test::expect_input_error(read, name, "name,time,application,num_replicas,batch_size\n" + rows, parts);
}

// ---- real files ------------------------------------------------------------------

// cifar10's work is 39062.908 progress units (test_sia_profiles), rounded;
// the most GPUs min(64, B / 32) for cifar10, min(64, B / 10) for deepspeech2.
static void philly_workload_adaptive(void **)
{
    std::vector<TraceJob> jobs = read_ok(shared_data("sia/workloads/philly/workload-1.csv"));
    assert_int_equal(jobs.size(), 160);
    assert_job(jobs[0], 2, "cifar10", 39063, 107, 6, 1, 64);  // 4096 / 32 > 64
    assert_job(jobs[1], 3, "deepspeech2", 28536, 110, 6, 1, 64);
}

static void philly_workload_fixed_batch(void **)
{
    std::vector<TraceJob> jobs = read_ok(shared_data("sia/workloads/philly/workload-1.csv"), kFixed);
    assert_job(jobs[0], 2, "cifar10 (batch size 2048)", 39063, 107, 6, 1, 64);
    assert_job(jobs[1], 3, "deepspeech2 (batch size 320)", 28536, 110, 6, 1, 32);
    jobs = read_ok(shared_data("sia/workloads/philly/workload-1.csv"), kRigid);
    assert_job(jobs[1], 3, "deepspeech2 (batch size 320)", 28536, 110, 6, 0, 0);
}

static void fractional_arrivals_and_ncf_pinned(void **)
{
    std::vector<TraceJob> jobs = read_ok(shared_data("sia/workloads/newtrace/workload-1.csv"));
    assert_job(jobs[0], 2, "deepspeech2", 28536, 487.661836, 8, 1, 64);
    jobs = read_ok(shared_data("pollux/workloads/workload-1.csv"), kFixed);
    assert_job(jobs[2], 4, "ncf (batch size 32768)", 194174, 135, 1, 1, 1);
}

static void every_real_workload_reads_in_both_modes(void **)
{
    std::vector<std::string> files;
    csv_files(shared_data("sia/workloads"), files);
    csv_files(shared_data("pollux"), files);
    assert_int_equal(files.size(), 123);
    size_t adaptive = 0, fixed = 0;
    for (const std::string &f : files) {
        adaptive += read_ok(f).size();
        fixed += read_ok(f, kFixed).size();
    }
    assert_int_equal(adaptive, 42080);
    assert_int_equal(fixed, 42080);
}

static void max_gpus_rule(void **)
{
    using accord::sim::sia_max_gpus;
    assert_int_equal(sia_max_gpus(profiles(), "cifar10", 4096), 64);
    assert_int_equal(sia_max_gpus(profiles(), "cifar10", 512), 16);
    assert_int_equal(sia_max_gpus(profiles(), "bert", 384), 64);   // 96 capped
    assert_int_equal(sia_max_gpus(profiles(), "bert", 12), 3);     // 12 / 4
    assert_int_equal(sia_max_gpus(profiles(), "yolov3", 8), 2);
    assert_int_equal(sia_max_gpus(profiles(), "ncf", 32768), 1);
}

// ---- bad files ------------------------------------------------------------------------

static void bad_fields_named(void **)
{
    expect_error("name.csv", ",1,cifar10,1,128\n", {}, {"name.csv:2: field 1 (name): '' is empty"});
    expect_error("time.csv", "a,soon,cifar10,1,128\n", {}, {"time.csv:2: field 2 (time): 'soon' is not a number"});
    expect_error("time_neg.csv", "a,1,cifar10,1,128\nb,-5,cifar10,1,128\n", {},
                 {"time_neg.csv:3: field 2 (time): '-5' must be >= 0"});
    expect_error("app.csv", "a,1,gpt_pmp,1,128\n", {},
                 {"app.csv:2: field 3 (application): 'gpt_pmp' is not a profiled application (bert, cifar10"});
    expect_error("replicas.csv", "a,1,cifar10,0,128\n", {}, {"replicas.csv:2: field 4 (num_replicas): '0' must be in [1,"});
    expect_error("bsz.csv", "a,1,cifar10,1,0\n", {}, {"bsz.csv:2: field 5 (batch_size): '0' must be in [1,"});
}

static void fixed_batch_must_be_validated(void **)
{
    expect_error("unvalidated.csv", "a,1,cifar10,1,1000\n", kFixed,
                 {"unvalidated.csv:2: field 5 (batch_size): '1000' is not a validated batch size of cifar10 "
                  "(128, 256, 512, 1024, 2048, 4096)"});
    // Adaptive jobs pick their own batch: any positive size reads.
    assert_int_equal(read_ok(accord::test::write_file("adaptive_any.csv",
                                                      "name,time,application,num_replicas,batch_size\n"
                                                      "a,1,cifar10,1,1000\n"))
                         .size(),
                     1);
}

// An elastic scheduler's range need not hold the request: Pollux pins ncf to
// one GPU where its realistic workloads ask for 8 (for Tiresias and Optimus).
static void elastic_range_independent_of_the_request(void **)
{
    std::vector<TraceJob> jobs = read_ok(shared_data("pollux/workloads-realistic/workload-1.csv"));
    assert_job(jobs[29], 31, "ncf", 194174, 5880, 8, 1, 1);
    jobs = read_ok(accord::test::write_file("above_cap.csv",
                                            "name,time,application,num_replicas,batch_size\na,1,cifar10,8,128\n"),
                   kFixed);
    assert_job(jobs[0], 2, "cifar10 (batch size 128)", 39063, 1, 8, 1, 4);  // 128 / 32
}

static void bad_files_rejected(void **)
{
    auto read = [](const std::string &path) { accord::sim::read_sia_workload(path, profiles()); };
    accord::test::expect_input_error(read, "no_jobs.csv", "name,time,application,num_replicas,batch_size\n",
                                     {"no_jobs.csv: no jobs"});
    accord::test::expect_input_error(read, "no_bsz.csv", "name,time,application,num_replicas\na,1,cifar10,1\n",
                                     {"no_bsz.csv:1: missing column 'batch_size'"});
    accord::test::expect_input_error(read, "short.csv",
                                     "name,time,application,num_replicas,batch_size\na,1,cifar10,1\n",
                                     {"short.csv:2: expected 5 comma-separated fields"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(philly_workload_adaptive),
        cmocka_unit_test(philly_workload_fixed_batch),
        cmocka_unit_test(fractional_arrivals_and_ncf_pinned),
        cmocka_unit_test(every_real_workload_reads_in_both_modes),
        cmocka_unit_test(max_gpus_rule),
        cmocka_unit_test(bad_fields_named),
        cmocka_unit_test(fixed_batch_must_be_validated),
        cmocka_unit_test(elastic_range_independent_of_the_request),
        cmocka_unit_test(bad_files_rejected),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
