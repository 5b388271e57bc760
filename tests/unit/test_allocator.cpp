// Unit tests for core/allocator: order, admission, matching, stickiness.
#include "cmocka_cpp.h"

#include <map>
#include <string>
#include <vector>

#include "core/allocator.h"

using accord::core::AllocConfig;
using accord::core::AllocJob;
using accord::core::allocate;
using accord::core::JobOption;

namespace {

// A job that may run on `gpus` GPUs of each named type at the given rate.
AllocJob job(uint32_t id, int gpus, std::map<std::string, double> rate_per_type)
{
    AllocJob j;
    j.id = id;
    for (const auto &[type, rate] : rate_per_type)
        j.options.push_back(JobOption{type, gpus, rate});
    return j;
}

int option_of(const AllocJob &j, const std::string &type)
{
    for (int o = 0; o < static_cast<int>(j.options.size()); o++)
        if (j.options[o].gpu_type == type)
            return o;
    return -2;
}

}  // namespace

// The job that gains 3x on the fast type gets it, even when it comes later
// in priority order than a job that gains 1.1x.
static void fast_gpus_go_to_the_job_that_gains_most(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"fast", 1.1}, {"slow", 1}}),
                                  job(2, 1, {{"fast", 3}, {"slow", 1}})};
    auto choice = allocate(jobs, {{"fast", 1}, {"slow", 1}}, AllocConfig{});
    assert_int_equal(choice[0], option_of(jobs[0], "slow"));
    assert_int_equal(choice[1], option_of(jobs[1], "fast"));
}

// Less attained service first: with one GPU, the newer job that has had
// less service runs, and the one past the threshold waits.
static void least_attained_service_runs_first(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[0].attained_gpu_s = 5000;
    jobs[0].current = 0;
    auto choice = allocate(jobs, {{"v100", 1}}, AllocConfig{});
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// Queues are geometric: 1 GPU-hour, then doubling. A holder at 2.5 h is
// preempted by a job at 1.5 h (queues 2 and 1), not by one at 2.2 h (both
// in queue 2, where the holder stays).
static void queues_double_from_one_gpu_hour(void **)
{
    for (double waiting_h : {1.5, 2.2}) {
        std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
        jobs[0].attained_gpu_s = 2.5 * 3600;
        jobs[0].current = 0;
        jobs[1].attained_gpu_s = waiting_h * 3600;
        auto choice = allocate(jobs, {{"v100", 1}}, AllocConfig{});
        bool newcomer_runs = waiting_h < 2;
        assert_int_equal(choice[0], newcomer_runs ? -1 : 0);
        assert_int_equal(choice[1], newcomer_runs ? 0 : -1);
    }
}

// In the same queue, the job holding GPUs keeps them (no thrashing).
static void holder_keeps_gpus_within_its_queue(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[1].attained_gpu_s = 100;
    jobs[1].current = 0;
    auto choice = allocate(jobs, {{"v100", 1}}, AllocConfig{});
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// A job too large for what is left is skipped and the next one that fits
// runs, so GPUs do not idle behind it.
static void job_that_does_not_fit_is_skipped(void **)
{
    std::vector<AllocJob> jobs = {job(1, 4, {{"v100", 1}}), job(2, 2, {{"v100", 1}})};
    auto choice = allocate(jobs, {{"v100", 3}}, AllocConfig{});
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// A job that is not movable keeps its option, and its GPUs are not given
// to anyone else, whatever its queue.
static void unmovable_job_keeps_its_gpus(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[1].attained_gpu_s = 1e6;
    jobs[1].current = 0;
    jobs[1].movable = false;
    auto choice = allocate(jobs, {{"v100", 1}}, AllocConfig{});
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// A running job moves to a faster free type only when the gain beats the
// migration threshold.
static void running_job_moves_only_for_a_large_gain(void **)
{
    AllocConfig config;
    config.migrate_gain = 0.5;
    std::vector<AllocJob> small = {job(1, 1, {{"fast", 1.4}, {"slow", 1}})};
    small[0].current = option_of(small[0], "slow");
    assert_int_equal(allocate(small, {{"fast", 1}, {"slow", 1}}, config)[0], option_of(small[0], "slow"));
    std::vector<AllocJob> large = {job(1, 1, {{"fast", 1.6}, {"slow", 1}})};
    large[0].current = option_of(large[0], "slow");
    assert_int_equal(allocate(large, {{"fast", 1}, {"slow", 1}}, config)[0], option_of(large[0], "fast"));
}

// Two jobs of equal size trade types when both placed greedily ended on
// the type the other gains more from.
static void equal_sized_jobs_swap_types(void **)
{
    AllocConfig config;
    config.migrate_gain = 0;
    std::vector<AllocJob> jobs = {job(1, 2, {{"a", 2}, {"b", 1.5}}), job(2, 2, {{"a", 4}, {"b", 1}})};
    jobs[0].current = option_of(jobs[0], "a");
    jobs[1].current = option_of(jobs[1], "b");
    auto choice = allocate(jobs, {{"a", 2}, {"b", 2}}, config);
    assert_int_equal(choice[0], option_of(jobs[0], "b"));
    assert_int_equal(choice[1], option_of(jobs[1], "a"));
}

// Capacity per type is never exceeded, over many jobs of mixed sizes.
static void capacity_is_respected(void **)
{
    std::vector<AllocJob> jobs;
    for (uint32_t i = 0; i < 40; i++)
        jobs.push_back(job(i, 1 + i % 4, {{"a", 1.0 + i % 3}, {"b", 1.0 + i % 5}}));
    std::map<std::string, int> capacity = {{"a", 13}, {"b", 7}};
    auto choice = allocate(jobs, capacity, AllocConfig{});
    std::map<std::string, int> used;
    int admitted = 0;
    for (size_t j = 0; j < jobs.size(); j++) {
        if (choice[j] < 0)
            continue;
        used[jobs[j].options[choice[j]].gpu_type] += jobs[j].options[choice[j]].gpus;
        admitted++;
    }
    assert_true(used["a"] <= 13 && used["b"] <= 7);
    assert_true(used["a"] + used["b"] >= 18);  // the 1-GPU jobs fill what is left
    assert_true(admitted > 0);
}

// A job with several counts takes the one with the best normalised rate
// that fits.
static void count_choice_takes_the_best_that_fits(void **)
{
    AllocJob j;
    j.id = 1;
    j.options = {{"v100", 1, 1}, {"v100", 2, 1.9}, {"v100", 4, 3.5}};
    assert_int_equal(allocate({j}, {{"v100", 2}}, AllocConfig{})[0], 1);
    assert_int_equal(allocate({j}, {{"v100", 8}}, AllocConfig{})[0], 2);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_gpus_go_to_the_job_that_gains_most),
        cmocka_unit_test(least_attained_service_runs_first),
        cmocka_unit_test(queues_double_from_one_gpu_hour),
        cmocka_unit_test(holder_keeps_gpus_within_its_queue),
        cmocka_unit_test(job_that_does_not_fit_is_skipped),
        cmocka_unit_test(unmovable_job_keeps_its_gpus),
        cmocka_unit_test(running_job_moves_only_for_a_large_gain),
        cmocka_unit_test(equal_sized_jobs_swap_types),
        cmocka_unit_test(capacity_is_respected),
        cmocka_unit_test(count_choice_takes_the_best_that_fits),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
