// Unit tests for sharing GPUs through gres/shard: core/slowdown_table,
// core/shard_queries, core/shard_sharing, the node picker's rule (a shard
// job goes where the predicted loss is least, by fit when a prediction is
// missing) and its SystemComment text through schedule_cycle.
#include "cmocka_cpp.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/decision.h"
#include "core/gpu_type_ranker.h"
#include "core/node_picker.h"
#include "core/node_timeline.h"
#include "core/schedule_cycle.h"
#include "core/shard_queries.h"
#include "core/shard_sharing.h"
#include "core/slowdown_table.h"
#include "snapshot_builder.h"

using accord::core::build_timelines;
using accord::core::CycleConfig;
using accord::core::Pick;
using accord::core::pick_nodes;
using accord::core::schedule_cycle;
using accord::core::shard_slowdown_queries;
using accord::core::ShardGpu;
using accord::core::ShardSharing;
using accord::core::SlowdownKey;
using accord::core::SlowdownTable;
using accord::core::SpeedTableRanker;
using accord::core::Verdict;
using namespace accord::test;

// ---- helpers ------------------------------------------------------------------

// Nodes "x" and "y", each with two v100 GPUs of 2 shards; a 1-shard job of
// family "A" (JobId 1) on x's GPU 0 and of "B" (JobId 2) on y's GPU 0. For
// fit alone the nodes are equal, so x (first) wins.
static SnapshotBuilder a_on_x_b_on_y()
{
    SnapshotBuilder b;
    for (const char *name : {"x", "y"}) {
        int n = b.add_node(name, 16, 64000, {{"v100", 2}});
        b.node_at(n).capacity.shards = 4;
        b.node_at(n).free.shards = 4;
        b.node_at(n).shard_gpus = {ShardGpu{0, "v100", 2, {}}, ShardGpu{1, "v100", 2, {}}};
    }
    const char *families[] = {"A", "B"};
    for (int n = 0; n < 2; n++) {
        Resources used = res(1, 2000);
        used.shards = 1;
        b.add_running(n + 1, b.now() + 3600, n, used).family = families[n];
        b.node_at(n).shard_gpus[0].free = 1;
        b.node_at(n).shard_gpus[0].users = {{static_cast<uint32_t>(n + 1), families[n]}};
    }
    return b;
}

static PendingJob &shard_job(SnapshotBuilder &b, uint32_t id, const std::string &family, int shards = 1)
{
    PendingJob &j = b.add_pending(id);
    j.family = family;
    j.shards_per_node = shards;
    return j;
}

// "C" slows A much more than B: next to A both run at about half speed.
static void c_hurts_a_more_than_b(SlowdownTable &t)
{
    t.set({"C", "v100", {"A"}}, 0.5);
    t.set({"A", "v100", {"C"}}, 0.6);
    t.set({"C", "v100", {"B"}}, 0.9);
    t.set({"B", "v100", {"C"}}, 0.95);
    t.source = "learned model m.pt";
}

static std::optional<Pick> pick_now(const SnapshotBuilder &b, const PendingJob &job, const ShardSharing *sharing)
{
    auto tl = build_timelines(b.get());
    int64_t now = b.now();
    return pick_nodes(job, "", tl, [&tl, now](int n) { return tl[n].free_during(now, now + 1); }, nullptr, sharing);
}

// ---- the table and its queries -----------------------------------------------

static void table_ignores_co_runner_order(void **)
{
    SlowdownTable t;
    t.set({"C", "v100", {"B", "A"}}, 0.7);
    assert_true(t.get({"C", "v100", {"A", "B"}}) == 0.7);
    assert_false(t.get({"C", "k80", {"A", "B"}}).has_value());
}

