// Unit tests for core/allocator: order (LAS or Gittins, with the fairness bound), node-level
// admission, the improvement step, placement, stickiness and the nodes a job may use (rule 7).
#include "cmocka_cpp.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/allocator.h"

using accord::core::AllocChoice;
using accord::core::AllocConfig;
using accord::core::AllocJob;
using accord::core::allocate;
using accord::core::AllocNode;
using accord::core::JobOption;
using accord::core::NodeMask;
using accord::core::NodeShare;
using accord::core::PairRates;
using accord::core::Shares;

namespace {

// `count` nodes of `gpus` GPUs of each named type, types in the given order.
std::vector<AllocNode> cluster(const std::vector<std::pair<std::string, int>> &types, int count = 1)
{
    std::vector<AllocNode> nodes;
    for (const auto &[type, gpus] : types)
        for (int n = 0; n < count; n++)
            nodes.push_back(AllocNode{type, gpus});
    return nodes;
}

// A job that may run on `gpus` GPUs of each named type at the given rate.
AllocJob job(uint32_t id, int gpus, std::map<std::string, double> rate_per_type)
{
    AllocJob j;
    j.id = id;
    for (const auto &[type, rate] : rate_per_type)
        j.options.push_back(JobOption{type, gpus, rate, 0});
    return j;
}

// A job that may run on 1 to 4 a100 GPUs, one node, at a rate linear in
// the count.
AllocJob up_to_4_a100(uint32_t id)
{
    AllocJob j;
    j.id = id;
    for (int g = 1; g <= 4; g++)
        j.options.push_back(JobOption{"a100", g, static_cast<double>(g), 0});
    return j;
}

int option_of(const AllocJob &j, const std::string &type, int gpus = 0)
{
    for (int o = 0; o < static_cast<int>(j.options.size()); o++)
        if (j.options[o].gpu_type == type && (gpus == 0 || j.options[o].gpus == gpus))
            return o;
    return -2;
}

// The job holds `type` on `shares`.
void holds(AllocJob &j, const std::string &type, Shares shares)
{
    j.current = option_of(j, type);
    j.held = std::move(shares);
}

std::vector<int> options(const std::vector<AllocChoice> &choice)
{
    std::vector<int> out;
    for (const auto &c : choice)
        out.push_back(c.option);
    return out;
}

}  // namespace

// The job that gains 3x on the fast type gets it, even when it comes later
// in priority order than a job that gains 1.1x.
static void fast_gpus_go_to_the_job_that_gains_most(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"fast", 1.1}, {"slow", 1}}),
                                  job(2, 1, {{"fast", 3}, {"slow", 1}})};
    auto choice = options(allocate(jobs, cluster({{"fast", 1}, {"slow", 1}}), AllocConfig{}));
    assert_int_equal(choice[0], option_of(jobs[0], "slow"));
    assert_int_equal(choice[1], option_of(jobs[1], "fast"));
}

