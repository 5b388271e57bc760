// Unit tests for the pair predictors accord packs by (sim/pair_predictor.h,
// sim/model_pairs.h, sim/pair_choice.h) on tests/data/sim/packing_pairs.json
// (v100, one GPU: A+B measured at 6+6 steps/s, A+C at 4+4, A+E at 8+0.8,
// A+D never; alone A, B, C, D 10 steps/s, E 1), with a fake learned model.
#include <algorithm>
#include <cmath>
#include <fstream>  // before cmocka, whose fail() macro breaks <ios>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "reader_test.h"
#include "sim/accord_round_policy.h"
#include "sim/input_error.h"
#include "sim/model_pairs.h"
#include "sim/pair_choice.h"
#include "sim/pair_predictor.h"
#include "sim/round_simulator.h"
#include "sim/cluster_spec.h"
#include "sim_fixture.h"
#include "trace_job_builder.h"

using namespace accord::sim;
namespace model = accord::model;

static const JobSpeed &speed()
{
    static const ThroughputTable table = ThroughputTable::load_gavel(accord::test::fixture("packing_pairs.json"));
    static const JobSpeed s(table);
    return s;
}

static bool same(const std::optional<std::pair<double, double>> &got, double a, double b)
{
    return got && std::fabs(got->first - a) < 1e-9 && std::fabs(got->second - b) < 1e-9;
}

// A model whose slowdown is `slowdown`, except `valid` = false on the GPU
// type `unknown_gpu`; it records every candidate it was asked about.
class FakeModel : public model::ThroughputModel {
public:
    explicit FakeModel(double slowdown, std::string unknown_gpu = "") : slowdown_(slowdown), unknown_(unknown_gpu) {}
    void predict(const model::Candidate *candidates, size_t n, model::Prediction *out) const override
    {
        calls++;
        for (size_t i = 0; i < n; i++) {
            asked.push_back(candidates[i]);
            out[i] = model::Prediction{};
            out[i].slowdown = slowdown_;
            out[i].valid = candidates[i].gpu_type != unknown_;
        }
    }
    bool declare_gpu_type(const std::string &, const model::GpuDescriptor &) override { return false; }
    std::string reference_gpu_type() const override { return "v100"; }
    std::vector<std::string> families() const override { return {}; }
    std::vector<std::string> gpu_types() const override { return {"v100", "k80"}; }

    mutable int calls = 0;
    mutable std::vector<model::Candidate> asked;

private:
    double slowdown_;
    std::string unknown_;
};

static PairDomain domain()
{
    return PairDomain{{"k80", "v100"}, {"A", "B", "C", "D", "E"}, {1}};
}

static void oracle_is_the_measured_table(void **)
{
    OraclePairs oracle(speed());
    assert_true(same(oracle.rates("v100", "A", "B", 1), 6, 6));
    assert_true(same(oracle.rates("v100", "E", "A", 1), 0.8, 8));
    assert_false(oracle.rates("v100", "A", "D", 1).has_value());
    assert_false(oracle.rates("k80", "A", "B", 1).has_value());
}

static void none_gives_each_job_its_rate_alone_on_measured_pairs(void **)
{
    NoInterferencePairs none(speed());
    assert_true(same(none.rates("v100", "A", "C", 1), 10, 10));
    assert_true(same(none.rates("v100", "A", "E", 1), 10, 1));
    assert_false(none.rates("v100", "A", "D", 1).has_value());  // the ground truth cannot run it
    assert_false(none.rates("k80", "A", "B", 1).has_value());
}

static void model_rates_are_alone_times_slowdown_predicted_once(void **)
{
    FakeModel fake(0.5);
    ModelPairs pairs(speed(), {PairModel{&fake, {}}}, domain());
    // One batch: the 6 ordered measured pairs, each job next to the other.
    assert_int_equal(fake.calls, 1);
    assert_int_equal(fake.asked.size(), 12);
    assert_int_equal(pairs.pairs(), 6);
    auto asked_about = [&](const char *job, const char *other) {
        return std::any_of(fake.asked.begin(), fake.asked.end(), [&](const model::Candidate &c) {
            return c.job.family == job && c.gpu_type == "v100" && c.gpus == 1 && !c.spread &&
                   c.co_runners.size() == 1 && c.co_runners[0].family == other;
        });
    };
    assert_true(asked_about("A", "E") && asked_about("E", "A"));
    assert_true(same(pairs.rates("v100", "A", "E", 1), 5, 0.5));
    assert_true(same(pairs.rates("v100", "C", "A", 1), 5, 5));
    assert_false(pairs.rates("v100", "A", "D", 1).has_value());
    assert_false(pairs.rates("k80", "A", "B", 1).has_value());
    assert_int_equal(fake.calls, 1);  // asking again predicts nothing new
}

static void model_maps_job_types_to_family_and_batch_size(void **)
{
    static const char kTable[] =
        "{\"v100\": {\"('ResNet-50 (batch size 64)', 1)\": {\"null\": 4.0, \"('LM (batch size 5)', 1)\": [2.0, 3.0]},"
        " \"('LM (batch size 5)', 1)\": {\"null\": 6.0, \"('ResNet-50 (batch size 64)', 1)\": [3.0, 2.0]}}}";
    ThroughputTable table = ThroughputTable::load_gavel(accord::test::write_file("named.json", kTable));
    JobSpeed s(table);
    FakeModel fake(0.25);
    ModelPairs pairs(s, {PairModel{&fake, {}}}, PairDomain{{"v100"}, {"LM (batch size 5)", "ResNet-50 (batch size 64)"}, {1}});
    assert_int_equal(fake.asked.size(), 4);
    for (const auto &c : fake.asked) {
        bool resnet = c.job.family == "ResNet-50";
        assert_true(resnet || c.job.family == "LM");
        assert_int_equal(c.job.batch_size, resnet ? 64 : 5);
        assert_string_equal(c.co_runners[0].family.c_str(), resnet ? "LM" : "ResNet-50");
    }
    assert_true(same(pairs.rates("v100", "LM (batch size 5)", "ResNet-50 (batch size 64)", 1), 1.5, 1));
}

