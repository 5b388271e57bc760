// Unit tests for the round `accord` (sim/accord_round_policy.h) on
// tests/data/sim/packing_pairs.json (v100, one GPU: A and D alone at
// 10 steps/s, never measured together, so never packed).
#include "cmocka_cpp.h"

#include <cmath>
#include <vector>

#include "sim/accord_round_policy.h"
#include "sim/cluster_spec.h"
#include "sim/pair_predictor.h"
#include "sim/round_simulator.h"
#include "sim_fixture.h"
#include "trace_job_builder.h"

using namespace accord::sim;

static bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

// One GPU, rounds of 360 s. Job 1 (type A, 6,000 s) runs alone and ends
// at 6,000; job 2 (A again) arrives then, on an idle cluster, and needs
// 6,000 s. Job 3 (type D, never seen) arrives at 10,000: at the 10,320
// round job 2 has held 4,320 GPU-seconds, past the first LAS queue, so LAS
// would pause it for the newcomer; its type's history says it has 1,680
// left, the newcomer's type is unknown (presumed long), so job 2 runs to
// its end at 12,000 and job 3 starts in the next round.
static void job_of_a_recurring_type_near_its_end_keeps_its_gpu(void **)
{
    const ThroughputTable table = ThroughputTable::load_gavel(accord::test::fixture("packing_pairs.json"));
    JobSpeed speed(table);
    OraclePairs pairs(speed);
    AccordRoundPolicy policy(pairs);
    RoundConfig config;
    config.nodes = parse_cluster_spec("v100:1x1");
    std::vector<TraceJob> trace = {accord::test::job("A", 60000, 0, 1, 1), accord::test::job("A", 60000, 6000, 1, 2),
                                   accord::test::job("D", 100000, 10000, 1, 3)};
    SimResult r = simulate_rounds(trace, speed, config, policy);
    assert_true(near(r.jobs[0].end_s, 6000));
    assert_true(near(r.jobs[1].start_s, 6000));
    assert_true(near(r.jobs[1].end_s, 12000));
    assert_true(near(r.jobs[2].start_s, 12120));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(job_of_a_recurring_type_near_its_end_keeps_its_gpu),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