// Less attained service first: with one GPU, the newer job that has had
// less service runs, and the one past the threshold waits.
static void least_attained_service_runs_first(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[0].attained_gpu_s = 5000;
    holds(jobs[0], "v100", {{0, 1}});
    auto choice = options(allocate(jobs, cluster({{"v100", 1}}), AllocConfig{}));
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// Queues are geometric: 1 GPU-hour, then doubling. A holder at 2.5 h is
// preempted by a job at 1.5 h (queues 2 and 1), not by one at 2.2 h (both
// in queue 2, where the holder stays).
static void queues_double_from_one_gpu_hour(void **)
{
    for (double waiting_h : {1.5, 2.2}) {
        std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
        jobs[0].attained_gpu_s = 2.5 * 3600;
        holds(jobs[0], "v100", {{0, 1}});
        jobs[1].attained_gpu_s = waiting_h * 3600;
        auto choice = options(allocate(jobs, cluster({{"v100", 1}}), AllocConfig{}));
        bool newcomer_runs = waiting_h < 2;
        assert_int_equal(choice[0], newcomer_runs ? -1 : 0);
        assert_int_equal(choice[1], newcomer_runs ? 0 : -1);
    }
}

// With Gittins indices the highest goes first, across LAS queues: the holder
// at 10 GPU-hours whose index says it is nearly done keeps the GPU from a
// newcomer with a lower one; with the indices swapped, LAS order's answer.
static void highest_gittins_index_runs_first(void **)
{
    for (bool holder_nearly_done : {true, false}) {
        std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
        jobs[0].attained_gpu_s = 10 * 3600;
        holds(jobs[0], "v100", {{0, 1}});
        jobs[0].gittins = holder_nearly_done ? 1.0 / 60 : 1.0 / 36000;
        jobs[1].gittins = 1.0 / 3600;
        auto choice = options(allocate(jobs, cluster({{"v100", 1}}), AllocConfig{}));
        assert_int_equal(choice[0], holder_nearly_done ? 0 : -1);
        assert_int_equal(choice[1], holder_nearly_done ? -1 : 0);
    }
}

// Index 0 (presumed long) goes after any positive index, however small,
// and among index-0 jobs LAS order holds: of three jobs on two GPUs, the one
// with index 1e-9 runs, then the index-0 job with less attained service.
static void index_zero_goes_last_by_las_queue(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}}), job(3, 1, {{"v100", 1}})};
    jobs[0].attained_gpu_s = 8 * 3600;
    jobs[0].gittins = 0;
    holds(jobs[0], "v100", {{0, 1}});
    jobs[1].attained_gpu_s = 100 * 3600;
    jobs[1].gittins = 1e-9;
    jobs[2].attained_gpu_s = 0;
    jobs[2].gittins = 0;
    auto choice = options(allocate(jobs, cluster({{"v100", 2}}), AllocConfig{}));
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
    assert_int_equal(choice[2], 0);
}

// With a fairness bound, a job over it comes before every job below it,
// whatever their queues: the waiting job at 3 GPU-hours (queue 2) preempts
// the holder at 0.1 h. At the bound or without one, LAS order holds.
static void job_over_the_fairness_bound_goes_first(void **)
{
    for (double bound : {0.0, 3.0, 2.0}) {
        std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
        jobs[0].attained_gpu_s = 360;
        jobs[0].rho = 1.1;
        holds(jobs[0], "v100", {{0, 1}});
        jobs[1].attained_gpu_s = 3 * 3600;
        jobs[1].rho = 3;
        AllocConfig config;
        config.fairness_bound = bound;
        auto choice = options(allocate(jobs, cluster({{"v100", 1}}), config));
        bool starving_runs = bound == 2.0;
        assert_int_equal(choice[0], starving_runs ? -1 : 0);
        assert_int_equal(choice[1], starving_runs ? 0 : -1);
    }
}

// Jobs over the bound keep the order among themselves: the earlier one of
// two waiting runs, though its rho is lower.
static void jobs_over_the_fairness_bound_keep_their_order(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[0].rho = 2.5;
    jobs[1].rho = 9;
    AllocConfig config;
    config.fairness_bound = 2;
    auto choice = options(allocate(jobs, cluster({{"v100", 1}}), config));
    assert_int_equal(choice[0], 0);
    assert_int_equal(choice[1], -1);
}

// In the same queue, the job holding GPUs keeps them (no thrashing).
static void holder_keeps_gpus_within_its_queue(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[1].attained_gpu_s = 100;
    holds(jobs[1], "v100", {{0, 1}});
    auto choice = options(allocate(jobs, cluster({{"v100", 1}}), AllocConfig{}));
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// A job too large for what is left is skipped and the next one that fits
// runs, so GPUs do not idle behind it.
static void job_that_does_not_fit_is_skipped(void **)
{
    std::vector<AllocJob> jobs = {job(1, 4, {{"v100", 1}}), job(2, 2, {{"v100", 1}})};
    auto choice = options(allocate(jobs, cluster({{"v100", 3}}), AllocConfig{}));
    assert_int_equal(choice[0], -1);
    assert_int_equal(choice[1], 0);
}

// A job that is not movable keeps its option and nodes, and its GPUs are
// not given to anyone else, whatever its queue.
static void unmovable_job_keeps_its_gpus(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 1, {{"v100", 1}})};
    jobs[1].attained_gpu_s = 1e6;
    holds(jobs[1], "v100", {{0, 1}});
    jobs[1].movable = false;
    auto choice = allocate(jobs, cluster({{"v100", 1}}), AllocConfig{});
    assert_int_equal(choice[0].option, -1);
    assert_int_equal(choice[1].option, 0);
    assert_true(choice[1].shares == jobs[1].held);
}

