// Unit tests of accord-stats.json end to end: the view sched_accord takes
// of a cycle (plugin/slurm/cycle_view), the file it writes
// (plugin/slurm/cycle_stats) and accord-ctl's reader (contrib/ctl/
// stats_file), with the reader's errors for missing, corrupt, foreign and
// stale files, and the writer's on a full disk or a missing directory.
#include "cmocka_cpp.h"

#include <cstdio>
#include <string>
#include <unistd.h>

#include "core/gpu_type_ranker.h"
#include "ctl/stats_file.h"
#include "slurm/cycle_stats.h"
#include "slurm/cycle_view.h"
#include "slurm/shard_start_view.h"
#include "snapshot_builder.h"

using namespace accord;
using accord::test::SnapshotBuilder;
using accord::test::res;

namespace {

// a100-1 (8, 3 in use), a100-2 (8, drained), t4-1 (4); a typeless 2-GPU
// job with a model hint, a typed a100 job, a CPU job, and a typeless job
// that only accepts t4.
SnapshotBuilder cluster()
{
    SnapshotBuilder b;
    b.add_node("a100-1", 64, 512000, {{"a100", 8}});
    b.add_node("a100-2", 64, 512000, {{"a100", 8}}, false);
    b.add_node("t4-1", 16, 64000, {{"t4", 4}});
    b.add_running(1, b.now() + 600, "a100-1", res(8, 1000, {{"a100", 3}}));
    core::PendingJob &any = b.add_pending(10, 1, {"", 2});
    any.family = "resnet50";
    any.partition = "all";
    b.add_pending(11, 1, {"a100", 4}).partition = "a100";
    b.add_pending(12, 1);
    b.add_pending(13, 1, {"", 1}).accepted_types = {"t4"};
    return b;
}

const std::map<std::string, double> kTable = {{"a100", 3}};

slurm::CycleView view_of(const core::ClusterSnapshot &snap)
{
    core::SpeedTableRanker ranker(kTable);
    return slurm::view_cycle(snap, ranker, kTable);
}

std::string written_file(const slurm::CycleView &view, int cycles)
{
    slurm::CycleStats stats;
    for (int i = 1; i <= cycles; i++) {
        slurm::CycleRecord rec;
        rec.time = 1000 + i;
        rec.considered = 4;
        rec.started = i == 1 ? 2 : 0;
        rec.lock_us = 100 * i;
        rec.plan_us = 10;
        stats.record(rec, view);
    }
    return stats.to_json({2000, 5});
}

ctl::StatsFile round_trip(int cycles = 1)
{
    SnapshotBuilder b = cluster();
    return ctl::parse_stats(written_file(view_of(b.get()), cycles), "/state/accord-stats.json");
}

void assert_error(const std::string &text, const std::string &part)
{
    try {
        ctl::parse_stats(text, "/state/accord-stats.json");
    } catch (const ctl::StatsError &e) {
        assert_contains(e.what(), "/state/accord-stats.json: ");
        assert_contains(e.what(), part);
        return;
    }
    fail_msg("no error for %s", text.c_str());
}

}  // namespace

static void gpus_per_type_count_free_and_unavailable(void **)
{
    ctl::StatsFile s = round_trip();
    const auto &a100 = s.view.gpus.at("a100");
    assert_int_equal(a100.nodes, 2);
    assert_int_equal(a100.total, 16);
    assert_int_equal(a100.free, 5);          // 8 - 3 on a100-1
    assert_int_equal(a100.unavailable, 8);   // a100-2 is not schedulable
    assert_int_equal(s.view.gpus.at("t4").free, 4);
}

static void queue_lists_gpu_jobs_only_in_priority_order(void **)
{
    ctl::StatsFile s = round_trip();
    assert_int_equal(s.view.pending, 4);
    assert_int_equal(s.view.pending_gpu, 3);
    assert_int_equal(s.view.queue.size(), 3);
    assert_int_equal(s.view.queue[0].job_id, 10);
    assert_int_equal(s.view.queue[1].job_id, 11);
    assert_int_equal(s.view.queue[2].job_id, 13);
    assert_string_equal(s.view.queue[0].family.c_str(), "resnet50");
    assert_int_equal(s.view.queue[0].gpus, 2);
}

