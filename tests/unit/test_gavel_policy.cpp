// Unit tests for Gavel's round-based mechanism (contrib/sim/gavel_mechanism.h)
// and the policies built on it (gavel_policy.h), driven round by round
// with hand-built RoundView values (tests/unit/gavel_view.h).
#include "cmocka_cpp.h"

#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "gavel_view.h"
#include "sim/gavel_mechanism.h"
#include "sim/gavel_policy.h"
#include "sim_fixture.h"

using namespace accord::sim;
using accord::test::GavelView;
using accord::test::pool;
using accord::test::table_of;
using accord::test::three_jobs;

// Each job at most once; per type the GPUs fit; pairs name each other.
static void assert_valid(const RoundView &view, const std::vector<Allocation> &given)
{
    std::set<size_t> seen;
    std::map<std::string, int> used;
    for (const Allocation &a : given) {
        assert_true(seen.insert(a.job).second);
        const Assignment &as = a.assignment;
        if (as.partner < 0 || static_cast<size_t>(as.partner) > a.job)
            used[as.gpu_type] += as.gpus;
        if (as.partner >= 0) {
            bool mirrored = false;
            for (const Allocation &b : given)
                mirrored |= b.job == static_cast<size_t>(as.partner) &&
                            b.assignment.partner == static_cast<long>(a.job) &&
                            b.assignment.gpu_type == as.gpu_type && b.assignment.gpus == as.gpus;
            assert_true(mirrored);
        }
    }
    for (const GpuPool &p : view.pools)
        assert_true(used[p.type] <= p.total());
}

static const Allocation *find(const std::vector<Allocation> &given, size_t job)
{
    for (const Allocation &a : given)
        if (a.job == job)
            return &a;
    return nullptr;
}

static GavelPolicy fair(GavelOptions options = {})
{
    return GavelPolicy("gavel-fair", GavelObjective::max_min_fairness, false, options);
}

static void factory_knows_every_name(void **)
{
    for (const std::string &name : gavel_policy_names())
        assert_string_equal(make_gavel_policy(name)->name().c_str(), name.c_str());
    assert_int_equal(gavel_policy_names().size(), 5);
    bool threw = false;
    try {
        make_gavel_policy("gavel-nope");
    } catch (const std::invalid_argument &) {
        threw = true;
    }
    assert_true(threw);
}

static void rounds_converge_to_the_allocation(void **)
{
    GavelView v = three_jobs();
    GavelPolicy policy = fair();
    const int rounds = 380;
    std::map<std::pair<size_t, std::string>, int> held;
    for (int r = 0; r < rounds; r++) {
        auto given = policy.allocate(v.view);
        assert_valid(v.view, given);
        for (const Allocation &a : given)
            held[{a.job, a.assignment.gpu_type}]++;
        v.advance(given);
    }
    assert_int_equal(policy.solves(), 1);
    const double want[3][2] = {{10.0 / 19, 0}, {0, 12.0 / 19}, {9.0 / 19, 7.0 / 19}};
    const char *types[2] = {"fast", "slow"};
    for (size_t j = 0; j < 3; j++)
        for (size_t k = 0; k < 2; k++) {
            double got = held[{j, types[k]}] / double(rounds);
            if (std::fabs(got - want[j][k]) > 0.02)
                fail_msg("job %zu on %s: %.3f of rounds, X = %.3f", j, types[k], got, want[j][k]);
        }
}

static Candidate candidate(size_t job, long partner, int gpus, std::vector<bool> runnable,
                           const std::vector<double> *x)
{
    Candidate c;
    c.key = {job, partner};
    c.gpus = gpus;
    c.runnable = std::move(runnable);
    c.x = x;
    return c;
}