static void pair_goes_to_the_model_that_held_out_its_type(void **)
{
    FakeModel all(0.5), without_c(0.9);
    ModelPairs pairs(speed(), {PairModel{&all, {}}, PairModel{&without_c, {"C"}}}, domain());
    assert_true(same(pairs.rates("v100", "A", "C", 1), 9, 9));
    assert_true(same(pairs.rates("v100", "C", "A", 1), 9, 9));
    assert_true(same(pairs.rates("v100", "A", "B", 1), 5, 5));
    assert_int_equal(without_c.asked.size(), 4);  // A+C and C+A only
    assert_int_equal(all.asked.size(), 8);
}

static void invalid_prediction_is_never_packed_and_no_model_is_refused(void **)
{
    FakeModel blind(0.5, "v100");
    ModelPairs pairs(speed(), {PairModel{&blind, {}}}, domain());
    assert_false(pairs.rates("v100", "A", "B", 1).has_value());
    assert_int_equal(pairs.pairs(), 0);
    try {
        ModelPairs none(speed(), {}, domain());
        fail_msg("built without a model");
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), "at least one model");
    }
}

static void domain_is_the_traces_types_and_counts(void **)
{
    std::vector<TraceJob> jobs = {accord::test::job("A", 10, 0, 2, 1), accord::test::job("B", 10, 0, 1, 2)};
    jobs[1].min_gpus = 1;
    jobs[1].max_gpus = 4;
    PairDomain d = pair_domain(jobs, speed().table());
    assert_true(d.job_types == (std::set<std::string>{"A", "B"}));
    assert_true(d.gpu_counts == (std::set<int>{1, 2, 3, 4}));
    assert_true(d.gpu_types == (std::set<std::string>{"k80", "v100"}));
}

static void held_out_types_come_from_the_metadata(void **)
{
    using accord::test::g_tmpdir;
    using accord::test::write_file;
    write_file("held.pt.json", "{\"held_out_pair_types\": [\"A\", \"LM (batch size 5)\"]}");
    assert_true(held_out_pair_types(g_tmpdir + "/held.pt") == (std::set<std::string>{"A", "LM (batch size 5)"}));
    write_file("all.pt.json", "{\"families\": []}");
    assert_true(held_out_pair_types(g_tmpdir + "/all.pt").empty());
    std::string bad = write_file("bad.pt.json", "{\"held_out_pair_types\": [3]}");
    try {
        held_out_pair_types(g_tmpdir + "/bad.pt");
        fail_msg("accepted a number");
    } catch (const InputError &e) {
        assert_contains(e.what(), "held_out_pair_types");
        assert_contains(e.what(), bad.c_str());
    }
}

// A on the only GPU, C waiting: measured, A+C does 0.8 of A alone, so the
// oracle never packs them; told there is no interference, accord packs
// them and both run at the measured 4 steps/s.
static SimResult run_a_and_c(const PairPredictor &pairs)
{
    std::vector<TraceJob> trace = {accord::test::job("A", 36000, 0, 1, 1), accord::test::job("C", 36000, 0, 1, 2)};
    RoundConfig config;
    config.nodes = parse_cluster_spec("v100:1x1");
    AccordRoundPolicy policy(pairs);
    return simulate_rounds(trace, speed(), config, policy);
}

static bool packed(const SimResult &r)
{
    return std::any_of(r.decisions.begin(), r.decisions.end(),
                       [](const std::string &d) { return d.find(" pack job=") != std::string::npos; });
}

static void accord_packs_by_its_predictor_and_runs_by_the_measurement(void **)
{
    OraclePairs oracle(speed());
    NoInterferencePairs none(speed());
    SimResult measured = run_a_and_c(oracle), assumed = run_a_and_c(none);
    assert_false(packed(measured));
    assert_true(packed(assumed));
    // Alone one after the other: 3,600 s each at 10 steps/s; packed at 4
    // steps/s both would take 9,000 s, so the assumption costs time.
    assert_true(std::max(assumed.jobs[0].end_s, assumed.jobs[1].end_s) >
                std::max(measured.jobs[0].end_s, measured.jobs[1].end_s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(oracle_is_the_measured_table),
        cmocka_unit_test(none_gives_each_job_its_rate_alone_on_measured_pairs),
        cmocka_unit_test(model_rates_are_alone_times_slowdown_predicted_once),
        cmocka_unit_test(model_maps_job_types_to_family_and_batch_size),
        cmocka_unit_test(pair_goes_to_the_model_that_held_out_its_type),
        cmocka_unit_test(invalid_prediction_is_never_packed_and_no_model_is_refused),
        cmocka_unit_test(domain_is_the_traces_types_and_counts),
        cmocka_unit_test(held_out_types_come_from_the_metadata),
        cmocka_unit_test(accord_packs_by_its_predictor_and_runs_by_the_measurement),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
