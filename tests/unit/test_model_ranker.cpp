// Unit tests for core/model_ranker: the per-cycle batch put to the learned
// model, and how its answers and running jobs' measurements become GPU
// type speeds. A fake model stands in
// for the LibTorch one (which test_model_loader covers).
#include "cmocka_cpp.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/model_ranker.h"
#include "sample_builder.h"
#include "snapshot_builder.h"

using accord::core::PendingJob;
using accord::model::Candidate;
using accord::model::Prediction;
using accord::core::ObservedSpeeds;
using accord::core::ThroughputSample;
using accord::core::cycle_ranker;
using accord::core::predict_family_speeds;
using accord::test::SnapshotBuilder;
using accord::test::sample;

namespace {

// Knows families "ResNet-50" and "LM" and types v100 (1) and a100 (2.5);
// a job's speed is the type's times its family's factor (LM: 2), its
// ensemble spread 0.02 on v100 and 0.2 on a100. Records every batch it is
// asked.
class FakeModel : public accord::model::ThroughputModel {
public:
    mutable std::vector<std::vector<Candidate>> batches;

    void predict(const Candidate *c, size_t n, Prediction *out) const override
    {
        batches.emplace_back(c, c + n);
        for (size_t i = 0; i < n; i++) {
            bool family = c[i].job.family == "ResNet-50" || c[i].job.family == "LM";
            bool gpu = c[i].gpu_type == "v100" || c[i].gpu_type == "a100";
            out[i] = Prediction{};
            out[i].family_known = family;
            out[i].gpu_known = gpu;
            out[i].valid = gpu;
            out[i].relative_throughput = (c[i].gpu_type == "a100" ? 2.5 : 1.0) * (c[i].job.family == "LM" ? 2 : 1);
            out[i].uncertainty = c[i].gpu_type == "a100" ? 0.2 : 0.02;
        }
    }
    bool declare_gpu_type(const std::string &, const accord::model::GpuDescriptor &) override { return false; }
    std::string reference_gpu_type() const override { return "v100"; }
    std::vector<std::string> families() const override { return {"LM", "ResNet-50"}; }
    std::vector<std::string> gpu_types() const override { return {"a100", "v100"}; }
};

PendingJob &gpu_job(SnapshotBuilder &b, uint32_t id, const std::string &family)
{
    PendingJob &j = b.add_pending(id);
    j.gpus.per_node = 1;
    j.family = family;
    return j;
}

// Nodes of a100, v100 and t4 (unknown to the model); jobs of a known
// family twice (one with a batch size), an unknown family, none, and a
// CPU-only job of a known family.
SnapshotBuilder cluster()
{
    SnapshotBuilder b;
    b.add_node("a", 8, 64000, {{"a100", 4}});
    b.add_node("v", 8, 64000, {{"v100", 4}});
    b.add_node("t", 8, 64000, {{"t4", 4}});
    gpu_job(b, 1, "ResNet-50 (batch size 64)");
    gpu_job(b, 2, "ResNet-50 (batch size 64)");
    gpu_job(b, 3, "mystery");
    gpu_job(b, 4, "");
    b.add_pending(5).family = "LM";
    return b;
}

}  // namespace

static void one_batch_per_cycle_of_distinct_families_and_types(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    predict_family_speeds(model, b.snapshot(), {});
    assert_int_equal(model.batches.size(), 1);
    // 2 families with GPU jobs (the batch-size one once, "mystery") x 3 types.
    assert_int_equal(model.batches[0].size(), 6);
    const Candidate &first = model.batches[0][0];
    assert_string_equal(first.job.family.c_str(), "ResNet-50");
    assert_int_equal(first.job.batch_size, 64);
    assert_int_equal(first.gpus, 1);
    assert_true(first.co_runners.empty());
}

static void no_family_in_the_queue_asks_nothing(void **)
{
    SnapshotBuilder b;
    b.add_node("v", 8, 64000, {{"v100", 4}});
    gpu_job(b, 1, "");
    FakeModel model;
    assert_true(predict_family_speeds(model, b.snapshot(), {}).speeds.empty());
    assert_true(model.batches.empty());
}

static void only_known_family_and_type_pairs_get_speeds(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    auto predicted = predict_family_speeds(model, b.snapshot(), {});
    assert_int_equal(predicted.speeds.size(), 1);
    const auto &resnet = predicted.speeds.at("ResNet-50 (batch size 64)");
    assert_int_equal(resnet.size(), 2);  // not t4
    assert_true(resnet.at("a100") == 2.5);
    assert_true(resnet.at("v100") == 1.0);
    // The spreads of exactly those pairs.
    assert_int_equal(predicted.spreads.size(), 1);
    const auto &spread = predicted.spreads.at("ResNet-50 (batch size 64)");
    assert_int_equal(spread.size(), 2);
    assert_true(spread.at("a100") == 0.2);
    assert_true(spread.at("v100") == 0.02);
}

static void speeds_take_the_tables_scale_when_it_rates_the_reference(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    auto speeds = predict_family_speeds(model, b.snapshot(), {{"v100", 2}, {"t4", 1}}).speeds;
    assert_true(speeds.at("ResNet-50 (batch size 64)").at("a100") == 5.0);
    assert_true(speeds.at("ResNet-50 (batch size 64)").at("v100") == 2.0);
}