// A running job moves to a faster free type only when the gain beats the
// migration threshold.
static void running_job_moves_only_for_a_large_gain(void **)
{
    AllocConfig config;
    config.migrate_gain = 0.5;
    auto nodes = cluster({{"fast", 1}, {"slow", 1}});
    std::vector<AllocJob> small = {job(1, 1, {{"fast", 1.4}, {"slow", 1}})};
    holds(small[0], "slow", {{1, 1}});
    assert_int_equal(allocate(small, nodes, config)[0].option, option_of(small[0], "slow"));
    std::vector<AllocJob> large = {job(1, 1, {{"fast", 1.6}, {"slow", 1}})};
    holds(large[0], "slow", {{1, 1}});
    assert_int_equal(allocate(large, nodes, config)[0].option, option_of(large[0], "fast"));
}

// Two jobs of equal size trade types when both placed greedily ended on
// the type the other gains more from.
static void equal_sized_jobs_swap_types(void **)
{
    AllocConfig config;
    config.migrate_gain = 0;
    std::vector<AllocJob> jobs = {job(1, 2, {{"a", 2}, {"b", 1.5}}), job(2, 2, {{"a", 4}, {"b", 1}})};
    holds(jobs[0], "a", {{0, 2}});
    holds(jobs[1], "b", {{1, 2}});
    auto choice = options(allocate(jobs, cluster({{"a", 2}, {"b", 2}}), config));
    assert_int_equal(choice[0], option_of(jobs[0], "b"));
    assert_int_equal(choice[1], option_of(jobs[1], "a"));
}

// No node is ever given more GPUs than it has, and a job's nodes add up to
// its count, over many jobs of mixed sizes on nodes of four.
static void node_capacity_is_respected(void **)
{
    std::vector<AllocJob> jobs;
    for (uint32_t i = 0; i < 40; i++) {
        int gpus = 1 << (i % 4);
        jobs.push_back(job(i, gpus, {{"a", 1.0 + i % 3}, {"b", 1.0 + i % 5}}));
        for (auto &o : jobs.back().options)
            o.spread_rate = o.gpus > 1 ? o.rate : 0;
    }
    auto nodes = cluster({{"a", 4}, {"b", 4}}, 4);
    auto choice = allocate(jobs, nodes, AllocConfig{});
    std::vector<int> used(nodes.size(), 0);
    int admitted = 0;
    for (size_t j = 0; j < jobs.size(); j++) {
        if (choice[j].option < 0)
            continue;
        const JobOption &o = jobs[j].options[choice[j].option];
        int total = 0;
        for (const auto &s : choice[j].shares) {
            assert_string_equal(nodes[s.node].gpu_type.c_str(), o.gpu_type.c_str());
            used[s.node] += s.gpus;
            total += s.gpus;
        }
        assert_int_equal(total, o.gpus);
        admitted++;
    }
    int all = 0;
    for (size_t n = 0; n < nodes.size(); n++) {
        assert_true(used[n] <= nodes[n].gpus);
        all += used[n];
    }
    assert_true(all >= 30);  // jobs of 1 and 2 GPUs fill what is left
    assert_true(admitted > 0);
}

// An elastic job alone takes the count with the best rate that fits.
static void count_choice_takes_the_best_that_fits(void **)
{
    AllocJob j;
    j.id = 1;
    j.options = {{"v100", 1, 1, 0}, {"v100", 2, 1.9, 1.9}, {"v100", 4, 3.5, 3.5}};
    assert_int_equal(allocate({j}, cluster({{"v100", 2}}), AllocConfig{})[0].option, 1);
    assert_int_equal(allocate({j}, cluster({{"v100", 8}}), AllocConfig{})[0].option, 2);
}

// A job that two half-free nodes could hold only spread waits rather than
// run spread slower than its slowest one-node option; one whose spread
// rate is as good runs spread.
static void slow_spread_is_refused(void **)
{
    auto nodes = cluster({{"v100", 4}}, 2);
    for (double spread_rate : {1.0, 2.0}) {
        std::vector<AllocJob> jobs = {job(1, 2, {{"v100", 1}}), job(2, 2, {{"v100", 1}}), job(3, 4, {{"v100", 2}})};
        holds(jobs[0], "v100", {{0, 2}});
        holds(jobs[1], "v100", {{1, 2}});
        jobs[2].options[0].spread_rate = spread_rate;
        for (auto &j : jobs)
            j.attained_gpu_s = 100;
        jobs[2].attained_gpu_s = 1e6;  // last in the order: displaces nobody
        auto choice = allocate(jobs, nodes, AllocConfig{});
        bool runs = spread_rate >= 2;  // its slowest one-node option is its only one, rate 2
        assert_int_equal(choice[2].option, runs ? 0 : -1);
    }
}