static void table_alone_is_one_and_unknown_is_empty(void **)
{
    SlowdownTable t;
    assert_true(t.get({"C", "v100", {}}) == 1.0);
    assert_true(t.get({"", "v100", {}}) == 1.0);
    assert_false(t.get({"", "v100", {"A"}}).has_value());
    t.set({"C", "v100", {"A"}}, 1.5);  // not a slowdown: no prediction
    t.set({"D", "v100", {"A"}}, 0.0);
    assert_false(t.get({"C", "v100", {"A"}}).has_value());
    assert_false(t.get({"D", "v100", {"A"}}).has_value());
}

static void queries_cover_the_new_job_and_each_co_runner(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    b.node_at(b.node("y")).shard_gpus[0].users.push_back({3, "A"});  // y: B and A
    shard_job(b, 10, "C");
    shard_job(b, 11, "");  // unknown: asks nothing
    std::vector<SlowdownKey> keys = shard_slowdown_queries(b.get());
    auto has = [&keys](const SlowdownKey &k) {
        for (const auto &key : keys)
            if (!(key < k) && !(k < key))
                return true;
        return false;
    };
    assert_true(has({"C", "v100", {"A"}}));
    assert_true(has({"A", "v100", {"C"}}));
    assert_true(has({"C", "v100", {"A", "B"}}));
    assert_true(has({"B", "v100", {"A", "C"}}));
    assert_true(has({"B", "v100", {"A"}}));  // B before C comes
    assert_true(has({"A", "v100", {"B"}}));
    assert_true(has({"A", "v100", {"B", "C"}}));
    assert_true(has({"C", "v100", {"C"}}));  // the idle GPUs 1, after one C joined
    assert_int_equal(keys.size(), 8);
}

static bool has_key(const std::vector<SlowdownKey> &keys, const SlowdownKey &k)
{
    for (const auto &key : keys)
        if (!(key < k) && !(k < key))
            return true;
    return false;
}

static void queries_cover_one_start_joining_a_gpu(void **)
{
    // x's GPU 0: A and 2 shards free, room for two 1-shard jobs; y's GPU 0:
    // B and 1 free, room for one. C and D are pending.
    SnapshotBuilder b = a_on_x_b_on_y();
    b.node_at(b.node("x")).shard_gpus[0].free = 2;
    b.node_at(b.node("x")).shard_gpus[1].free = 1;
    b.node_at(b.node("y")).shard_gpus[1].free = 1;
    shard_job(b, 10, "C");
    shard_job(b, 11, "D");
    std::vector<SlowdownKey> keys = shard_slowdown_queries(b.get());
    assert_true(has_key(keys, {"C", "v100", {"A", "D"}}));  // D started first on x's GPU 0
    assert_true(has_key(keys, {"A", "v100", {"C", "D"}}));
    assert_true(has_key(keys, {"D", "v100", {"A", "C"}}));
    assert_true(has_key(keys, {"D", "v100", {"A", "D"}}));
    assert_false(has_key(keys, {"C", "v100", {"B", "D"}}));  // y's GPU 0 holds one more only
    assert_false(has_key(keys, {"C", "v100", {"D"}}));       // no idle GPU holds two
}

// Nodes "x" and "y", each with one v100 GPU of `shards` shards, idle.
static SnapshotBuilder two_idle_gpus(int shards)
{
    SnapshotBuilder b;
    for (const char *name : {"x", "y"})
        b.set_shards(b.add_node(name, 16, 64000, {{"v100", 1}}), "v100", {shards});
    return b;
}

// Every slowdown the queries list, as a shell would fill them.
static void predict_queries(SnapshotBuilder &b, double slowdown)
{
    SlowdownTable &t = b.snapshot().slowdowns;
    for (const auto &key : shard_slowdown_queries(b.get()))
        t.set(key, slowdown);
    t.source = "learned model m.pt";
}

// ---- which GPU, and the loss --------------------------------------------------