static void job_speeds_cover_the_types_it_may_use(void **)
{
    ctl::StatsFile s = round_trip();
    const auto &any = s.view.queue[0].speed;
    assert_int_equal(any.size(), 2);
    assert_true(any.at("a100").has_value());
    assert_true(*any.at("a100") == 3.0);
    assert_false(any.at("t4").has_value());  // not in the table: null
    const auto &typed = s.view.queue[1].speed;
    assert_int_equal(typed.size(), 1);
    assert_int_equal(typed.count("a100"), 1);
    const auto &hinted = s.view.queue[2].speed;
    assert_int_equal(hinted.size(), 1);
    assert_int_equal(hinted.count("t4"), 1);
}

// A request naming two types (gpu:a100:1,gpu:v100:2 per node): both named,
// its 3 GPUs counted, no type rated.
static void a_request_naming_two_types_is_listed_whole(void **)
{
    SnapshotBuilder b = cluster();
    core::GpuRequest two{"a100", 1, 0, 0, 0, {{"v100", 2, 0}}};
    b.add_pending(14, 1, two);
    ctl::StatsFile s = ctl::parse_stats(written_file(view_of(b.get()), 1), "/state/accord-stats.json");
    const slurm::QueuedJobView &job = s.view.queue.back();
    assert_int_equal(job.job_id, 14);
    assert_string_equal(job.requested_type.c_str(), "a100+v100");
    assert_int_equal(job.gpus, 3);
    assert_true(job.speed.empty());
}

static void listed_jobs_are_capped(void **)
{
    SnapshotBuilder b;
    b.add_node("t4-1", 16, 64000, {{"t4", 4}});
    for (uint32_t id = 1; id <= slurm::kListedJobs + 5; id++)
        b.add_pending(id, 1, {"t4", 1});
    core::SpeedTableRanker ranker({});
    slurm::CycleView view = slurm::view_cycle(b.get(), ranker, {});
    assert_int_equal(view.queue.size(), slurm::kListedJobs);
    assert_int_equal(view.pending_gpu, slurm::kListedJobs + 5);
}

static void predictor_kind_follows_the_table(void **)
{
    ctl::StatsFile s = round_trip();
    assert_string_equal(s.view.predictor.kind.c_str(), "speed_table");
    assert_true(s.view.predictor.table.at("a100") == 3.0);
    assert_contains(s.view.predictor.rule, "accord_gpu_speed");
    SnapshotBuilder b = cluster();
    core::SpeedTableRanker none({});
    assert_string_equal(slurm::view_cycle(b.get(), none, {}).predictor.kind.c_str(), "none");
}

static void counters_and_recent_cycles_round_trip(void **)
{
    ctl::StatsFile s = round_trip(static_cast<int>(slurm::kRecentCycles) + 3);
    assert_int_equal(s.cycles, slurm::kRecentCycles + 3);
    assert_int_equal(s.started_total, 2);
    assert_int_equal(s.lock_us_max, 100 * (slurm::kRecentCycles + 3));
    assert_int_equal(s.written_at, 2000);
    assert_int_equal(s.interval_s, 5);
    assert_int_equal(s.recent.size(), slurm::kRecentCycles);
    assert_int_equal(s.recent.front().time, 1000 + 4);  // the oldest three dropped
    assert_int_equal(s.last.time, 1000 + slurm::kRecentCycles + 3);
}

// A started shard job's decision: on a100-1's GPU 1 next to JobId 1 with
// a prediction, on t4-1's GPU 0 alone; chosen by the least loss.
core::Decision shard_start(uint32_t job_id)
{
    core::Decision d;
    d.job_id = job_id;
    d.verdict = core::Verdict::Start;
    d.placement = {{0, {}}, {2, {}}};
    core::SharedGpu shared;
    shared.gpu = 1;
    shared.co_runners = {1};
    shared.predicted = true;
    shared.slowdown = 0.75;
    shared.others_lost = 0.125;
    d.shared = {shared, core::SharedGpu{}};
    d.by_slowdown = true;
    return d;
}

