// Unit tests of what accord-ctl prints (contrib/ctl/ctl_report), its text
// tables (text_table) and its reading of Slurm's node GRES text
// (gres_text).
#include "cmocka_cpp.h"

#include <jansson.h>

#include <stdexcept>
#include <string>

#include "ctl/ctl_report.h"
#include "ctl/gres_text.h"
#include "ctl/text_table.h"

using namespace accord;

namespace {

constexpr int64_t kWritten = 5000;

// Two listed jobs: 2 GPUs of any type with a model hint (a100 speed 3,
// t4 without a figure), 4 GPUs named v100 (speed 2).
ctl::StatsFile sample()
{
    ctl::StatsFile s;
    s.path = "/state/accord-stats.json";
    s.written_at = kWritten;
    s.interval_s = 5;
    s.cycles = 4;
    s.started_total = 7;
    s.refused_total = 1;
    s.lock_us_total = 4000;
    s.lock_us_max = 2500;
    s.plan_us_total = 800;
    slurm::CycleRecord c;
    c.time = kWritten - 2;
    c.considered = 3;
    c.started = 1;
    c.lock_us = 1500;
    s.recent = {c};
    s.last = c;
    s.view.predictor = {"speed_table", "any type: fastest free by accord_gpu_speed", "admin speed table",
                        {{"a100", 3}, {"v100", 2}}};
    s.view.gpus["a100"] = {2, 16, 5, 8};
    s.view.pending = 3;
    s.view.pending_gpu = 2;
    slurm::QueuedJobView any;
    any.job_id = 10;
    any.partition = "all";
    any.family = "resnet50";
    any.gpus = 2;
    any.speed = {{"a100", 3.0}, {"t4", std::nullopt}};
    slurm::QueuedJobView typed;
    typed.job_id = 11;
    typed.partition = "v100";
    typed.requested_type = "v100";
    typed.gpus = 4;
    typed.speed = {{"v100", 2.0}};
    s.view.queue = {any, typed};
    return s;
}

json_t *parsed(const std::string &text)
{
    json_error_t error;
    json_t *json = json_loads(text.c_str(), 0, &error);
    if (!json)
        fail_msg("not JSON (%s): %s", error.text, text.c_str());
    return json;
}

}  // namespace

static void throughput_is_speed_times_gpus(void **)
{
    ctl::StatsFile s = sample();
    assert_true(*ctl::predicted_throughput(s.view.queue[0], "a100") == 6.0);
    assert_true(*ctl::predicted_throughput(s.view.queue[1], "v100") == 8.0);
    assert_false(ctl::predicted_throughput(s.view.queue[0], "t4").has_value());    // no figure
    assert_false(ctl::predicted_throughput(s.view.queue[1], "a100").has_value());  // cannot use it
}

static void queue_text_marks_unusable_and_unknown_types(void **)
{
    std::string text = ctl::queue_text(sample());
    assert_contains(text, "JOBID  PARTITION  GPUS  REQUEST  MODEL     a100  t4  v100\n");
    assert_contains(text, "   10  all           2  any      resnet50     6   ?     -\n");
    assert_contains(text, "   11  v100          4  v100     -            -   -     8\n");
    assert_contains(text, "Listed 2 of 2 pending GPU record(s)");
}

static void status_text_shows_age_predictor_and_gpus(void **)
{
    ctl::StatsFile s = sample();
    std::string text = ctl::status_text(s, nullptr, kWritten + 3);
    assert_contains(text, "Stats file: /state/accord-stats.json (written 3 s ago, a cycle every 5 s)");
    assert_contains(text, "Predictor: admin speed table (accord_gpu_speed): a100=3 v100=2\n");
    assert_contains(text, "Queue: 3 record(s) eligible at the last cycle (pending, not held, not waiting for a "
                          "dependency or a limit), 2 asking for GPUs");
    assert_contains(text, "TYPE  NODES  TOTAL  FREE  UNAVAILABLE\na100      2     16     5            8\n");
    assert_true(text.find("per partition") == std::string::npos);
}

static void status_text_lists_partitions_when_given(void **)
{
    std::map<std::string, ctl::GpusByType> parts;
    parts["all"]["a100"] = {2, 16, 5, 8};
    parts["t4"]["t4"] = {1, 4, 4, 0};
    std::string text = ctl::status_text(sample(), &parts, kWritten);
    assert_contains(text, "GPUs per partition now (Slurm):\nPARTITION  TYPE  NODES  TOTAL  FREE  UNAVAILABLE\n"
                          "all        a100      2     16     5            8\n"
                          "t4         t4        1      4     4            0\n");
}