static void share_gives_first_gpu_with_room(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    SlowdownTable t;
    ShardSharing sharing(b.get().nodes, t);
    auto one = sharing.share(0, 1, "C");
    assert_int_equal(one->gpu, 0);
    assert_int_equal(one->co_runners.size(), 1);
    assert_int_equal(one->co_runners[0], 1);
    auto two = sharing.share(0, 2, "C");  // GPU 0 has 1 free
    assert_int_equal(two->gpu, 1);
    assert_true(two->co_runners.empty());
    assert_false(sharing.share(0, 3, "C").has_value());
    sharing.take(0, 2, 20, "C");
    assert_false(sharing.share(0, 2, "C").has_value());
    assert_int_equal(sharing.share(0, 1, "C")->gpu, 0);
}

static void loss_sums_own_and_added_co_runner_losses(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    b.node_at(0).shard_gpus[0].users.push_back({3, "B"});  // x GPU 0: A and B
    b.node_at(0).shard_gpus[0].free = 2;
    SlowdownTable t;
    t.set({"C", "v100", {"A", "B"}}, 0.7);
    t.set({"A", "v100", {"B"}}, 0.9);
    t.set({"A", "v100", {"B", "C"}}, 0.8);
    t.set({"B", "v100", {"A"}}, 0.85);
    t.set({"B", "v100", {"A", "C"}}, 0.6);
    ShardSharing sharing(b.get().nodes, t);
    auto x = sharing.share(0, 1, "C");
    assert_true(x->predicted);
    assert_float_equal(x->slowdown, 0.7, 1e-9);
    assert_float_equal(x->others_lost, (0.9 - 0.8) + (0.85 - 0.6), 1e-9);
    assert_float_equal(x->loss(), 0.3 + 0.35, 1e-9);
}

// ---- the node picker's rule ---------------------------------------------------

static void shard_job_goes_where_predicted_loss_is_least(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    c_hurts_a_more_than_b(b.snapshot().slowdowns);
    PendingJob &j = shard_job(b, 10, "C");
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    auto p = pick_now(b, j, &sharing);
    assert_int_equal(p->placement[0].node, b.node("y"));
    assert_int_equal(p->placement[0].used.shards, 1);
    assert_true(p->by_slowdown);
    assert_int_equal(p->shard_candidates, 2);
    assert_int_equal(p->shared[0].co_runners[0], 2);
}

static void without_predictions_fit_decides(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    PendingJob &j = shard_job(b, 10, "C");
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    auto p = pick_now(b, j, &sharing);
    assert_int_equal(p->placement[0].node, b.node("x"));
    assert_false(p->by_slowdown);
}

static void one_node_unpredicted_keeps_fit_order(void **)
{
    // B's slowdown next to C is unknown: y's loss is not known, and
    // ranking x by its loss alone would favour what is known.
    SnapshotBuilder b = a_on_x_b_on_y();
    SlowdownTable &t = b.snapshot().slowdowns;
    t.set({"C", "v100", {"A"}}, 0.99);
    t.set({"A", "v100", {"C"}}, 0.99);
    t.set({"C", "v100", {"B"}}, 0.5);
    PendingJob &j = shard_job(b, 10, "C");
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    auto p = pick_now(b, j, &sharing);
    assert_int_equal(p->placement[0].node, b.node("x"));
    assert_false(p->by_slowdown);
}

static void co_runners_loss_counts_as_much_as_the_new_jobs(void **)
{
    // C runs as fast next to A as next to B, but A loses more to C.
    SnapshotBuilder b = a_on_x_b_on_y();
    SlowdownTable &t = b.snapshot().slowdowns;
    t.set({"C", "v100", {"A"}}, 0.8);
    t.set({"C", "v100", {"B"}}, 0.8);
    t.set({"A", "v100", {"C"}}, 0.5);
    t.set({"B", "v100", {"C"}}, 0.9);
    PendingJob &j = shard_job(b, 10, "C");
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    assert_int_equal(pick_now(b, j, &sharing)->placement[0].node, b.node("y"));
}