static void shard_start_views_one_per_node(void **)
{
    SnapshotBuilder b = cluster();
    auto views = slurm::shard_start_views(shard_start(10), b.get());
    assert_int_equal(views.size(), 2);
    assert_string_equal(views[0].node.c_str(), "a100-1");
    assert_int_equal(views[0].gpu, 1);
    assert_int_equal(views[0].co_runners.at(0), 1);
    assert_true(views[0].predicted && views[0].by_slowdown);
    assert_int_equal(views[0].time, b.now());
    assert_string_equal(views[1].node.c_str(), "t4-1");
    assert_true(views[1].co_runners.empty());
    core::Decision reserve = shard_start(11);
    reserve.verdict = core::Verdict::Reserve;
    assert_true(slurm::shard_start_views(reserve, b.get()).empty());
    core::Decision plain = shard_start(12);
    plain.shared.clear();  // not a shard job
    assert_true(slurm::shard_start_views(plain, b.get()).empty());
}

static void shard_starts_round_trip_and_are_capped(void **)
{
    SnapshotBuilder b = cluster();
    slurm::CycleStats stats;
    for (uint32_t id = 1; id <= slurm::kRecentShardStarts; id++) {
        slurm::CycleRecord rec;
        rec.shard_starts = slurm::shard_start_views(shard_start(id), b.get());  // two per job
        stats.record(rec, view_of(b.get()));
    }
    ctl::StatsFile s = ctl::parse_stats(stats.to_json({2000, 5}), "f");
    assert_int_equal(s.shard_starts.size(), slurm::kRecentShardStarts);
    const auto &newest = s.shard_starts.back();
    assert_int_equal(newest.job_id, slurm::kRecentShardStarts);
    assert_string_equal(newest.node.c_str(), "t4-1");
    const auto &shared = s.shard_starts[s.shard_starts.size() - 2];
    assert_int_equal(shared.gpu, 1);
    assert_int_equal(shared.co_runners.at(0), 1);
    assert_true(shared.predicted && shared.by_slowdown);
    assert_float_equal(shared.slowdown, 0.75, 1e-9);
    assert_float_equal(shared.others_lost, 0.125, 1e-9);
}

static void file_without_shard_starts_lists_none(void **)
{
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    size_t at = text.find(",\n \"shard_starts\"");
    assert_true(at != std::string::npos);
    text = text.substr(0, at) + "}\n";
    assert_true(ctl::parse_stats(text, "f").shard_starts.empty());
}

static void bad_shard_start_is_named(void **)
{
    SnapshotBuilder b = cluster();
    slurm::CycleStats stats;
    slurm::CycleRecord rec;
    rec.shard_starts = slurm::shard_start_views(shard_start(10), b.get());
    stats.record(rec, view_of(b.get()));
    std::string text = stats.to_json({2000, 5});
    const std::string good = "\"slowdown\": 0.75";
    text.replace(text.find(good), good.size(), "\"slowdown\": 1.5");
    assert_error(text, "key shard_starts[0].slowdown is not a number from");
}

// The cycle's measured slowdowns beside other jobs go to the file most
// slowed first, at most kListedNeighbourPairs of them with the count of all.
static void neighbour_slowdowns_round_trip_and_are_capped(void **)
{
    SnapshotBuilder b = cluster();
    for (size_t i = 0; i < slurm::kListedNeighbourPairs + 5; i++)
        b.snapshot().neighbour_slowdowns.set("fam" + std::to_string(i), "noisy", 0.9 - i * 0.01, 2);
    ctl::StatsFile s = ctl::parse_stats(written_file(view_of(b.get()), 1), "f");
    assert_int_equal(s.view.neighbour_pairs, slurm::kListedNeighbourPairs + 5);
    assert_int_equal(s.view.neighbours.size(), slurm::kListedNeighbourPairs);
    const core::NeighbourPair &first = s.view.neighbours.front();
    assert_string_equal(first.family.c_str(), ("fam" + std::to_string(slurm::kListedNeighbourPairs + 4)).c_str());
    assert_string_equal(first.neighbour.c_str(), "noisy");
    assert_float_equal(first.slowdown, 0.9 - (slurm::kListedNeighbourPairs + 4) * 0.01, 1e-9);
    assert_int_equal(first.jobs, 2);
}