// A job earlier in the order that no node has room for displaces the
// holders of one node (the node where that displaces the fewest GPUs)
// rather than running spread; a displaced holder is placed again in its
// turn and may displace holders after it in the order.
static void displacing_holders_keeps_a_job_on_one_node(void **)
{
    auto nodes = cluster({{"v100", 4}}, 2);
    std::vector<AllocJob> jobs = {job(1, 2, {{"v100", 1}}), job(2, 2, {{"v100", 1}}), job(3, 1, {{"v100", 1}}),
                                  job(4, 4, {{"v100", 4}})};
    holds(jobs[0], "v100", {{0, 2}});
    holds(jobs[1], "v100", {{1, 2}});
    holds(jobs[2], "v100", {{0, 1}});
    for (int h = 0; h < 3; h++)
        jobs[h].attained_gpu_s = 1e5;
    jobs[3].options[0].spread_rate = 4;
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_int_equal(choice[3].option, 0);
    assert_int_equal(static_cast<int>(choice[3].shares.size()), 1);
    assert_int_equal(static_cast<int>(choice[3].shares[0].node), 1);  // job 2's node: 2 GPUs displaced, not 3
    assert_true(choice[0].shares == jobs[0].held);
    assert_int_equal(choice[1].option, 0);
    assert_true((choice[1].shares == Shares{NodeShare{0, 2}}));  // where job 3 was
    assert_int_equal(choice[2].option, -1);
}

// A count no node holds displaces holders later in the order until the
// type has room, and runs spread.
static void large_job_displaces_holders_to_run_spread(void **)
{
    auto nodes = cluster({{"v100", 4}}, 2);
    std::vector<AllocJob> jobs = {job(1, 4, {{"v100", 1}}), job(2, 8, {{"v100", 1}})};
    holds(jobs[0], "v100", {{0, 4}});
    jobs[0].attained_gpu_s = 1e6;
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_int_equal(choice[0].option, -1);
    assert_int_equal(choice[1].option, 0);
    assert_int_equal(static_cast<int>(choice[1].shares.size()), 2);
}

// Rule 7: a job that may not use node 0 runs spread over GPUs freed on
// nodes 1 and 2 only. The holder on node 0 has the lowest priority (the
// most service): when node 0 counts, it is displaced first.
static void confined_job_displaces_only_on_nodes_it_may_use(void **)
{
    std::vector<AllocNode> nodes = {{"v100", 4, 0}, {"v100", 4, 1}, {"v100", 4, 2}};
    std::vector<AllocJob> jobs = {job(1, 4, {{"v100", 1}}), job(2, 4, {{"v100", 1}}), job(3, 4, {{"v100", 1}}),
                                  job(4, 8, {{"v100", 1}})};
    const double service[] = {1e7, 1e5, 1e4};  // LAS queues 12, 5 and 2
    for (size_t h = 0; h < 3; h++) {
        holds(jobs[h], "v100", {{h, 4}});
        jobs[h].attained_gpu_s = service[h];
    }
    jobs[3].allowed = std::make_shared<const NodeMask>(NodeMask{false, true, true});
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true((choice[3].shares == Shares{{1, 4}, {2, 4}}));
    // The displaced holder of node 2, placed again in its turn, displaces
    // the one of node 0, later in the order.
    assert_true((choice[2].shares == Shares{{0, 4}}));
    assert_int_equal(choice[0].option, -1);
    assert_int_equal(choice[1].option, -1);
    jobs[3].allowed = nullptr;
    assert_true((allocate(jobs, nodes, AllocConfig{})[3].shares == Shares{{0, 4}, {1, 4}}));
}

