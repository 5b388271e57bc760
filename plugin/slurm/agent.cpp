#include "slurm/agent.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <utility>

#include "core/gpu_type_ranker.h"
#include "core/plan_cycle.h"
#include "core/service_ledger.h"
#include "slurm/agent_thread.h"
#include "slurm/cycle_stats.h"
#include "model/model_loader.h"
#include "core/model_ranker.h"
#include "slurm/finished_jobs.h"
#include "slurm/model_reload.h"
#include "slurm/rewrite_restore.h"
#include "slurm/service_ranks.h"
#include "slurm/shard_slowdowns.h"
#include "slurm/slurm_apply.h"
#include "slurm/slurm_config.h"
#include "slurm/slurm_reports.h"
#include "slurm/slurm_requeue.h"
#include "slurm/slurm_headers.h"
#include "slurm/slurm_snapshot.h"
#include "slurm/unfinished_requeue.h"

namespace accord::slurm {

namespace {

using Clock = std::chrono::steady_clock;

// Starting a job (select_nodes() and the launch) costs milliseconds under
// the locks; the apply step gives them back this often, as sched/backfill
// yields, so RPCs are not held up for a whole burst of starts.
constexpr auto kApplyHoldBudget = std::chrono::milliseconds(10);

AgentThread agent_thread;

int64_t micros_since(Clock::time_point start)
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
}

// build_job_queue() updates pending jobs' reasons and start times, so the
// snapshot needs the job write lock; nodes and partitions are only read.
const slurmctld_lock_t snapshot_locks = {
    .conf = READ_LOCK, .job = WRITE_LOCK, .node = READ_LOCK, .part = READ_LOCK, .fed = READ_LOCK};
// select_nodes() allocates nodes: the same locks sched/backfill takes.
const slurmctld_lock_t apply_locks = {
    .conf = READ_LOCK, .job = WRITE_LOCK, .node = WRITE_LOCK, .part = READ_LOCK, .fed = READ_LOCK};

// Takes `locks`, runs `work`, releases them; adds the time spent waiting
// for the locks and the time holding them to the record.
template <typename Work>
void under_locks(const slurmctld_lock_t &locks, CycleRecord &rec, Work &&work)
{
    auto asked = Clock::now();
    lock_slurmctld(locks);
    auto held = Clock::now();
    rec.lock_wait_us += std::chrono::duration_cast<std::chrono::microseconds>(held - asked).count();
    work();
    unlock_slurmctld(locks);
    int64_t hold = micros_since(held);
    rec.lock_us += hold;
    rec.longest_hold_us = std::max(rec.longest_hold_us, hold);
}

// The learned model's predictions when one is loaded, corrected by what
// running jobs measured, else the speed table. Runs on the agent thread
// only: LibTorch on slurmctld's main thread could hang the children it
// forks (docs/admin-guide.md); the module predicts on one thread.
std::unique_ptr<core::GpuTypeRanker> ranker_of_cycle(const core::SchedulerParams &params,
                                                     const ReloadableModel &model,
                                                     const core::ObservedSpeeds &observed,
                                                     const core::ClusterSnapshot &cluster)
{
    if (model.model()) {
        try {
            return core::cycle_ranker(model.model(), model.name(), observed, cluster, params.gpu_speed,
                                params.explore_bound);
        } catch (const std::exception &e) {
            error("sched/accord: %s failed to predict (%s); this cycle ranks by accord_gpu_speed",
                  model.name().c_str(), e.what());
        }
    }
    return core::cycle_ranker(nullptr, "", observed, cluster, params.gpu_speed, params.explore_bound);
}

// The learned model's slowdowns for shard jobs sharing a GPU, when one is
// loaded; else none, and shard jobs are placed by fit. Agent thread only,
// as above.
core::SlowdownTable slowdowns_of_cycle(const ReloadableModel &model, const core::ClusterSnapshot &cluster)
{
    if (model.model()) {
        try {
            return predict_shard_slowdowns(*model.model(), model.name(), cluster);
        } catch (const std::exception &e) {
            error("sched/accord: %s failed to predict slowdowns (%s); this cycle places shard jobs by fit",
                  model.name().c_str(), e.what());
        }
    }
    return {};
}

CycleRecord run_cycle(const core::SchedulerParams &params, const ReloadableModel &model,
                      const ReportIngest &reports, NodeTopologies &topologies, RequeuedJobs &requeued,
                      core::PreemptCadence &cadence, core::ServiceLedger &ledger, FinishedJobs &finished,
                      CycleView &view)
{
    CycleRecord rec;
    finished.add_held();  // what a failed cycle held
    SlurmSnapshot snap;
    under_locks(snapshot_locks, rec, [&] {
        time_t now = time(nullptr);
        requeued.keep_held(finish_unfinished_requeues());
        requeued.release(now);
        bool moves_considered = params.policy == core::CyclePolicy::Preempt && params.migrate &&
                                cadence.due(now, params.preempt_interval_s);
        snap = take_snapshot(now, params, topologies, moves_considered, ledger, finished.history());
    });
    finished.hold(std::move(snap.completed));
    rec.time = snap.cluster.now;

    auto t1 = Clock::now();
    std::unique_ptr<core::GpuTypeRanker> ranker = ranker_of_cycle(params, model, reports.observed(), snap.cluster);
    snap.cluster.slowdowns = slowdowns_of_cycle(model, snap.cluster);
    snap.cluster.neighbour_slowdowns = reports.neighbour_slowdowns();
    core::CyclePlan plan = core::plan_cycle(snap.cluster, params, *ranker, cadence);
    rec.plan_us = micros_since(t1);
    view = view_cycle(snap.cluster, *ranker, params.gpu_speed);
    if (model.model())
        view.predictor.kind = "learned_model";
    rec.considered = plan.considered;
    rec.reserved = plan.reservations;

    // Requeues first, so the starts planned on their GPUs can follow. Those
    // starts wait while the requeued jobs complete (Slurm would refuse them)
    // and are planned again next cycle.
    if (!plan.requeues.empty() || !snap.restores.empty() || !snap.requeued_services.empty())
        under_locks(apply_locks, rec, [&] {
            rec.requeued = requeued.apply(plan, snap);
            restore_submitted_requests(snap.restores);
            if (snap.ranking)
                keep_requeued_services(snap.requeued_services, *snap.ranking);
        });
    ApplyResult applied;
    for (size_t next = 0; next < plan.decisions.size();) {
        under_locks(apply_locks, rec, [&] {
            next = apply_decisions(plan, snap, next, Clock::now() + kApplyHoldBudget, applied);
        });
    }
    rec.started = applied.started;
    rec.refused = applied.refused;
    rec.shard_starts = std::move(applied.shard_starts);
    finished.add_held();  // after this cycle's ranks are applied and explained
    return rec;
}

// Logs a failed write of the stats file once per distinct failure (a full
// or read-only StateSaveLocation would otherwise log every cycle), and once
// when writing works again.
void log_stats_write(const std::string &path, const std::string &failed, std::string &last_failure)
{
    if (failed == last_failure)
        return;
    if (!failed.empty())
        error("sched/accord: %s not written, scheduling goes on: %s", path.c_str(), failed.c_str());
    else
        info("sched/accord: %s written again", path.c_str());
    last_failure = failed;
}

void report(const CycleRecord &rec, CycleView view, CycleStats &stats, const core::SchedulerParams &params,
            const std::string &stats_path, std::string &stats_failure)
{
    stats.record(rec, std::move(view));
    if (params.debug)
        info("sched/accord: cycle: considered %zu, started %zu, reserved %zu, refused %zu, requeued %zu, "
             "locks held %lld us (longest %lld us, waited %lld us), planning %lld us",
             rec.considered, rec.started, rec.reserved, rec.refused, rec.requeued, (long long)rec.lock_us,
             (long long)rec.longest_hold_us, (long long)rec.lock_wait_us, (long long)rec.plan_us);
    StatsContext context{time(nullptr), params.interval_s};
    if (!stats_path.empty())
        log_stats_write(stats_path, write_file_atomically(stats_path, stats.to_json(context)), stats_failure);
}

std::string stats_file()
{
    std::string dir = state_save_location();
    return dir.empty() ? "" : dir + "/accord-stats.json";
}

void log_model_refresh(const RefreshResult &result)
{
    if (result.line.empty())
        return;
    if (result.error)
        error("sched/accord: %s", result.line.c_str());
    else
        info("sched/accord: %s", result.line.c_str());
}

// What the agent keeps from one cycle to the next.
struct AgentState {
    core::SchedulerParams params;  // replaced at once: the first cycle is a reconfigure
    CycleStats stats;
    std::string stats_path;
    std::string stats_failure;  // of the last write of stats_path, "" when it worked
    ReportIngest reports;
    RequeuedJobs requeued;  // accord_policy=preempt's, until they may start again
    core::PreemptCadence cadence;  // accord_policy=preempt: when requeues were last considered
    core::ServiceLedger ledger;    // accord_order=service or gittins: running jobs' service, as last seen
    FinishedJobs finished;         // accord_order=gittins: completed jobs' service by family
    ReloadableModel model{model::model_module_dirs()};
    NodeTopologies topologies;  // accord_topology's files, read again at every reconfigure
};

// One cycle; returns the time to sleep before the next.
std::chrono::milliseconds agent_cycle(AgentState &state, bool reconfig)
{
    try {
        if (reconfig) {
            state.params = read_scheduler_params();
            state.stats_path = stats_file();  // StateSaveLocation may have changed
            state.reports.reconfigure();
            if (state.params.order == core::JobOrder::Gittins)
                state.finished.reconfigure();
            log_model_refresh(state.model.refresh(state.params.model_path));
            state.topologies.load(state.params.topology_dir);
        }
        CycleView view;
        CycleRecord rec = run_cycle(state.params, state.model, state.reports, state.topologies,
                                    state.requeued, state.cadence, state.ledger, state.finished, view);
        report(rec, std::move(view), state.stats, state.params, state.stats_path, state.stats_failure);
        state.reports.run(time(nullptr));
    } catch (const std::exception &e) {
        error("sched/accord: scheduling cycle failed: %s", e.what());
    } catch (...) {
        error("sched/accord: scheduling cycle failed with an unknown error");
    }
    return std::chrono::seconds(state.params.interval_s);
}

}  // namespace

bool start_agent()
{
    auto state = std::make_shared<AgentState>();
    if (!agent_thread.start([state](bool reconfig) { return agent_cycle(*state, reconfig); })) {
        debug2("sched/accord: agent already running, not starting another");
        return false;
    }
    sched_verbose("sched/accord: scheduling agent started");
    return true;
}

void stop_agent() { agent_thread.stop(); }

void request_reconfig() { agent_thread.request_reconfigure(); }

}  // namespace accord::slurm