static void idle_gpu_beats_any_sharing(void **)
{
    // y's GPU 0 is full, so the job gets y's idle GPU 1: no loss at all.
    SnapshotBuilder b = a_on_x_b_on_y();
    c_hurts_a_more_than_b(b.snapshot().slowdowns);
    b.snapshot().slowdowns.set({"C", "v100", {"A"}}, 0.95);
    b.snapshot().slowdowns.set({"A", "v100", {"C"}}, 0.95);
    b.node_at(b.node("y")).shard_gpus[0].free = 0;
    PendingJob &j = shard_job(b, 10, "C");
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    auto p = pick_now(b, j, &sharing);
    assert_int_equal(p->placement[0].node, b.node("y"));
    assert_int_equal(p->shared[0].gpu, 1);
}

static void node_without_one_gpu_with_room_is_skipped(void **)
{
    // x has 3 shards free in all but at most 2 on one GPU: a 3-shard
    // job cannot start there. y has none free on GPU 0 either.
    SnapshotBuilder b = a_on_x_b_on_y();
    PendingJob &j = shard_job(b, 10, "C", 2);
    ShardSharing sharing(b.get().nodes, b.get().slowdowns);
    auto p = pick_now(b, j, &sharing);
    assert_int_equal(p->shared[0].gpu, 1);
    b.pending(0).shards_per_node = 3;
    assert_false(pick_now(b, b.pending(0), &sharing).has_value());
}

static void shard_job_never_goes_to_a_node_without_shards(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    b.add_node("cpu", 64, 64000);
    PendingJob &j = shard_job(b, 10, "C");
    j.allowed_nodes = {2, 0};
    auto p = pick_now(b, j, nullptr);
    assert_int_equal(p->placement[0].node, 0);
}

// ---- through a whole cycle ----------------------------------------------------

static void cycle_says_which_gpu_and_the_prediction(void **)
{
    SnapshotBuilder b = a_on_x_b_on_y();
    c_hurts_a_more_than_b(b.snapshot().slowdowns);
    shard_job(b, 10, "C");
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    assert_int_equal(plan.decisions.size(), 1);
    const auto &d = plan.decisions[0];
    assert_true(d.verdict == Verdict::Start);
    assert_string_equal(accord::core::sharing_text(d, b.get()).c_str(),
                        "; shares y GPU 0 with JobId=2: predicted speed 0.90 of its own alone, 0.05 lost by the "
                        "others (the least predicted loss of 2 node(s); learned model m.pt)");
}

static void second_start_in_a_cycle_sees_the_first(void **)
{
    // Two C jobs: the first takes y's GPU 0's last shard, so the second
    // has x's GPU 0 (next to A) or y's idle GPU 1: no loss wins.
    SnapshotBuilder b = a_on_x_b_on_y();
    c_hurts_a_more_than_b(b.snapshot().slowdowns);
    shard_job(b, 10, "C");
    shard_job(b, 11, "C");
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    assert_int_equal(plan.decisions.size(), 2);
    assert_int_equal(plan.decisions[1].placement[0].node, b.node("y"));
    assert_int_equal(plan.decisions[1].shared[0].gpu, 1);
    assert_true(plan.decisions[1].shared[0].co_runners.empty());
}

static void second_start_sees_the_first_by_its_prediction(void **)
{
    // Two C jobs on two idle GPUs: the first takes x's (node order); the
    // queries predicted C next to C, so the second goes to y's idle GPU,
    // by the least loss, not next to the first by fit.
    SnapshotBuilder b = two_idle_gpus(2);
    shard_job(b, 10, "C");
    shard_job(b, 11, "C");
    predict_queries(b, 0.6);
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    assert_int_equal(plan.decisions.size(), 2);
    assert_int_equal(plan.decisions[0].placement[0].node, b.node("x"));
    const auto &second = plan.decisions[1];
    assert_int_equal(second.placement[0].node, b.node("y"));
    assert_true(second.by_slowdown);
    assert_true(second.shared[0].co_runners.empty());
}