static void file_without_neighbours_or_with_a_bad_one(void **)
{
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    size_t from = text.find(",\n \"neighbours\"");
    size_t to = text.find(",\n \"shard_starts\"");
    assert_true(from != std::string::npos && to != std::string::npos);
    assert_int_equal(ctl::parse_stats(text.substr(0, from) + text.substr(to), "f").view.neighbour_pairs, 0);
    b.snapshot().neighbour_slowdowns.set("a", "b", 0.5, 3);
    text = written_file(view_of(b.get()), 1);
    const std::string good = "\"slowdown\": 0.5";
    text.replace(text.find(good), good.size(), "\"slowdown\": 2");
    assert_error(text, "key neighbours.listed[0].slowdown is not a number from");
}

static void names_with_quotes_are_escaped(void **)
{
    SnapshotBuilder b = cluster();
    b.pending(0).partition = "we\"ird\\part\n";
    ctl::StatsFile s = ctl::parse_stats(written_file(view_of(b.get()), 1), "f");
    assert_string_equal(s.view.queue[0].partition.c_str(), "we\"ird\\part\n");
}

static void corrupt_json_names_line_and_column(void **)
{
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    assert_error(text.substr(0, text.size() / 2), "not valid JSON: line ");
}

static void missing_key_is_named_by_its_path(void **)
{
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    size_t at = text.find("\"free\"");
    text.replace(at, 6, "\"fre\"");
    assert_error(text, "key gpus.a100.free is missing");
}

static void wrong_type_is_named(void **)
{
    assert_error("{\"format\": \"1\"}", "key format is not an integer");
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    size_t at = text.find("\"gpus\": 2");
    text.replace(at, 9, "\"gpus\": -2");
    assert_error(text, "key queue.listed[0].gpus is -2, below 1");
}

// Fuzzing: a count too large for the int it is read into was cut silently
// (4294967297 GPUs read as 1); it is refused, naming the key.
static void count_beyond_int_is_refused(void **)
{
    SnapshotBuilder b = cluster();
    std::string text = written_file(view_of(b.get()), 1);
    size_t at = text.find("\"gpus\": 2");
    text.replace(at, 9, "\"gpus\": 4294967297");
    assert_error(text, "key queue.listed[0].gpus is 4294967297, above 2147483647");
    text = written_file(view_of(b.get()), 1);
    at = text.find("\"interval_s\": 5");
    text.replace(at, 15, "\"interval_s\": 4294967295");
    assert_error(text, "key interval_s is 4294967295, above 2147483647");
}

static void other_format_is_refused(void **)
{
    assert_error("{\"format\": 2}", "format 2, but this accord-ctl reads format 1");
}

static void missing_file_names_it_and_who_writes_it(void **)
{
    try {
        ctl::read_stats_file("/nonexistent/accord-stats.json");
    } catch (const ctl::StatsError &e) {
        assert_contains(e.what(), "/nonexistent/accord-stats.json: cannot read: No such file");
        assert_contains(e.what(), "SchedulerType=sched/accord");
        return;
    }
    fail_msg("no error for a missing file");
}

static void staleness_after_three_cycles_or_a_minute(void **)
{
    ctl::StatsFile s = round_trip();  // written at 2000, interval 5 s
    assert_int_equal(ctl::stale_after(s), 60);
    assert_false(ctl::staleness(s, 2060).has_value());
    auto stale = ctl::staleness(s, 2061);
    assert_true(stale.has_value());
    assert_contains(*stale, "/state/accord-stats.json: stale: written 61 s ago");
    s.interval_s = 100;
    assert_int_equal(ctl::stale_after(s), 300);
    assert_false(ctl::staleness(s, 2300).has_value());
    assert_true(ctl::staleness(s, 2301).has_value());
    assert_contains(*ctl::staleness(s, 1000), "in the future");
}

