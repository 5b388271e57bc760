// Unit tests for core/job_numbers: the records of one job (one per
// partition it is queued in) share a number wherever they sit in the
// queue, different jobs get different numbers, and only the first `count`
// records are numbered.
#include "cmocka_cpp.h"

#include <vector>

#include "core/job_numbers.h"

using accord::core::JobNumbers;
using accord::core::PendingJob;

static std::vector<PendingJob> queue_of(const std::vector<uint32_t> &ids)
{
    std::vector<PendingJob> queue(ids.size());
    for (size_t i = 0; i < ids.size(); i++)
        queue[i].job_id = ids[i];
    return queue;
}

static void records_of_one_job_share_a_number(void **)
{
    JobNumbers numbers(queue_of({30, 10, 30, 20, 10}), 5);
    assert_int_equal(numbers.size(), 3);
    assert_int_equal(numbers.of(0), numbers.of(2));
    assert_int_equal(numbers.of(1), numbers.of(4));
    assert_int_not_equal(numbers.of(0), numbers.of(1));
    assert_int_not_equal(numbers.of(0), numbers.of(3));
    assert_int_not_equal(numbers.of(1), numbers.of(3));
    for (size_t r = 0; r < 5; r++)
        assert_true(numbers.of(r) < numbers.size());
}

static void only_the_first_records_are_numbered(void **)
{
    JobNumbers numbers(queue_of({7, 8, 9, 7}), 2);
    assert_int_equal(numbers.size(), 2);
    assert_int_not_equal(numbers.of(0), numbers.of(1));
    JobNumbers more_than_the_queue(queue_of({7, 7}), 10);
    assert_int_equal(more_than_the_queue.size(), 1);
    assert_int_equal(more_than_the_queue.of(1), 0);
}

static void an_empty_queue_has_no_jobs(void **)
{
    JobNumbers numbers({}, 100);
    assert_int_equal(numbers.size(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(records_of_one_job_share_a_number),
        cmocka_unit_test(only_the_first_records_are_numbered),
        cmocka_unit_test(an_empty_queue_has_no_jobs),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