// Rule 7: job 1 gains 3x on b but may use node 0 (a) only; job 2 gains
// 3x on a. Unconfined, the two would swap (equal_sized_jobs_swap_types);
// confined, job 1 stays on a and job 2 on b.
static void confined_job_is_not_swapped_onto_nodes_it_may_not_use(void **)
{
    std::vector<AllocNode> nodes = {{"a", 4, 0}, {"b", 4, 1}};
    std::vector<AllocJob> jobs = {job(1, 4, {{"a", 1}, {"b", 3}}), job(2, 4, {{"a", 3}, {"b", 1}})};
    jobs[0].allowed = std::make_shared<const NodeMask>(NodeMask{true, false});
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true((choice[0].shares == Shares{{0, 4}}));
    assert_true((choice[1].shares == Shares{{1, 4}}));
}

// Rule 7: job 3, first in the order, gains 3x on a but may use only b's
// node. On pooled GPUs the type search would send it to a and one of the
// others to b; placed, that other job takes b's node first and job 3,
// which cannot use a's free node, would be left out. It keeps b.
static void confined_job_keeps_what_admission_gave_it(void **)
{
    std::vector<AllocNode> nodes = {{"a", 4, 0}, {"a", 4, 1}, {"b", 4, 2}};
    std::vector<AllocJob> jobs = {job(3, 4, {{"a", 3}, {"b", 1}}), job(2, 4, {{"a", 1.01}, {"b", 1}}),
                                  job(1, 4, {{"a", 1.01}, {"b", 1}})};
    jobs[0].allowed = std::make_shared<const NodeMask>(NodeMask{false, false, true});
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true((choice[0].shares == Shares{{2, 4}}));
    assert_int_equal(choice[1].option, option_of(jobs[1], "a"));
    assert_int_equal(choice[2].option, option_of(jobs[2], "a"));
}

// Rule 7 and rule 3: job 1, first in the order, may grow to 4 GPUs but may
// use node 0 only; jobs 2 and 3 may grow to 4 anywhere. Admission puts all
// three on node 0 by best fit. Searched with the others on its node's
// GPUs, job 1 takes node 0 whole and the others share node 1; left out of
// the search it would keep 2, behind job 2's 4.
static void confined_job_grows_first_in_the_order_on_its_nodes(void **)
{
    std::vector<AllocNode> nodes = {{"a100", 4, 0}, {"a100", 4, 1}};
    std::vector<AllocJob> jobs = {up_to_4_a100(1), up_to_4_a100(2), up_to_4_a100(3)};
    jobs[0].allowed = std::make_shared<const NodeMask>(NodeMask{true, false});
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true((choice[0].shares == Shares{{0, 4}}));
    assert_true((choice[1].shares == Shares{{1, 2}}));
    assert_true((choice[2].shares == Shares{{1, 2}}));
}

// Rule 7: two jobs confined to node 0, each allowed up to 4 GPUs. On pooled
// GPUs the search gives both 4; on their one node the first grows to what
// fits (3) and the second keeps the GPU admission gave it.
static void confined_jobs_on_one_node_keep_what_admission_gave_them(void **)
{
    std::vector<AllocJob> jobs = {up_to_4_a100(1), up_to_4_a100(2)};
    for (auto &j : jobs)
        j.allowed = std::make_shared<const NodeMask>(NodeMask{true, false});
    std::vector<AllocNode> nodes = {{"a100", 4, 0}, {"a100", 4, 1}};
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true((choice[0].shares == Shares{{0, 3}}));
    assert_true((choice[1].shares == Shares{{0, 1}}));
}

