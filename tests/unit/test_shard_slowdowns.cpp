// Unit tests for slurm/shard_slowdowns: the per-cycle batch of slowdowns
// put to the learned model for shard jobs, and which answers reach the
// table. A fake model stands in for the LibTorch one.
#include "cmocka_cpp.h"

#include <string>
#include <vector>

#include "slurm/shard_slowdowns.h"
#include "snapshot_builder.h"

using accord::core::ShardGpu;
using accord::core::SlowdownTable;
using accord::model::Candidate;
using accord::model::Prediction;
using accord::slurm::predict_shard_slowdowns;
using accord::test::SnapshotBuilder;

namespace {

// Knows "ResNet-50" and "LM" on v100; a job's slowdown is 0.9 per
// co-runner, 0.5 next to an LM job. Records every batch.
class FakeModel : public accord::model::ThroughputModel {
public:
    mutable std::vector<std::vector<Candidate>> batches;

    void predict(const Candidate *c, size_t n, Prediction *out) const override
    {
        batches.emplace_back(c, c + n);
        auto known = [](const std::string &f) { return f == "ResNet-50" || f == "LM"; };
        for (size_t i = 0; i < n; i++) {
            out[i] = Prediction{};
            out[i].family_known = known(c[i].job.family);
            out[i].slowdown = 1;
            for (const auto &co : c[i].co_runners) {
                out[i].family_known = out[i].family_known && known(co.family);
                out[i].slowdown *= co.family == "LM" ? 0.5 : 0.9;
            }
            out[i].gpu_known = out[i].valid = c[i].gpu_type == "v100";
        }
    }
    bool declare_gpu_type(const std::string &, const accord::model::GpuDescriptor &) override { return false; }
    std::string reference_gpu_type() const override { return "v100"; }
    std::vector<std::string> families() const override { return {"LM", "ResNet-50"}; }
    std::vector<std::string> gpu_types() const override { return {"v100"}; }
};

// Node "v" (v100) with an LM job on GPU 0, a "mystery" one on GPU 1 and
// one without a family on GPU 2; node "t" (t4, unknown to the model) with
// an LM job on GPU 0.
SnapshotBuilder cluster()
{
    SnapshotBuilder b;
    b.add_node("v", 8, 64000, {{"v100", 3}});
    b.add_node("t", 8, 64000, {{"t4", 1}});
    b.node_at(0).shard_gpus = {ShardGpu{0, "v100", 1, {{1, "LM"}}}, ShardGpu{1, "v100", 1, {{2, "mystery"}}},
                               ShardGpu{2, "v100", 1, {{4, ""}}}};
    b.node_at(1).shard_gpus = {ShardGpu{0, "t4", 1, {{3, "LM"}}}};
    b.add_pending(10).shards_per_node = 1;
    b.pending(0).family = "ResNet-50";
    return b;
}

}  // namespace

static void one_batch_of_the_queries_on_one_gpu(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    predict_shard_slowdowns(model, "learned model m.pt", b.get());
    assert_int_equal(model.batches.size(), 1);
    // Per GPU, ResNet-50 next to its job and that job next to ResNet-50:
    // v's GPUs 0 and 1 (the model says what it knows), t's GPU 0; not v's
    // GPU 2, whose job has no family (no prediction can be complete there).
    assert_int_equal(model.batches[0].size(), 6);
    for (const auto &c : model.batches[0]) {
        assert_int_equal(c.gpus, 1);
        assert_int_equal(c.co_runners.size(), 1);
    }
}

static void known_answers_fill_the_table(void **)
{
    SnapshotBuilder b = cluster();
    FakeModel model;
    SlowdownTable t = predict_shard_slowdowns(model, "learned model m.pt", b.get());
    assert_string_equal(t.source.c_str(), "learned model m.pt");
    assert_true(t.get({"ResNet-50", "v100", {"LM"}}) == 0.5);
    assert_true(t.get({"LM", "v100", {"ResNet-50"}}) == 0.9);
    assert_false(t.get({"ResNet-50", "t4", {"LM"}}).has_value());  // a type the model does not know
    assert_false(t.get({"ResNet-50", "v100", {"mystery"}}).has_value());  // a family it does not know
}

static void no_shard_jobs_ask_nothing(void **)
{
    SnapshotBuilder b = cluster();
    b.pending(0).shards_per_node = 0;
    FakeModel model;
    assert_true(predict_shard_slowdowns(model, "m", b.get()).empty());
    assert_true(model.batches.empty());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_batch_of_the_queries_on_one_gpu),
        cmocka_unit_test(known_answers_fill_the_table),
        cmocka_unit_test(no_shard_jobs_ask_nothing),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
