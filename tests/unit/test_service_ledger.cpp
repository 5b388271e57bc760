// Unit tests for core/service_ledger: a job Slurm requeued (a higher
// restart count) gets the service it was last seen running with, once, and
// only when its record lacks it; the ledger forgets jobs that ended, and
// tells what they held when last seen.
#include "cmocka_cpp.h"

#include <set>

#include "core/service_ledger.h"

using accord::core::SeenRun;
using accord::core::ServiceLedger;

static SeenRun run(uint32_t restarts, int64_t service, int gpus = 1, const char *family = "")
{
    SeenRun r;
    r.restarts = restarts;
    r.service = service;
    r.gpus = gpus;
    r.family = family;
    return r;
}

static void a_job_requeued_by_slurm_keeps_the_service_it_was_seen_with(void **)
{
    ServiceLedger ledger;
    ledger.see_running(7, run(0, 400));
    ledger.end_cycle([](uint32_t, const SeenRun &) { return true; });
    ledger.see_running(7, run(0, 840));
    ledger.end_cycle([](uint32_t, const SeenRun &) { return true; });
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
    ledger.see_running(7, run(2, 840));
    // Accord requeued it itself and recorded more than it was seen with.
    assert_false(ledger.take_requeued(7, 3, 900).has_value());
    assert_int_equal(ledger.size(), 0);
    ledger.see_running(8, run(0, 100));
    assert_false(ledger.take_requeued(9, 1, 0).has_value());  // never seen running
}

static void jobs_that_ended_are_forgotten_pending_ones_kept(void **)
{
    ServiceLedger ledger;
    ledger.see_running(1, run(0, 10));
    ledger.see_running(2, run(0, 20));
    ledger.see_running(3, run(0, 30));
    std::set<uint32_t> waiting = {2};
    ledger.end_cycle([&](uint32_t id, const SeenRun &) { return waiting.count(id) > 0; });
    assert_int_equal(ledger.size(), 3);  // all seen running in the cycle just ended
    ledger.see_running(3, run(0, 40));
    ledger.end_cycle([&](uint32_t id, const SeenRun &) { return waiting.count(id) > 0; });
    assert_int_equal(ledger.size(), 2);  // 1 ended; 2 waits (requeued), 3 runs
    assert_true(ledger.take_requeued(2, 1, 0) == 20);
    assert_true(ledger.take_requeued(3, 1, 0) == 40);
}

// What a job held when last seen reaches the cycle's end with it: the
// Gittins order records a completed job's GPUs and family from it.
static void an_ended_job_is_told_with_what_it_was_last_seen_holding(void **)
{
    ServiceLedger ledger;
    ledger.see_running(5, run(0, 120, 8, "resnet50"));
    ledger.end_cycle([](uint32_t, const SeenRun &) { return true; });
    SeenRun told;
    ledger.end_cycle([&](uint32_t, const SeenRun &seen) {
        told = seen;
        return false;
    });
    assert_int_equal(told.gpus, 8);
    assert_string_equal(told.family.c_str(), "resnet50");
    assert_true(told.service == 120);
    assert_int_equal(ledger.size(), 0);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_job_requeued_by_slurm_keeps_the_service_it_was_seen_with),
        cmocka_unit_test(a_record_that_has_the_service_is_left_as_it_is),
        cmocka_unit_test(jobs_that_ended_are_forgotten_pending_ones_kept),
        cmocka_unit_test(an_ended_job_is_told_with_what_it_was_last_seen_holding),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
