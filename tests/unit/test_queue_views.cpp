// Unit tests for core/queue_views: records numbered by request shape and
// node list, each list's GPUs under its number, the GPU types of a request.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "core/queue_views.h"
#include "snapshot_builder.h"

using accord::core::QueueViews;
using namespace accord::test;

// Jobs 1 and 2 ask alike for 2 GPUs of any type; job 3 for 2 GPUs on one node.
static SnapshotBuilder two_alike_one_not()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 4}});
    b.add_node("t4-1", 32, 256000, {{"t4", 4}});
    b.add_pending(1, 1, {"", 0, 2}, 3600);
    b.add_pending(2, 1, {"", 0, 2}, 3600);
    b.add_pending(3, 1, {"", 2, 0}, 3600);
    return b;
}

static void alike_requests_share_a_shape(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    QueueViews views(b.get(), 3);
    assert_int_equal(views.shapes().shapes(), 2);
    assert_int_equal(views.shapes().shape(0), views.shapes().shape(1));
    assert_int_not_equal(views.shapes().shape(0), views.shapes().shape(2));
}

// Only the first `records` records are numbered.
static void numbers_only_the_records_asked_for(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    QueueViews views(b.get(), 2);
    assert_int_equal(views.shapes().shapes(), 1);
}

// Another node list is another shape, with its own GPUs under its number
// (the second record: pending() counts from 0).
static void a_node_list_has_its_number_and_its_gpus(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    b.pending(1).allowed_nodes = {1};
    QueueViews views(b.get(), 3);
    assert_int_equal(views.shapes().shapes(), 3);
    assert_int_not_equal(views.shapes().node_set(0), views.shapes().node_set(1));
    assert_int_equal(views.shapes().node_set(0), views.shapes().node_set(2));
    const auto &only_t4 = views.gpus_of(1).counts();
    assert_int_equal(only_t4.size(), 1);
    assert_int_equal(only_t4.at("t4").front(), 4);
    assert_int_equal(views.gpus_of(0).counts().size(), 2);
}

// The types are those of the request asked about (the record's own, or one
// chosen for it) on the record's nodes.
static void types_follow_the_request_and_the_nodes(void **)
{
    SnapshotBuilder b = two_alike_one_not();
    b.pending(1).allowed_nodes = {1};
    QueueViews views(b.get(), 3);
    const auto &queue = b.get().queue;
    assert_true(views.types_for(0, queue[0]) == std::vector<std::string>({"a100", "t4"}));
    assert_true(views.types_for(1, queue[1]) == std::vector<std::string>({"t4"}));
    auto chosen = queue[0];
    chosen.gpus.type = "a100";
    assert_true(views.types_for(0, chosen) == std::vector<std::string>({"a100"}));
    assert_true(views.types_for(0, queue[0]) == std::vector<std::string>({"a100", "t4"}));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alike_requests_share_a_shape),
        cmocka_unit_test(numbers_only_the_records_asked_for),
        cmocka_unit_test(a_node_list_has_its_number_and_its_gpus),
        cmocka_unit_test(types_follow_the_request_and_the_nodes),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