static void highest_allocation_per_round_held_goes_first(void **)
{
    // One GPU. a: X 0.5, b: X 0.3; both unseen (seed 1/2): a first. After
    // a held it 2 rounds (2.5), 0.5 / 2.5 < 0.3 / 0.5: b first.
    std::vector<GpuPool> pools = {pool("gpu", 1, 1)};
    std::vector<double> xa = {0.5}, xb = {0.3};
    std::vector<Candidate> c = {candidate(0, -1, 1, {true}, &xa), candidate(1, -1, 1, {true}, &xb)};
    RoundHistory h;
    auto given = assign_round(c, pools, {0}, h);
    assert_int_equal(given.size(), 1);
    assert_int_equal(given[0].job, 0);
    h.rounds[{0, -1}] = {2.5};
    given = assign_round(c, pools, {0}, h);
    assert_int_equal(given[0].job, 1);
}

static void equal_priorities_go_by_deficit_then_allocation_then_key(void **)
{
    std::vector<GpuPool> pools = {pool("gpu", 1, 1)};
    std::vector<double> x = {0.5};
    std::vector<Candidate> c = {candidate(0, -1, 1, {true}, &x), candidate(1, -1, 1, {true}, &x)};
    RoundHistory h;
    assert_int_equal(assign_round(c, pools, {0}, h)[0].job, 0);
    h.deficit[{1, -1}] = {0.7};
    assert_int_equal(assign_round(c, pools, {0}, h)[0].job, 1);
    // Both at priority 0 (no share): the larger X would win, then the key.
    std::vector<double> zero = {0.0};
    std::vector<Candidate> idle = {candidate(3, -1, 1, {true}, &zero), candidate(2, -1, 1, {true}, nullptr)};
    assert_int_equal(assign_round(idle, pools, {0}, {})[0].job, 2);
}

static void unallocated_entries_fill_free_gpus(void **)
{
    // Two GPUs: the allocated job first, then one with no share.
    std::vector<GpuPool> pools = {pool("gpu", 1, 2)};
    std::vector<double> x = {1.0};
    std::vector<Candidate> c = {candidate(5, -1, 1, {true}, nullptr), candidate(4, -1, 1, {true}, &x)};
    auto given = assign_round(c, pools, {0}, {});
    assert_int_equal(given.size(), 2);
    assert_int_equal(given[0].job, 4);
    assert_int_equal(given[1].job, 5);
}

static void entry_wider_than_free_gpus_is_skipped(void **)
{
    // Three GPUs: a (1 GPU) first, b (3 GPUs) no longer fits, c (2) does.
    std::vector<GpuPool> pools = {pool("gpu", 1, 3)};
    std::vector<double> xa = {0.9}, xb = {0.5}, xc = {0.2};
    std::vector<Candidate> c = {candidate(0, -1, 1, {true}, &xa), candidate(1, -1, 3, {true}, &xb),
                                candidate(2, -1, 2, {true}, &xc)};
    auto given = assign_round(c, pools, {0}, {});
    assert_int_equal(given.size(), 2);
    assert_int_equal(given[1].job, 2);
    assert_int_equal(given[1].assignment.gpus, 2);
}

static void types_filled_in_order_each_job_once(void **)
{
    // a can run on both; the type filled first takes it, the other type
    // goes to b even though a's priority there is higher.
    std::vector<GpuPool> pools = {pool("p", 1, 1), pool("q", 1, 1)};
    std::vector<double> xa = {0.5, 0.5}, xb = {0.1, 0.1};
    std::vector<Candidate> c = {candidate(0, -1, 1, {true, true}, &xa), candidate(1, -1, 1, {true, true}, &xb)};
    auto given = assign_round(c, pools, {1, 0}, {});
    assert_string_equal(find(given, 0)->assignment.gpu_type.c_str(), "q");
    assert_string_equal(find(given, 1)->assignment.gpu_type.c_str(), "p");
    // Not runnable on q: a goes to p.
    c[0].runnable = {true, false};
    given = assign_round(c, pools, {1, 0}, {});
    assert_string_equal(find(given, 0)->assignment.gpu_type.c_str(), "p");
}