// Rule 7 over many jobs of mixed sizes and types, a third of them confined
// to some nodes, others holding GPUs: every confined job admitted holds
// only nodes it may use, through admission, displacement, moves and swaps.
static void confined_jobs_hold_only_nodes_they_may_use(void **)
{
    auto nodes = cluster({{"a", 4}, {"b", 4}}, 4);
    for (size_t n = 0; n < nodes.size(); n++)
        nodes[n].node = static_cast<int>(n);
    std::vector<AllocJob> jobs;
    for (uint32_t i = 0; i < 40; i++) {
        jobs.push_back(job(i, 1 << (i % 4), {{"a", 1.0 + i % 3}, {"b", 1.0 + i % 5}}));
        for (auto &o : jobs.back().options)
            o.spread_rate = o.gpus > 1 ? o.rate : 0;
        if (i % 3 == 0) {
            NodeMask mask(nodes.size(), false);
            for (size_t n = 0; n < nodes.size(); n++)
                mask[n] = (n + i) % 3 != 0;
            jobs.back().allowed = std::make_shared<const NodeMask>(mask);
        }
    }
    for (uint32_t i = 0; i < 8; i++) {  // holders, one per node, of 1 GPU, on nodes they may use
        size_t n = (i * 5) % nodes.size();
        AllocJob &h = jobs[i * 5 + 1];
        holds(h, nodes[n].gpu_type, {{n, 1}});
        h.options[h.current].gpus = 1;
        if (h.allowed) {
            NodeMask mask = *h.allowed;
            mask[n] = true;
            h.allowed = std::make_shared<const NodeMask>(mask);
        }
    }
    auto choice = allocate(jobs, nodes, AllocConfig{});
    size_t confined_admitted = 0;
    for (size_t j = 0; j < jobs.size(); j++) {
        if (choice[j].option < 0 || !jobs[j].allowed)
            continue;
        confined_admitted++;
        for (const auto &share : choice[j].shares)
            assert_true((*jobs[j].allowed)[share.node]);
    }
    assert_true(confined_admitted >= 3);
}

// A job that keeps its option keeps exactly its nodes.
static void kept_option_keeps_its_nodes(void **)
{
    auto nodes = cluster({{"v100", 4}}, 2);
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 1}}), job(2, 2, {{"v100", 1}})};
    holds(jobs[0], "v100", {{1, 1}});
    auto choice = allocate(jobs, nodes, AllocConfig{});
    assert_true(choice[0].shares == jobs[0].held);
    assert_int_equal(choice[1].option, 0);
}

// Elastic jobs grow only to counts that tile nodes: on nodes of 8 a job
// allowed 1..8 GPUs with linear speedup takes 8, and two such jobs 4 each,
// never 5 and 3.
static void elastic_counts_tile_nodes(void **)
{
    auto elastic = [](uint32_t id) {
        AllocJob j;
        j.id = id;
        for (int g = 1; g <= 8; g++)
            j.options.push_back(JobOption{"a100", g, static_cast<double>(g), static_cast<double>(g)});
        return j;
    };
    auto nodes = cluster({{"a100", 8}});
    assert_int_equal(allocate({elastic(1)}, nodes, AllocConfig{})[0].option, 7);
    auto two = allocate({elastic(1), elastic(2)}, nodes, AllocConfig{});
    assert_int_equal(two[0].option, 3);
    assert_int_equal(two[1].option, 3);
}


// Shares follow the order (rank weights): with one GPU left for two equal
// elastic jobs, it goes to the one earlier in the order, here the second
// in the list (less attained service).
static void earlier_in_the_order_gets_the_larger_share(void **)
{
    auto elastic = [](uint32_t id, double attained_gpu_s) {
        AllocJob j;
        j.id = id;
        j.attained_gpu_s = attained_gpu_s;
        j.options = {{"a100", 1, 1, 0}, {"a100", 2, 2, 2}};
        return j;
    };
    auto choice = options(allocate({elastic(1, 2e4), elastic(2, 0)}, cluster({{"a100", 3}}), AllocConfig{}));
    assert_int_equal(choice[0], 0);
    assert_int_equal(choice[1], 1);
}

// With queue_weights, jobs of one queue weigh the same: a holder on the
// slow type does not take the fast GPU that just freed from an alike
// waiting job of its queue (the move would restart it for nothing); the
// waiting job takes it. A holder in an earlier queue than the waiting job
// weighs more and does move, and so does every holder weighed by rank
// (queue_weights off: its place before the waiting job counts).
static void alike_jobs_of_one_queue_do_not_trade_places(void **)
{
    for (bool queue_weights : {true, false})
        for (double waiting_attained_s : {0.0, 2e4}) {
            std::vector<AllocJob> jobs = {job(1, 1, {{"fast", 2}, {"slow", 1}}),
                                          job(2, 1, {{"fast", 2}, {"slow", 1}})};
            holds(jobs[0], "slow", {{1, 1}});
            jobs[1].attained_gpu_s = waiting_attained_s;
            AllocConfig config;
            config.queue_weights = queue_weights;
            auto choice = options(allocate(jobs, cluster({{"fast", 1}, {"slow", 1}}), config));
            bool stays = queue_weights && waiting_attained_s == 0;
            assert_int_equal(choice[0], option_of(jobs[0], stays ? "slow" : "fast"));
            assert_int_equal(choice[1], option_of(jobs[1], stays ? "fast" : "slow"));
        }
}