static void ranker_uses_the_model_for_known_families_and_the_table_otherwise(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    const std::map<std::string, double> table = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
    auto ranker = cycle_ranker(&model, "learned model m.pt", ObservedSpeeds(), b.snapshot(), table);
    const auto &queue = b.snapshot().queue;
    assert_true(*ranker->speed(queue[0], "a100") == 5.0);  // model, table scale (2.5 x 2)
    assert_true(*ranker->speed(queue[0], "t4") == 1.0);    // type unknown to the model: table
    assert_true(*ranker->speed(queue[2], "a100") == 3.0);  // family unknown: table
    assert_true(*ranker->speed(queue[3], "a100") == 3.0);  // no family: table
    assert_contains(ranker->speed_source(), "learned model m.pt");
    assert_contains(ranker->speed_source(), "accord_gpu_speed");
}

// Running jobs measured "mystery" (unknown to the model) twice as fast on
// t4 as on a100, and ResNet-50 on v100 at 4 steps/s: those replace the
// prior (the table, the model) and rescale the family's other types.
static void measurements_of_running_jobs_replace_the_prior(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    ObservedSpeeds observed;
    observed.add(sample(7, "mystery", "t4", 1, 6));
    observed.add(sample(8, "mystery", "a100", 1, 3));
    observed.add(sample(9, "ResNet-50 (batch size 64)", "v100", 1, 4));
    const std::map<std::string, double> table = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
    auto ranker = cycle_ranker(&model, "learned model m.pt", observed, b.snapshot(), table);
    const auto &queue = b.snapshot().queue;
    assert_true(*ranker->speed(queue[2], "t4") == 6.0);
    assert_true(*ranker->speed(queue[2], "a100") == 3.0);
    assert_true(*ranker->speed(queue[0], "v100") == 4.0);
    assert_true(*ranker->speed(queue[0], "a100") == 10.0);  // the model's 5.0 x measured/predicted (4 / 2)
    assert_true(*ranker->speed(queue[3], "a100") == 3.0);   // no family: table
    assert_contains(ranker->speed_source(), "measured by running jobs");
    assert_contains(ranker->speed_source(), "learned model m.pt");
}

static void without_model_or_measurements_the_table_ranks(void **)
{
    SnapshotBuilder b = cluster();
    const std::map<std::string, double> table = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
    auto plain = cycle_ranker(nullptr, "", ObservedSpeeds(), b.snapshot(), table);
    assert_string_equal(plain->rule().c_str(), accord::core::SpeedTableRanker(table).rule().c_str());
    ObservedSpeeds observed;
    observed.add(sample(7, "mystery", "t4", 1, 6));
    observed.add(sample(8, "mystery", "a100", 1, 3));
    auto learned = cycle_ranker(nullptr, "", observed, b.snapshot(), table);
    const auto &queue = b.snapshot().queue;
    assert_true(learned->score(queue[2], "t4") > learned->score(queue[2], "a100"));
    assert_true(plain->score(queue[2], "t4") < plain->score(queue[2], "a100"));
    assert_contains(learned->speed_source(), "measured by running jobs");
}

// "mystery" ran on an a100 only (3 steps/s, as the table): the v100 it
// has not run on (2) is explored under accord_explore=0.6 (2 x 1.6 > 3),
// its speed unchanged; without the bound the a100 ranks first.
static void accord_explore_raises_the_types_a_family_has_not_run_on(void **)
{
    SnapshotBuilder b = cluster();
    ObservedSpeeds observed;
    observed.add(sample(8, "mystery", "a100", 1, 3));
    const std::map<std::string, double> table = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
    const auto &queue = b.snapshot().queue;
    auto exploring = cycle_ranker(nullptr, "", observed, b.snapshot(), table, 0.6);
    assert_true(exploring->score(queue[2], "v100") > exploring->score(queue[2], "a100"));
    assert_true(*exploring->speed(queue[2], "v100") == 2.0);
    auto plain = cycle_ranker(nullptr, "", observed, b.snapshot(), table, 0);
    assert_true(plain->score(queue[2], "v100") < plain->score(queue[2], "a100"));
}

// With the model, the bonus scales with its spread (the largest, a100's
// 0.2, gets the whole bound; v100's 0.02 a tenth of it). "ResNet-50" ran
// on t4 only.
static void with_the_model_accord_explore_scales_with_its_spread(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    ObservedSpeeds observed;
    observed.add(sample(9, "ResNet-50 (batch size 64)", "t4", 1, 4));
    const std::map<std::string, double> table = {{"a100", 3}, {"v100", 2}, {"t4", 1}};
    const PendingJob &resnet = b.snapshot().queue[0];
    auto learned = cycle_ranker(&model, "m.pt", observed, b.snapshot(), table, 0);
    auto exploring = cycle_ranker(&model, "m.pt", observed, b.snapshot(), table, 0.5);
    assert_true(std::fabs(exploring->score(resnet, "a100") - learned->score(resnet, "a100") * 1.5) < 1e-9);
    assert_true(std::fabs(exploring->score(resnet, "v100") - learned->score(resnet, "v100") * 1.05) < 1e-9);
    assert_true(exploring->score(resnet, "t4") == learned->score(resnet, "t4"));  // measured
    assert_contains(exploring->rule(), "uncertainty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_batch_per_cycle_of_distinct_families_and_types),
        cmocka_unit_test(no_family_in_the_queue_asks_nothing),
        cmocka_unit_test(only_known_family_and_type_pairs_get_speeds),
        cmocka_unit_test(speeds_take_the_tables_scale_when_it_rates_the_reference),
        cmocka_unit_test(ranker_uses_the_model_for_known_families_and_the_table_otherwise),
        cmocka_unit_test(measurements_of_running_jobs_replace_the_prior),
        cmocka_unit_test(without_model_or_measurements_the_table_ranks),
        cmocka_unit_test(accord_explore_raises_the_types_a_family_has_not_run_on),
        cmocka_unit_test(with_the_model_accord_explore_scales_with_its_spread),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