static void pairs_are_placed_as_units(void **)
{
    // Pair (0, 1) first; single 1 is then skipped, single 2 runs.
    std::vector<GpuPool> pools = {pool("gpu", 1, 2)};
    std::vector<double> xp = {0.9}, x1 = {0.5}, x2 = {0.1};
    std::vector<Candidate> c = {candidate(0, 1, 1, {true}, &xp), candidate(1, -1, 1, {true}, &x1),
                                candidate(2, -1, 1, {true}, &x2)};
    auto given = assign_round(c, pools, {0}, {});
    assert_int_equal(given.size(), 3);
    assert_int_equal(find(given, 0)->assignment.partner, 1);
    assert_int_equal(find(given, 1)->assignment.partner, 0);
    assert_int_equal(find(given, 2)->assignment.partner, -1);
    // A pair one of whose jobs is placed already is skipped.
    std::vector<Candidate> d = {candidate(1, -1, 1, {true}, &xp), candidate(0, 1, 1, {true}, &x1)};
    given = assign_round(d, pools, {0}, {});
    assert_int_equal(given.size(), 1);
}

static void new_job_waits_for_the_next_reset(void **)
{
    // Rounds of 360 s; A and B at 0; C at 360 s has no share until the LP
    // is solved again, at the first round 1920 s after the last solve.
    GavelView v(table_of({{"gpu", "A", 1, 1}, {"gpu", "B", 1, 1}, {"gpu", "C", 1, 1}}), {pool("gpu", 1, 2)});
    v.add("A");
    v.add("B");
    GavelPolicy policy = fair();
    v.advance(policy.allocate(v.view));
    size_t c = v.add("C");
    while (v.view.now_s < 1920) {
        auto given = policy.allocate(v.view);
        assert_int_equal(policy.solves(), 1);
        assert_true(policy.allocation().find({c, -1}) == policy.allocation().end());
        assert_null(find(given, c));  // A and B hold their full shares
        v.advance(given);
    }
    policy.allocate(v.view);
    assert_int_equal(policy.solves(), 2);
    assert_true(std::fabs(policy.allocation().at({c, -1})[0] - 2.0 / 3) < 1e-6);
}

static void same_jobs_are_not_solved_again(void **)
{
    GavelView v = three_jobs();
    GavelPolicy policy = fair();
    for (int r = 0; r < 12; r++)
        v.advance(policy.allocate(v.view));
    assert_int_equal(policy.solves(), 1);
    v.remove(2);
    policy.allocate(v.view);
    assert_int_equal(policy.solves(), 2);
}

static void reset_turns_missed_rounds_into_deficit(void **)
{
    // One GPU, A and B with X = 1/2 each for 6 rounds (2160 s >= 1920 s).
    // Then B leaves: A's deficit is 1/2 * 6 rounds due - rounds held.
    GavelView v(table_of({{"gpu", "A", 1, 1}, {"gpu", "B", 1, 1}, {"gpu", "C", 1, 1}}), {pool("gpu", 1, 1)});
    v.add("A");
    v.add("B");
    GavelPolicy policy = fair();
    int held_a = 0;
    for (int r = 0; r < 6; r++) {
        auto given = policy.allocate(v.view);
        held_a += find(given, 0) != nullptr;
        v.advance(given);
    }
    v.remove(1);
    v.add("C");
    policy.allocate(v.view);
    assert_int_equal(policy.solves(), 2);
    // The sixth round is recorded at this call; rounds held start over.
    assert_true(std::fabs(policy.history().deficit.at({0, -1})[0] - (3.0 - held_a)) < 1e-9);
    assert_true(policy.history().rounds.count({0, -1}) == 0);
    assert_true(policy.history().deficit.count({1, -1}) == 0);
}