// Pair rates of two job kinds (0 and 1) on one GPU of "v100".
class TwoKinds : public PairRates {
public:
    explicit TwoKinds(std::pair<double, double> rates) : rates_(rates) {}
    std::optional<std::pair<double, double>> rates(uint32_t a, uint32_t b, const std::string &type,
                                                   int gpus) const override
    {
        if (type != "v100" || gpus != 1 || a == b)
            return std::nullopt;
        return a == 0 ? rates_ : std::make_pair(rates_.second, rates_.first);
    }

private:
    std::pair<double, double> rates_;
};

// A job that cannot run alone shares a running job's GPU when the pair
// does more than the host alone by the migration threshold (a new pair
// restarts both); a pair that already shares needs only to do as much.
static void waiting_job_is_packed_when_the_pair_gains(void **)
{
    auto two = [](bool sharing) {
        std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 10}}), job(2, 1, {{"v100", 4}})};
        jobs[1].kind = 1;
        holds(jobs[0], "v100", {{0, 1}});
        jobs[1].attained_gpu_s = 1e5;
        if (sharing) {
            holds(jobs[1], "v100", {{0, 1}});
            jobs[0].partner = 1;
            jobs[1].partner = 0;
        }
        return jobs;
    };
    auto nodes = cluster({{"v100", 1}});
    // Together 6/10 + 2/4 = 1.1 of the host alone; 5/10 + 2/4 = 1.0.
    TwoKinds gains({6, 2}), even({5, 2});
    auto packed = allocate(two(false), nodes, AllocConfig{}, &gains);
    assert_int_equal(packed[1].option, 0);
    assert_int_equal(packed[1].partner, 0);
    assert_int_equal(packed[0].partner, 1);
    assert_true(packed[1].shares == packed[0].shares);
    assert_int_equal(allocate(two(false), nodes, AllocConfig{}, &even)[1].option, -1);
    auto kept = allocate(two(true), nodes, AllocConfig{}, &even);
    assert_int_equal(kept[1].partner, 0);
}

// A job running alone on a slow type moves to share a fast GPU when the
// pair raises the two jobs' sum of w x log(rate), and a waiting job takes
// the slow GPU it frees; a pair that slows the host too much is refused.
// Weights: 3 jobs, sqrt(3) for the host, sqrt(2) for the mover.
static void admitted_job_moves_onto_a_faster_host_when_the_pair_gains(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 10}}), job(2, 1, {{"v100", 10}, {"k80", 1}}),
                                  job(3, 1, {{"k80", 1}})};
    jobs[1].kind = 1;
    jobs[2].kind = 2;
    holds(jobs[0], "v100", {{0, 1}});
    holds(jobs[1], "k80", {{1, 1}});
    jobs[1].attained_gpu_s = 1e5;
    jobs[2].attained_gpu_s = 2e5;
    auto nodes = cluster({{"v100", 1}, {"k80", 1}});
    // sqrt(2) x log(5 / 1.1) + sqrt(3) x log(6 / 11) = +1.09;
    // sqrt(2) x log(1.5 / 1.1) + sqrt(3) x log(3 / 11) = -1.81.
    TwoKinds gains({6, 5}), slows({3, 1.5});
    auto moved = allocate(jobs, nodes, AllocConfig{}, &gains);
    assert_int_equal(moved[1].option, option_of(jobs[1], "v100"));
    assert_int_equal(moved[1].partner, 0);
    assert_int_equal(moved[0].partner, 1);
    assert_true(moved[1].shares == moved[0].shares);
    assert_int_equal(moved[2].option, option_of(jobs[2], "k80"));
    auto kept = allocate(jobs, nodes, AllocConfig{}, &slows);
    assert_int_equal(kept[1].option, option_of(jobs[1], "k80"));
    assert_int_equal(kept[1].partner, -1);
    assert_int_equal(kept[2].option, -1);
}