static void predictor_without_table_or_unknown_kind_says_so(void **)
{
    assert_contains(ctl::predictor_text({"none", "any type: best fit", "src", {}}),
                    "none: no accord_gpu_speed in SchedulerParameters");
    std::string unknown = ctl::predictor_text({"oracle", "rule R", "source S", {}});
    assert_contains(unknown, "oracle (a predictor this accord-ctl does not know)");
    assert_contains(unknown, "rule: rule R\n  speeds: source S\n");
}

static void learned_model_is_named_with_its_fallback_table(void **)
{
    std::string text = ctl::predictor_text(
        {"learned_model", "rule R", "learned model m.pt's predicted throughput", {{"a100", 3}, {"t4", 1}}});
    assert_contains(text, "learned model (accord_model), accord_gpu_speed where it does not know the family or "
                          "type: a100=3 t4=1\n");
    assert_contains(text, "speeds: learned model m.pt's predicted throughput\n");
}

static void stats_text_gives_totals_means_and_recent_cycles(void **)
{
    std::string text = ctl::stats_text(sample(), kWritten);
    assert_contains(text, "Cycles since slurmctld started: 4\n");
    assert_contains(text, "Jobs started: 7 (refused by Slurm at start: 1)\n");
    assert_contains(text, "Lock time: total 4.000 ms, max 2.500 ms, mean 1.000 ms per cycle\n");
    assert_contains(text, "Planning time: total 0.800 ms, mean 0.200 ms per cycle\n");
    assert_contains(text, "    2           3        1         0        0  1.500");
}

// JobId 20 shares t4-1's GPU 0 with 11 and 12 (predicted, by the least
// loss), 21 has v100-2's GPU 3 alone, 22 shares without a prediction.
ctl::StatsFile with_shard_starts()
{
    ctl::StatsFile s = sample();
    slurm::ShardStartView shared;
    shared.job_id = 20;
    shared.node = "t4-1";
    shared.co_runners = {11, 12};
    shared.predicted = true;
    shared.slowdown = 0.6;
    shared.others_lost = 0.25;
    shared.by_slowdown = true;
    slurm::ShardStartView alone;
    alone.job_id = 21;
    alone.node = "v100-2";
    alone.gpu = 3;
    alone.by_slowdown = true;
    slurm::ShardStartView unknown;
    unknown.job_id = 22;
    unknown.node = "t4-1";
    unknown.co_runners = {20};
    s.shard_starts = {shared, alone, unknown};
    return s;
}

static void shards_text_gives_gpu_co_runners_and_prediction(void **)
{
    std::string text = ctl::shards_text(with_shard_starts());
    assert_contains(text, "JOBID  NODE    GPU  SHARES_WITH  SPEED  OTHERS_LOST  NODE_BY");
    assert_contains(text, "   20  t4-1      0  11,12         0.60         0.25  least loss");
    assert_contains(text, "   21  v100-2    3  -             1.00         0.00  least loss");
    assert_contains(text, "   22  t4-1      0  20               ?            ?  fit");
}

static void shards_json_gives_null_without_prediction(void **)
{
    json_t *json = parsed(ctl::shards_json(with_shard_starts()));
    json_t *starts = json_object_get(json, "shard_starts");
    assert_int_equal(json_array_size(starts), 3);
    json_t *first = json_array_get(starts, 0);
    assert_true(json_real_value(json_object_get(first, "slowdown")) == 0.6);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(first, "co_runners"), 1)), 12);
    assert_true(json_is_null(json_object_get(json_array_get(starts, 2), "slowdown")));
    json_decref(json);
}

static void neighbours_text_lists_pairs_or_says_none(void **)
{
    ctl::StatsFile s = sample();
    assert_contains(ctl::neighbours_text(s), "(0 pair(s))");
    assert_contains(ctl::neighbours_text(s), "none: no job of a family has reported both without and with");
    s.view.neighbour_pairs = 3;
    s.view.neighbours = {{"victim", "noisy", 0.5, 4}, {"bert", "?", 0.875, 1}};
    std::string text = ctl::neighbours_text(s);
    assert_contains(text, "(3 pair(s), the 2 most slowed listed)");
    assert_contains(text, "FAMILY  BESIDE  SPEED  JOBS");
    assert_contains(text, "victim  noisy    0.50     4");
    assert_contains(text, "bert    ?        0.88     1");
    json_t *json = parsed(ctl::neighbours_json(s));
    assert_int_equal(json_integer_value(json_object_get(json, "pairs")), 3);
    json_t *first = json_array_get(json_object_get(json, "listed"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "beside")), "noisy");
    assert_true(json_real_value(json_object_get(first, "slowdown")) == 0.5);
    json_decref(json);
}

