// Unit tests for core/family_history and core/job_ranking: a family's
// Gittins index from its own completed jobs only; ranking by service queue
// until a job has completed, then by index class, a family none of whose
// jobs held more going after every other; and how a rank is explained.
#include "cmocka_cpp.h"

#include <cmath>
#include <string>

#include "core/job_ranking.h"
#include "core/service_order.h"
#include "service_queues.h"

using namespace accord::core;
using accord::test::queues;

static void a_familys_index_comes_from_its_own_completed_jobs(void **)
{
    FamilyHistory history;
    assert_true(history.empty());
    history.add("resnet50", 1000);
    history.add("resnet50", 1000);
    history.add("bert", 50000);
    assert_int_equal(history.finished("resnet50"), 2);
    assert_int_equal(history.finished("yolov3"), 0);
    // Both resnet50 jobs held 1,000 GPU-s: one with 400 ends in 600 more.
    assert_true(std::abs(history.index("resnet50", 400) - 1.0 / 600) < 1e-12);
    assert_true(history.index("resnet50", 1000) == 0);  // none held more
    assert_true(history.index("yolov3", 0) == 0);       // none completed
    assert_true(std::abs(history.index("bert", 0) - 1.0 / 50000) < 1e-12);
    history.add("resnet50", 3000);  // what it remembered is asked again
    assert_true(history.index("resnet50", 1000) > 0);
}

static void ranked_by_service_until_a_job_has_completed(void **)
{
    FamilyHistory history;
    JobRanking ranking(queues(400), &history);
    assert_false(ranking.by_index());
    assert_int_equal(ranking.job_class("resnet50", 800), service_queue(800, queues(400)));
    assert_true(ranking.priority("resnet50", 800, 5) == service_priority(800, 5, queues(400)));
    JobRanking by_service(queues(400), nullptr);
    history.add("resnet50", 1000);
    assert_false(by_service.by_index());
    assert_true(ranking.by_index());
}

// resnet50 jobs held 1,000 GPU-s. A resnet50 job at 800 GPU-s (expected
// to end in 200) outranks a new job of a family never completed, whatever
// Slurm's priorities; by service it would rank below it.
static void a_job_near_its_familys_end_outranks_a_new_one_of_an_unknown_family(void **)
{
    FamilyHistory history;
    history.add("resnet50", 1000);
    JobRanking ranking(queues(400), &history);
    double max_slurm = 4294967295.0;
    assert_true(ranking.priority("resnet50", 800, 1) > ranking.priority("yolov3", 0, max_slurm));
    JobRanking by_service(queues(400), nullptr);
    assert_true(by_service.priority("resnet50", 800, 1) < by_service.priority("yolov3", 0, max_slurm));
    // Among jobs of unknown families, service queues still decide.
    assert_true(ranking.priority("yolov3", 0, 1) > ranking.priority("yolov3", 500, max_slurm));
}

static void a_rank_is_explained_by_what_decided_it(void **)
{
    FamilyHistory history;
    JobRanking ranking(queues(400), &history);
    assert_string_equal(ranking.explain("resnet50", 840).c_str(),
                        "ranked by attained service: 840 GPU-s so far, queue 2");
    history.add("resnet50", 1000);
    history.add("", 100);
    assert_string_equal(
        ranking.explain("resnet50", 800).c_str(),
        "ranked by Gittins index of family resnet50 (1 finished jobs): 0.005 per GPU-s at 800 GPU-s so far");
    assert_string_equal(ranking.explain("", 840).c_str(),
                        "ranked by Gittins index of jobs without a family (1 finished jobs): 0 per GPU-s at 840 GPU-s "
                        "so far, none held more; queue 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_familys_index_comes_from_its_own_completed_jobs),
        cmocka_unit_test(ranked_by_service_until_a_job_has_completed),
        cmocka_unit_test(a_job_near_its_familys_end_outranks_a_new_one_of_an_unknown_family),
        cmocka_unit_test(a_rank_is_explained_by_what_decided_it),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
