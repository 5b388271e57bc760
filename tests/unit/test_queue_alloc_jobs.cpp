// Unit tests for core/queue_alloc_jobs: records of one shape share their
// options, a record differing in anything request_options() reads gets its
// own, and a job's second record and array records are left out.
#include "cmocka_cpp.h"

#include <map>
#include <string>

#include "core/gpu_type_ranker.h"
#include "core/queue_alloc_jobs.h"
#include "snapshot_builder.h"

using accord::core::PlanningOrder;
using accord::core::queue_alloc_jobs;
using accord::core::QueueAllocJobs;
using accord::core::QueueViews;
using accord::core::SpeedTableRanker;
using namespace accord::test;

static const SpeedTableRanker kRanker(std::map<std::string, double>{{"a100", 3}, {"t4", 1}});

static QueueAllocJobs view_of(const SnapshotBuilder &b)
{
    PlanningOrder order;
    for (size_t i = 0; i < b.get().queue.size(); i++)
        order.records.push_back(i);
    QueueViews views(b.get(), b.get().queue.size());
    return queue_alloc_jobs(b.get(), order, kRanker, views);
}

// Jobs 1 and 2 ask for 2 GPUs of any type, job 3 the same with a range.
static SnapshotBuilder two_alike_one_not()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    b.add_pending(2, 1, {"", 0, 2}, 3600);
    PendingJob &ranged = b.add_pending(3, 1, {"", 0, 2}, 3600);
    ranged.gpu_count_min = 1;
    ranged.gpu_count_max = 4;
    return b;
}

static void one_shape_shares_its_options(void **)
{
    QueueAllocJobs view = view_of(two_alike_one_not());
    assert_int_equal(view.jobs.size(), 3);
    assert_ptr_equal(view.options[0].get(), view.options[1].get());
    assert_ptr_not_equal(view.options[0].get(), view.options[2].get());
    assert_int_equal(view.options[0]->size(), 2);  // a100:2, t4:2
    assert_true(view.options[2]->size() > 2);
}

// Accepted types, family and node list each make a shape of their own.
static void each_field_read_makes_its_own_shape(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    b.pending(1).accepted_types = {"a100"};
    QueueAllocJobs view = view_of(b);
    assert_ptr_not_equal(view.options[0].get(), view.options[1].get());
    assert_int_equal(view.options[1]->size(), 1);
    b = two_alike_one_not();
    b.pending(1).family = "other";
    view = view_of(b);
    assert_ptr_not_equal(view.options[0].get(), view.options[1].get());
    b = two_alike_one_not();
    b.pending(1).allowed_nodes = {1};
    view = view_of(b);
    assert_ptr_not_equal(view.options[0].get(), view.options[1].get());
    assert_int_equal(view.options[1]->size(), 1);
}

// An option's request is the job's own but for its type and count: CPUs
// and memory per GPU are each job's, even where two jobs share the rest.
static void options_keep_each_jobs_cpus_and_memory_per_gpu(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    b.pending(1).gpus.cpus_per_gpu = 8;
    b.pending(1).gpus.mem_per_gpu_mb = 4096;
    QueueAllocJobs view = view_of(b);
    for (const auto &o : *view.options[0]) {
        assert_int_equal(o.request.cpus_per_gpu, 0);
        assert_int_equal(o.request.mem_per_gpu_mb, 0);
    }
    assert_true(!view.options[1]->empty());
    for (const auto &o : *view.options[1]) {
        assert_int_equal(o.request.cpus_per_gpu, 8);
        assert_int_equal(o.request.mem_per_gpu_mb, 4096);
    }
}

// Jobs alike but for another GPU type the second names: each option's
// request carries its own job's other types.
static void options_keep_each_jobs_other_gpu_types(void **)
{
    SnapshotBuilder b;
    b.add_node("mix-1", 64, 512000, {{"a100", 4}, {"t4", 4}});
    b.add_pending(1, 1, {"a100", 2}, 3600);
    PendingJob &both = b.add_pending(2, 1, {"a100", 2}, 3600);
    both.gpus.more_types = {GpuPart{"t4", 1, 0}};
    QueueAllocJobs view = view_of(b);
    assert_ptr_not_equal(view.options[0].get(), view.options[1].get());
    for (const auto &o : *view.options[0])
        assert_true(o.request.more_types.empty());
    assert_true(!view.options[1]->empty());
    for (const auto &o : *view.options[1])
        assert_true((o.request.more_types == std::vector<GpuPart>{{"t4", 1, 0}}));
}

static void second_records_and_arrays_are_left_out(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    b.pending(1).job_id = 1;
    b.pending(2).array_tasks = 3;
    QueueAllocJobs view = view_of(b);
    assert_int_equal(view.jobs.size(), 1);
    assert_int_equal(view.record[0], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_shape_shares_its_options),
        cmocka_unit_test(each_field_read_makes_its_own_shape),
        cmocka_unit_test(options_keep_each_jobs_cpus_and_memory_per_gpu),
        cmocka_unit_test(options_keep_each_jobs_other_gpu_types),
        cmocka_unit_test(second_records_and_arrays_are_left_out),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