static void queue_json_gives_throughput_or_null(void **)
{
    json_t *json = parsed(ctl::queue_json(sample()));
    json_t *first = json_object_get(json_array_get(json_object_get(json, "jobs"), 0), "throughput");
    assert_true(json_real_value(json_object_get(first, "a100")) == 6.0);
    assert_true(json_is_null(json_object_get(first, "t4")));
    assert_int_equal(json_integer_value(json_object_get(json, "pending_gpu")), 2);
    json_decref(json);
}

static void status_json_flags_staleness_and_partitions(void **)
{
    std::map<std::string, ctl::GpusByType> parts;
    parts["all"]["a100"] = {2, 16, 5, 8};
    json_t *fresh = parsed(ctl::status_json(sample(), &parts, kWritten + 1));
    assert_true(json_is_false(json_object_get(fresh, "stale")));
    json_t *all = json_object_get(json_object_get(fresh, "partitions"), "all");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(all, "a100"), "free")), 5);
    json_decref(fresh);
    json_t *stale = parsed(ctl::status_json(sample(), nullptr, kWritten + 61));
    assert_true(json_is_true(json_object_get(stale, "stale")));
    assert_null(json_object_get(stale, "partitions"));
    json_decref(stale);
}

static void stats_json_has_counters_and_cycles(void **)
{
    json_t *json = parsed(ctl::stats_json(sample(), kWritten));
    assert_int_equal(json_integer_value(json_object_get(json, "lock_us_max")), 2500);
    assert_int_equal(json_array_size(json_object_get(json, "recent")), 1);
    json_decref(json);
}

static void gres_counts_typed_untyped_and_skips_others(void **)
{
    core::GpuCounts c = ctl::gpu_counts("gpu:a100:8(S:0),gpu:v100:2,shard:8,gpu:4");
    assert_int_equal(c.at("a100"), 8);
    assert_int_equal(c.at("v100"), 2);
    assert_int_equal(c.at("gpu"), 4);
    assert_int_equal(c.size(), 3);
    assert_int_equal(ctl::gpu_counts("(null)").size(), 0);
    assert_int_equal(ctl::gpu_counts("").size(), 0);
}

static void gres_in_use_with_index_lists(void **)
{
    core::GpuCounts used = ctl::gpu_counts("gpu:a100:3(IDX:0-1,5),gpu:t4:0(IDX:N/A)");
    assert_int_equal(used.at("a100"), 3);
    assert_int_equal(used.at("t4"), 0);
}

static void gres_bad_count_is_named(void **)
{
    try {
        ctl::gpu_counts("gpu:a100:x8");
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), "GRES item 'gpu:a100:x8': count 'x8' is not a whole number");
        return;
    }
    fail_msg("no error");
}

// Fuzzing (UBSan): three counts of 999999999 overflowed the int total.
static void gres_total_beyond_int_is_an_error(void **)
{
    try {
        ctl::gpu_counts("gpu:a100:999999999,gpu:a100:999999999,gpu:a100:999999999");
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), "GRES item 'gpu:a100:999999999': more than 2147483647 GPUs of type a100");
        return;
    }
    fail_msg("no error");
}

static void table_aligns_text_left_and_numbers_right(void **)
{
    ctl::TextTable t({"NAME", "N"});
    t.add({"a", "100"});
    t.add({"long", "2"});
    t.add({"-", "?"});
    assert_string_equal(t.text().c_str(), "NAME  N\na     100\nlong    2\n-       ?\n");
    bool threw = false;
    try {
        t.add({"only one"});
    } catch (const std::logic_error &) {
        threw = true;
    }
    assert_true(threw);
}

int main()
{
    const CMUnitTest tests[] = {
        cmocka_unit_test(throughput_is_speed_times_gpus),
        cmocka_unit_test(queue_text_marks_unusable_and_unknown_types),
        cmocka_unit_test(status_text_shows_age_predictor_and_gpus),
        cmocka_unit_test(status_text_lists_partitions_when_given),
        cmocka_unit_test(predictor_without_table_or_unknown_kind_says_so),
        cmocka_unit_test(learned_model_is_named_with_its_fallback_table),
        cmocka_unit_test(stats_text_gives_totals_means_and_recent_cycles),
        cmocka_unit_test(queue_json_gives_throughput_or_null),
        cmocka_unit_test(shards_text_gives_gpu_co_runners_and_prediction),
        cmocka_unit_test(shards_json_gives_null_without_prediction),
        cmocka_unit_test(neighbours_text_lists_pairs_or_says_none),
        cmocka_unit_test(status_json_flags_staleness_and_partitions),
        cmocka_unit_test(stats_json_has_counters_and_cycles),
        cmocka_unit_test(gres_counts_typed_untyped_and_skips_others),
        cmocka_unit_test(gres_in_use_with_index_lists),
        cmocka_unit_test(gres_bad_count_is_named),
        cmocka_unit_test(gres_total_beyond_int_is_an_error),
        cmocka_unit_test(table_aligns_text_left_and_numbers_right),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
