// Unit tests for core/service_order and core/service_record: the service
// queues (Tiresias' geometric thresholds), the priority that ranks a lower
// queue (or a higher Gittins index's class) above any site priority, and the record of earlier runs' service,
// read back exactly or refused with what is wrong.
#include "cmocka_cpp.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/service_order.h"
#include "core/service_record.h"
#include "service_queues.h"

using namespace accord::core;
using accord::test::queues;

static void queues_double_from_the_first_threshold(void **)
{
    AllocConfig c = queues(400);
    assert_int_equal(service_queue(0, c), 0);
    assert_int_equal(service_queue(399.9, c), 0);
    assert_int_equal(service_queue(400, c), 1);
    assert_int_equal(service_queue(799, c), 1);
    assert_int_equal(service_queue(800, c), 2);
    assert_int_equal(service_queue(1600, c), 3);
    // Not a number, or past every finite service: first and last queue.
    assert_int_equal(service_queue(std::nan(""), c), 0);
    assert_int_equal(service_queue(std::numeric_limits<double>::infinity(), c), 1 + (1 << 19));
}

static void a_lower_queue_outranks_any_site_priority(void **)
{
    AllocConfig c = queues(3600);
    double max_slurm = 4294967295.0;
    // Below the first threshold with the lowest priority, past it with the highest.
    assert_true(service_priority(3599, 1, c) > service_priority(3600, max_slurm, c));
    assert_true(service_priority(7200, 0, c) > service_priority(1e9, max_slurm, c));
    // Within a queue, the site's priority decides, exactly.
    assert_true(service_priority(3600, 11, c) > service_priority(7000, 10, c));
    assert_true(service_priority(100, 10, c) == service_priority(3000, 10, c));
    assert_true(service_priority(5000, -7, c) - service_priority(5000, -8, c) == 1);
}

// Indices within a factor 2 of each other share a class, a higher index
// ranks first, and index 0 after every other, by service queue; within a
// class the site's priority decides.
static void a_higher_gittins_index_outranks_any_site_priority(void **)
{
    AllocConfig c = queues(3600);
    double max_slurm = 4294967295.0;
    assert_true(gittins_class(1.0 / 100, 0, c) < gittins_class(1.0 / 1000, 0, c));
    assert_int_equal(gittins_class(1.0 / 1000, 0, c), gittins_class(1.0 / 1100, 50000, c));
    assert_true(gittins_priority(1.0 / 100, 0, 1, c) > gittins_priority(1.0 / 1000, 0, max_slurm, c));
    assert_true(gittins_priority(1e-12, 1e9, 1, c) > gittins_priority(0, 0, max_slurm, c));
    assert_true(gittins_priority(0, 3599, 1, c) > gittins_priority(0, 3600, max_slurm, c));
    assert_true(gittins_priority(1.0 / 1000, 0, 11, c) > gittins_priority(1.0 / 1100, 0, 10, c));
}

static void a_rank_is_explained_with_its_service_and_queue(void **)
{
    assert_string_equal(explain_service(840, queues(400)).c_str(),
                        "ranked by attained service: 840 GPU-s so far, queue 2");
    assert_string_equal(explain_service(0, queues(3600)).c_str(), "ranked by attained service: 0 GPU-s so far, queue 0");
}

static void a_service_record_is_read_back_as_written(void **)
{
    std::string error;
    for (int64_t gpu_s : {INT64_C(0), INT64_C(3600), kMaxServiceGpuS}) {
        auto back = decode_service(encode_service(gpu_s), error);
        assert_true(back.has_value());
        assert_true(*back == gpu_s);
    }
}

static void a_bad_service_record_is_refused_naming_what_is_wrong(void **)
{
    std::string error;
    for (const char *bad : {"", "-5", "12a", " 7", "1e9", "3.5"}) {
        assert_false(decode_service(bad, error).has_value());
        assert_true(error.find("is not 1-16 decimal digits") != std::string::npos);
    }
    assert_false(decode_service("12345678901234567", error).has_value());
    assert_false(decode_service("1000000000000001", error).has_value());
    assert_string_equal(error.c_str(), "1000000000000001 GPU-seconds is above 1000000000000000");
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queues_double_from_the_first_threshold),
        cmocka_unit_test(a_lower_queue_outranks_any_site_priority),
        cmocka_unit_test(a_higher_gittins_index_outranks_any_site_priority),
        cmocka_unit_test(a_rank_is_explained_with_its_service_and_queue),
        cmocka_unit_test(a_service_record_is_read_back_as_written),
        cmocka_unit_test(a_bad_service_record_is_refused_naming_what_is_wrong),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