static void start_joining_shows_as_co_runner_with_prediction(void **)
{
    // Only x has shards: the second C job shares x's GPU with the first,
    // whose start this cycle planned, with the prediction for the pair.
    SnapshotBuilder b = two_idle_gpus(2);
    shard_job(b, 10, "C").allowed_nodes = {0};
    shard_job(b, 11, "C").allowed_nodes = {0};
    predict_queries(b, 0.6);
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    const auto &second = plan.decisions.at(1);
    assert_true(second.shared[0].joined_this_cycle);
    assert_int_equal(second.shared[0].co_runners.at(0), 10);
    assert_true(second.shared[0].predicted);
    assert_float_equal(second.shared[0].loss(), 0.4 + 0.4, 1e-9);
}

static void gpu_joined_twice_in_a_cycle_leaves_fit_and_says_why(void **)
{
    // GPUs of 4 shards: C jobs 10 and 11 take x and y, 12 joins x (equal
    // predicted losses, fit decides). For 13, x holds two starts of this
    // cycle, a set no query covers: fit decides, and its comment says why.
    SnapshotBuilder b = two_idle_gpus(4);
    for (uint32_t id = 10; id <= 13; id++)
        shard_job(b, id, "C");
    predict_queries(b, 0.6);
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    assert_int_equal(plan.decisions.size(), 4);
    assert_true(plan.decisions[2].by_slowdown);
    assert_false(plan.decisions[2].unpredicted_joined);
    const auto &last = plan.decisions[3];
    assert_false(last.by_slowdown);
    assert_true(last.unpredicted_joined);
    assert_int_equal(last.placement[0].node, b.node("x"));  // fewest shards left
    assert_string_equal(accord::core::sharing_text(last, b.get()).c_str(),
                        "; shares x GPU 0 with JobId=10,12, no slowdown prediction (nodes by fit: a GPU that a "
                        "start of this cycle joined has no prediction; the next cycle predicts)");
}

static void no_gpu_with_room_waits_for_resources(void **)
{
    // 3 shards free on x (2 + 1) and on y, but no GPU with 3.
    SnapshotBuilder b = a_on_x_b_on_y();
    shard_job(b, 10, "C", 3);
    SpeedTableRanker ranker(std::map<std::string, double>{});
    auto plan = schedule_cycle(b.get(), CycleConfig{}, ranker);
    assert_int_equal(plan.decisions.size(), 1);
    assert_true(plan.decisions[0].verdict != Verdict::Start);
    assert_true(plan.decisions[0].reason == accord::core::WaitReason::Resources);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_ignores_co_runner_order),
        cmocka_unit_test(table_alone_is_one_and_unknown_is_empty),
        cmocka_unit_test(queries_cover_the_new_job_and_each_co_runner),
        cmocka_unit_test(share_gives_first_gpu_with_room),
        cmocka_unit_test(loss_sums_own_and_added_co_runner_losses),
        cmocka_unit_test(shard_job_goes_where_predicted_loss_is_least),
        cmocka_unit_test(without_predictions_fit_decides),
        cmocka_unit_test(one_node_unpredicted_keeps_fit_order),
        cmocka_unit_test(co_runners_loss_counts_as_much_as_the_new_jobs),
        cmocka_unit_test(idle_gpu_beats_any_sharing),
        cmocka_unit_test(node_without_one_gpu_with_room_is_skipped),
        cmocka_unit_test(shard_job_never_goes_to_a_node_without_shards),
        cmocka_unit_test(cycle_says_which_gpu_and_the_prediction),
        cmocka_unit_test(second_start_in_a_cycle_sees_the_first),
        cmocka_unit_test(no_gpu_with_room_waits_for_resources),
        cmocka_unit_test(queries_cover_one_start_joining_a_gpu),
        cmocka_unit_test(second_start_sees_the_first_by_its_prediction),
        cmocka_unit_test(start_joining_shows_as_co_runner_with_prediction),
        cmocka_unit_test(gpu_joined_twice_in_a_cycle_leaves_fit_and_says_why),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
