// Accord's settings from slurm.conf's SchedulerParameters. The string is
// split on commas and matched on whole keys (so `bf_interval=` is never
// taken for `interval=`). A bad value yields one error naming the key and
// the accepted range, and the default is kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace accord::core {

// How a cycle plans (accord_policy): the EASY pipeline choosing a GPU type
// job by job (core/schedule_cycle.h), the allocator choosing types and
// counts for the whole queue first (core/allocator_cycle.h), or the
// allocator that may also requeue running jobs (core/preempt_cycle.h).
enum class CyclePolicy { Easy, Allocator, Preempt };

// accord_order: how jobs are ranked (core/service_order.h). Priority:
// Slurm's job priority. Service: the service queue of the GPU service each
// has attained, Slurm's priority within it. Gittins: the class of the
// Gittins index of its model family from the GPU service finished jobs of
// the family held (core/gittins_index.h), service queues until a job has
// finished, Slurm's priority within a class.
enum class JobOrder { Priority, Service, Gittins };

constexpr double kDefaultExploreBound = 0.1;  // chosen on seeds 100-104 (docs/simulator.md)
constexpr size_t kMaxModelPath = 4095;  // PATH_MAX less its NUL (also for accord_topology)

struct SchedulerParams {
    int interval_s = 5;           // accord_interval: seconds between cycles
    size_t max_jobs = 1000;       // accord_max_jobs: queue records per cycle
    int reserve_depth = 1;        // accord_reserve_depth: reservations per cycle
    bool debug = false;           // accord_debug: one log line per cycle
    std::map<std::string, double> gpu_speed;  // accord_gpu_speed=a100:3/v100:2
    // accord_policy=easy|allocator|preempt. The allocator by default:
    // measured no worse than EASY and better where counts may change
    // (docs/design.md); preempt is opt-in.
    CyclePolicy policy = CyclePolicy::Allocator;
    // accord_min_run / accord_restart_cost: read only by accord_policy=preempt
    // (core::PreemptConfig, whose defaults they are).
    int64_t min_run_s = 600;
    int64_t restart_cost_s = 300;
    // accord_migrate=1: accord_policy=preempt also requeues a running job to
    // move it to a better configuration its user allowed (core/preempt_cycle.h
    // rule 4). Off by default: measured in docs/benchmarks.md.
    bool migrate = false;
    // accord_preempt_interval: requeues are considered at most this often
    // (core/preempt_cadence.h); 0 = every cycle. 300 s (the default restart
    // cost) by default: measured in docs/benchmarks.md, issue 3.
    int64_t preempt_interval_s = 300;
    // accord_order: with service or gittins, accord_policy=preempt requeues
    // a job for jobs ranked above it however Slurm ranks them; priority (the
    // default) keeps Slurm's priority.
    JobOrder order = JobOrder::Priority;
    // accord_first_queue: GPU-seconds of the first service queue (the
    // allocator's, core::AllocConfig::first_queue_gpu_s; later ones double).
    int64_t first_queue_gpu_s = 3600;
    // accord_model=PATH: the learned model's file (PATH.json beside it),
    // absolute, up to kMaxModelPath bytes, no comma (the list separator).
    // Empty (the default): GPU types are ranked by accord_gpu_speed, corrected
    // by measured speeds (core/model_ranker.h, cycle_ranker).
    std::string model_path;
    // accord_topology=DIR: admin-provided hwloc XML files, DIR/NODENAME.xml,
    // saying how close each node's GPUs are (docs/admin-guide.md); absolute,
    // as accord_model. Empty (the default): nodes are placed by fit alone.
    std::string topology_dir;
    // accord_fairness=RHO: jobs whose predicted finish-time fairness exceeds
    // RHO are planned ahead of the others (core/fairness_order.h); 0 = off.
    double fairness_bound = 0;
    // accord_explore=FRACTION: a job may be placed on a GPU type its model
    // family has no sample on when predicted to run at most (1 + FRACTION)
    // times as long as on the best free type (core/exploring_ranker.h);
    // 0 = off. Read only when jobs report their speed.
    double explore_bound = kDefaultExploreBound;
    // Slurm's own keys that decide whether its main scheduler runs beside us.
    bool main_loop_disabled = false;  // sched_interval=-1
    bool defer = false;               // defer
};

// "a100:3/v100:2/t4:1": a relative speed per GPU type (accord_gpu_speed);
// false (and `out` unchanged) unless every entry is TYPE:SPEED with SPEED > 0.
// accord_explore: 0 (off) or a fraction in (0, 1]; false (and `out`
// unchanged) otherwise.
bool parse_explore_bound(const std::string &text, double &out);
std::string explore_bound_range();

bool parse_speed_table(const std::string &text, std::map<std::string, double> &out);

SchedulerParams parse_scheduler_params(const std::string &text, std::vector<std::string> &errors);

// Warnings for settings that let Slurm's main scheduler start jobs behind
// Accord's back; empty when both are set.
std::vector<std::string> main_scheduler_warnings(const SchedulerParams &params);

}  // namespace accord::core
