// Unit tests for core/service_ledger: a job Slurm requeued (a higher
// restart count) gets the service it was last seen running with, once, and
// only when its record lacks it; the ledger forgets jobs that ended.
#include "cmocka_cpp.h"

#include <set>

#include "core/service_ledger.h"

using accord::core::ServiceLedger;

static void a_job_requeued_by_slurm_keeps_the_service_it_was_seen_with(void **)
{
    ServiceLedger ledger;
    ledger.see_running(7, 0, 400);
    ledger.end_cycle([](uint32_t) { return true; });
    ledger.see_running(7, 0, 840);
    ledger.end_cycle([](uint32_t) { return true; });
    // Still in the run it was seen in: nothing to catch up.
    assert_false(ledger.take_requeued(7, 0, 0).has_value());
    auto service = ledger.take_requeued(7, 1, 0);
    assert_true(service.has_value());
    assert_true(*service == 840);
    // Once: the run is forgotten.
    assert_false(ledger.take_requeued(7, 1, 0).has_value());
    assert_int_equal(ledger.size(), 0);
}

static void a_record_that_has_the_service_is_left_as_it_is(void **)
{
    ServiceLedger ledger;
    ledger.see_running(7, 2, 840);
    // Accord requeued it itself and recorded more than it was seen with.
    assert_false(ledger.take_requeued(7, 3, 900).has_value());
    assert_int_equal(ledger.size(), 0);
    ledger.see_running(8, 0, 100);
    assert_false(ledger.take_requeued(9, 1, 0).has_value());  // never seen running
}

static void jobs_that_ended_are_forgotten_pending_ones_kept(void **)
{
    ServiceLedger ledger;
    ledger.see_running(1, 0, 10);
    ledger.see_running(2, 0, 20);
    ledger.see_running(3, 0, 30);
    std::set<uint32_t> waiting = {2};
    ledger.end_cycle([&](uint32_t id) { return waiting.count(id) > 0; });
    assert_int_equal(ledger.size(), 3);  // all seen running in the cycle just ended
    ledger.see_running(3, 0, 40);
    ledger.end_cycle([&](uint32_t id) { return waiting.count(id) > 0; });
    assert_int_equal(ledger.size(), 2);  // 1 ended; 2 waits (requeued), 3 runs
    assert_true(ledger.take_requeued(2, 1, 0) == 20);
    assert_true(ledger.take_requeued(3, 1, 0) == 40);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_job_requeued_by_slurm_keeps_the_service_it_was_seen_with),
        cmocka_unit_test(a_record_that_has_the_service_is_left_as_it_is),
        cmocka_unit_test(jobs_that_ended_are_forgotten_pending_ones_kept),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