static void entry_that_never_ran_accrues_its_share(void **)
{
    // Re-solve at every change: three jobs with X = 1/3 on one GPU, one
    // round, then a fourth job: the two that did not run are 1/3 behind.
    GavelOptions options;
    options.min_reset_interval_s = 0;
    GavelView v(table_of({{"gpu", "A", 1, 1}}), {pool("gpu", 1, 1)});
    v.add("A");
    v.add("A");
    v.add("A");
    GavelPolicy policy = fair(options);
    auto given = policy.allocate(v.view);
    assert_int_equal(given.size(), 1);
    size_t ran = given[0].job;
    v.advance(given);
    v.add("A");
    policy.allocate(v.view);
    assert_int_equal(policy.solves(), 2);
    for (size_t j = 0; j < 3; j++) {
        double want = 1.0 / 3 - (j == ran ? 1 : 0);
        assert_true(std::fabs(policy.history().deficit.at({j, -1})[0] - want) < 1e-6);
    }
}

static void failed_solve_still_schedules(void **)
{
    GavelOptions options;
    options.budget.iteration_limit = 0;
    GavelView v = three_jobs();
    GavelPolicy policy = fair(options);
    auto given = policy.allocate(v.view);
    assert_false(policy.last_solve_succeeded());
    assert_valid(v.view, given);
    assert_int_equal(given.size(), 2);
}

static void packed_policy_runs_measured_pairs_only(void **)
{
    // a+b is a measured, helpful pair; c was only measured with a, badly.
    GavelView v(ThroughputTable::load_gavel(accord::test::fixture("gavel_pairs.json")), {pool("gpu", 1, 1)});
    v.add("a");
    v.add("b");
    v.add("c");
    auto policy = make_gavel_policy("gavel-fair-packed");
    int paired = 0;
    for (int r = 0; r < 19; r++) {
        auto given = policy->allocate(v.view);
        assert_valid(v.view, given);
        for (const Allocation &a : given)
            if (a.assignment.partner >= 0) {
                assert_true(a.job <= 1 && a.assignment.partner <= 1);
                paired++;
            }
        v.advance(given);
    }
    assert_true(paired >= 2 * 8);  // X gives the pair 10/19 of the time
}

static std::vector<std::string> first_types(RoundPolicy &policy, GavelView &v, int rounds)
{
    std::vector<std::string> out;
    for (int r = 0; r < rounds; r++) {
        auto given = policy.allocate(v.view);
        out.push_back(given.at(0).assignment.gpu_type);
        v.advance(given);
    }
    return out;
}

static void agnostic_shuffles_types_reproducibly(void **)
{
    // One job that runs on both types lands on the type filled first: the
    // agnostic policy shuffles that order every round (seeded), the
    // heterogeneity-aware one fills the faster type first.
    auto run = [](const std::string &name) {
        GavelView v(table_of({{"fast", "A", 1, 4}, {"slow", "A", 1, 1}}), {pool("fast", 1, 1), pool("slow", 1, 1)});
        v.add("A");
        auto policy = make_gavel_policy(name);
        return first_types(*policy, v, 20);
    };
    auto shuffled = run("gavel-fair-agnostic");
    assert_true(shuffled == run("gavel-fair-agnostic"));
    assert_true(std::set<std::string>(shuffled.begin(), shuffled.end()).size() == 2);
    for (const std::string &t : run("gavel-fair"))
        assert_string_equal(t.c_str(), "fast");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(factory_knows_every_name),
        cmocka_unit_test(rounds_converge_to_the_allocation),
        cmocka_unit_test(highest_allocation_per_round_held_goes_first),
        cmocka_unit_test(equal_priorities_go_by_deficit_then_allocation_then_key),
        cmocka_unit_test(unallocated_entries_fill_free_gpus),
        cmocka_unit_test(entry_wider_than_free_gpus_is_skipped),
        cmocka_unit_test(types_filled_in_order_each_job_once),
        cmocka_unit_test(pairs_are_placed_as_units),
        cmocka_unit_test(new_job_waits_for_the_next_reset),
        cmocka_unit_test(same_jobs_are_not_solved_again),
        cmocka_unit_test(reset_turns_missed_rounds_into_deficit),
        cmocka_unit_test(entry_that_never_ran_accrues_its_share),
        cmocka_unit_test(failed_solve_still_schedules),
        cmocka_unit_test(packed_policy_runs_measured_pairs_only),
        cmocka_unit_test(agnostic_shuffles_types_reproducibly),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