// Of two alike hosts the mover shares the one later in the order: slowing
// it costs the objective least (its weight is the smaller), although the
// other has the lower index.
static void mover_shares_the_lighter_of_alike_hosts(void **)
{
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 10}}), job(2, 1, {{"v100", 10}}),
                                  job(3, 1, {{"v100", 10}, {"k80", 1}})};
    jobs[2].kind = 1;
    holds(jobs[0], "v100", {{0, 1}});
    holds(jobs[1], "v100", {{1, 1}});
    holds(jobs[2], "k80", {{2, 1}});
    jobs[2].attained_gpu_s = 1e5;
    TwoKinds gains({6, 5});
    auto choice = allocate(jobs, cluster({{"v100", 1}, {"v100", 1}, {"k80", 1}}), AllocConfig{}, &gains);
    assert_int_equal(choice[2].partner, 1);
    assert_int_equal(choice[1].partner, 2);
    assert_int_equal(choice[0].partner, -1);
}

// Rule 7: a waiting job confined to some nodes is not packed, though the
// pair gains (as above): packing tries one host of alike hosts, here the
// one on node 0, which it may not use. Unconfined, it shares that host.
static void confined_job_is_not_packed_onto_nodes_it_may_not_use(void **)
{
    std::vector<AllocNode> nodes = {{"v100", 1, 0}, {"v100", 1, 1}};
    std::vector<AllocJob> jobs = {job(1, 1, {{"v100", 10}}), job(2, 1, {{"v100", 10}}), job(3, 1, {{"v100", 4}})};
    jobs[2].kind = 1;
    holds(jobs[0], "v100", {{0, 1}});
    holds(jobs[1], "v100", {{1, 1}});
    jobs[2].attained_gpu_s = 1e5;
    TwoKinds gains({6, 2});
    jobs[2].allowed = std::make_shared<const NodeMask>(NodeMask{false, true});
    auto packed = allocate(jobs, nodes, AllocConfig{}, &gains);
    assert_int_equal(packed[2].option, -1);
    jobs[2].allowed = nullptr;
    assert_int_equal(allocate(jobs, nodes, AllocConfig{}, &gains)[2].partner, 0);
}

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_gpus_go_to_the_job_that_gains_most),
        cmocka_unit_test(least_attained_service_runs_first),
        cmocka_unit_test(queues_double_from_one_gpu_hour),
        cmocka_unit_test(highest_gittins_index_runs_first),
        cmocka_unit_test(index_zero_goes_last_by_las_queue),
        cmocka_unit_test(job_over_the_fairness_bound_goes_first),
        cmocka_unit_test(jobs_over_the_fairness_bound_keep_their_order),
        cmocka_unit_test(holder_keeps_gpus_within_its_queue),
        cmocka_unit_test(job_that_does_not_fit_is_skipped),
        cmocka_unit_test(unmovable_job_keeps_its_gpus),
        cmocka_unit_test(running_job_moves_only_for_a_large_gain),
        cmocka_unit_test(equal_sized_jobs_swap_types),
        cmocka_unit_test(node_capacity_is_respected),
        cmocka_unit_test(count_choice_takes_the_best_that_fits),
        cmocka_unit_test(slow_spread_is_refused),
        cmocka_unit_test(displacing_holders_keeps_a_job_on_one_node),
        cmocka_unit_test(large_job_displaces_holders_to_run_spread),
        cmocka_unit_test(confined_job_displaces_only_on_nodes_it_may_use),
        cmocka_unit_test(confined_job_is_not_swapped_onto_nodes_it_may_not_use),
        cmocka_unit_test(confined_job_keeps_what_admission_gave_it),
        cmocka_unit_test(confined_job_grows_first_in_the_order_on_its_nodes),
        cmocka_unit_test(confined_jobs_on_one_node_keep_what_admission_gave_them),
        cmocka_unit_test(confined_jobs_hold_only_nodes_they_may_use),
        cmocka_unit_test(kept_option_keeps_its_nodes),
        cmocka_unit_test(elastic_counts_tile_nodes),
        cmocka_unit_test(earlier_in_the_order_gets_the_larger_share),
        cmocka_unit_test(alike_jobs_of_one_queue_do_not_trade_places),
        cmocka_unit_test(waiting_job_is_packed_when_the_pair_gains),
        cmocka_unit_test(confined_job_is_not_packed_onto_nodes_it_may_not_use),
        cmocka_unit_test(admitted_job_moves_onto_a_faster_host_when_the_pair_gains),
        cmocka_unit_test(mover_shares_the_lighter_of_alike_hosts),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