namespace {

// A scratch directory holding accord-stats.json with "old" in it.
std::string dir_with_old_file()
{
    char pattern[] = "/tmp/test_ctl_stats.XXXXXX";
    assert_non_null(mkdtemp(pattern));
    std::string path = std::string(pattern) + "/accord-stats.json";
    assert_string_equal(slurm::write_file_atomically(path, "old").c_str(), "");
    return path;
}

std::string contents(const std::string &path)
{
    std::string text;
    if (FILE *f = fopen(path.c_str(), "r")) {
        for (int c; (c = fgetc(f)) != EOF;)
            text += static_cast<char>(c);
        fclose(f);
    }
    return text;
}

void remove_dir_of(const std::string &path)
{
    unlink(path.c_str());
    rmdir(path.substr(0, path.rfind('/')).c_str());
}

static void stats_file_is_replaced_whole(void **)
{
    std::string path = dir_with_old_file();
    assert_string_equal(slurm::write_file_atomically(path, "new\n").c_str(), "");
    assert_string_equal(contents(path).c_str(), "new\n");
    assert_int_equal(access((path + ".new").c_str(), F_OK), -1);
    remove_dir_of(path);
}

// A full disk: the temporary file is a link to /dev/full, where every
// write fails with ENOSPC.
static void full_disk_is_named_and_keeps_the_old_file(void **)
{
    std::string path = dir_with_old_file();
    assert_int_equal(symlink("/dev/full", (path + ".new").c_str()), 0);
    std::string failed = slurm::write_file_atomically(path, "new");
    assert_string_equal(failed.c_str(), ("cannot write " + path + ".new: No space left on device").c_str());
    assert_string_equal(contents(path).c_str(), "old");
    assert_int_equal(access((path + ".new").c_str(), F_OK), -1);
    remove_dir_of(path);
}

static void missing_directory_is_named(void **)
{
    std::string failed = slurm::write_file_atomically("/nonexistent/accord-stats.json", "new");
    assert_string_equal(failed.c_str(), "cannot create /nonexistent/accord-stats.json.new: No such file or directory");
}

}  // namespace

int main()
{
    const CMUnitTest tests[] = {
        cmocka_unit_test(gpus_per_type_count_free_and_unavailable),
        cmocka_unit_test(queue_lists_gpu_jobs_only_in_priority_order),
        cmocka_unit_test(job_speeds_cover_the_types_it_may_use),
        cmocka_unit_test(a_request_naming_two_types_is_listed_whole),
        cmocka_unit_test(listed_jobs_are_capped),
        cmocka_unit_test(predictor_kind_follows_the_table),
        cmocka_unit_test(counters_and_recent_cycles_round_trip),
        cmocka_unit_test(shard_start_views_one_per_node),
        cmocka_unit_test(shard_starts_round_trip_and_are_capped),
        cmocka_unit_test(file_without_shard_starts_lists_none),
        cmocka_unit_test(bad_shard_start_is_named),
        cmocka_unit_test(neighbour_slowdowns_round_trip_and_are_capped),
        cmocka_unit_test(file_without_neighbours_or_with_a_bad_one),
        cmocka_unit_test(names_with_quotes_are_escaped),
        cmocka_unit_test(corrupt_json_names_line_and_column),
        cmocka_unit_test(missing_key_is_named_by_its_path),
        cmocka_unit_test(wrong_type_is_named),
        cmocka_unit_test(count_beyond_int_is_refused),
        cmocka_unit_test(other_format_is_refused),
        cmocka_unit_test(missing_file_names_it_and_who_writes_it),
        cmocka_unit_test(staleness_after_three_cycles_or_a_minute),
        cmocka_unit_test(stats_file_is_replaced_whole),
        cmocka_unit_test(full_disk_is_named_and_keeps_the_old_file),
        cmocka_unit_test(missing_directory_is_named),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
