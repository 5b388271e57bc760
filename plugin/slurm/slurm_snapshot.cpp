#include "slurm/slurm_snapshot.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "core/node_list.h"
#include "core/plan_cycle.h"
#include "core/service_order.h"
#include "slurm/accounting_limits.h"
#include "slurm/deferred_starts.h"
#include "slurm/gpu_tres_text.h"
#include "slurm/rewrite_restore.h"
#include "slurm/service_ranks.h"
#include "slurm/slurm_gpus.h"
#include "slurm/slurm_gres_rewrite.h"
#include "slurm/slurm_headers.h"
#include "slurm/slurm_hints.h"
#include "slurm/slurm_shards.h"

namespace accord::slurm {

namespace {

core::Resources node_capacity(node_record_t *node)
{
    core::Resources r;
    r.cpus = node->cpus_efctv ? node->cpus_efctv : node->cpus;
    r.mem_mb = static_cast<int64_t>(node->real_memory - std::min(node->mem_spec_limit, node->real_memory));
    r.gpus = node_gpu_capacity(node);
    r.shards = node_shard_capacity(node);
    r.shards_by_gpu = node_shard_capacity_by_gpu(node);
    return r;
}

bool holds_resources(job_record_t *job)
{
    return job->job_resrcs && job->job_resrcs->node_bitmap &&
           (IS_JOB_RUNNING(job) || IS_JOB_SUSPENDED(job) || IS_JOB_COMPLETING(job));
}

// What job_requeue() accepts: a running batch job whose details->requeue
// is set (by --requeue, or from JobRequeue when neither --requeue nor
// --no-requeue was given); heterogeneous jobs are left alone.
bool may_requeue(job_record_t *job)
{
    return IS_JOB_RUNNING(job) && !IS_JOB_COMPLETING(job) && job->batch_flag && job->details &&
           job->details->requeue && job->part_ptr && !job->het_job_id;
}

// A shard job is a user of the GPU its shards are on.
void add_shard_user(core::Node &node, const ShardHold &hold, const core::RunningJob &run)
{
    for (auto &gpu : node.shard_gpus)
        if (gpu.index == hold.gpu)
            gpu.users.push_back({run.job_id, run.family});
}

// Running jobs' per-node usage; the nodes' free CPUs and memory follow
// from it (cons_tres keeps its own per-node totals private).
void add_running(SlurmSnapshot &snap, const std::vector<int> &cluster_index)
{
    ListIterator it = list_iterator_create(job_list);
    while (auto *job = static_cast<job_record_t *>(list_next(it))) {
        if (!holds_resources(job))
            continue;
        job_resources_t *res = job->job_resrcs;
        core::RunningJob run;
        run.job_id = job->job_id;
        run.end_time = job->end_time;
        run.start_time = job->start_time;
        run.priority = job->priority;
        run.requeueable = may_requeue(job);
        run.family = model_family(job);
        int offset = 0;
        for (int i = bit_ffs(res->node_bitmap); i >= 0 && i < static_cast<int>(bit_size(res->node_bitmap)); i++) {
            if (!bit_test(res->node_bitmap, i))
                continue;
            node_record_t *node = node_record_table_ptr[i];
            if (node && cluster_index[i] >= 0) {
                core::NodeUsage use;
                use.node = cluster_index[i];
                use.used.cpus = res->cpus ? res->cpus[offset] : 0;
                use.used.mem_mb = res->memory_allocated ? static_cast<int64_t>(res->memory_allocated[offset]) : 0;
                use.used.gpus = job_gpus_on_node(job, offset, node);
                ShardHold shards = job_shards_on_node(job, offset);
                use.used.shards = shards.count;
                if (shards.count > 0 && shards.gpu >= 0)
                    use.used.shards_by_gpu[shards.gpu] = shards.count;
                // Held whole, its GPUs' shards are busy until it ends, not for good.
                use.used += core::shards_of_whole_gpus(snap.cluster.nodes[use.node].capacity,
                                                       job_gpu_indices(job, offset));
                if (shards.count > 0)
                    add_shard_user(snap.cluster.nodes[use.node], shards, run);
                snap.cluster.nodes[use.node].free -= use.used;
                run.usage.push_back(std::move(use));
            }
            offset++;
        }
        snap.cluster.running.push_back(std::move(run));
    }
    list_iterator_destroy(it);
}

// Which of the node's GPUs are free, by index, and how close they are,
// when the admin gave its topology.
void add_gpu_topology(core::Node &n, node_record_t *node, NodeTopologies &topologies)
{
    if (!topologies.any())
        return;
    std::vector<core::GpuSlot> slots = node_gpu_slots(node);
    n.topology = topologies.of(n.name, static_cast<int>(slots.size()));
    if (n.topology)
        n.gpu_slots = std::move(slots);
}

// Returns, per Slurm node index, the node's index in the snapshot (or -1).
std::vector<int> add_nodes(SlurmSnapshot &snap, NodeTopologies &topologies)
{
    std::vector<int> cluster_index(node_record_count, -1);
    node_record_t *node;
    for (int i = 0; (node = next_node(&i)); i++) {
        core::Node n;
        n.name = node->name;
        n.capacity = node_capacity(node);
        n.free = n.capacity;
        n.schedulable = avail_node_bitmap && bit_test(avail_node_bitmap, node->index);
        n.starts_deferred = node_defers_starts(node->index);
        add_gpu_topology(n, node, topologies);
        n.shard_gpus = node_shard_gpus(node);
        n.one_sharing = node_one_sharing(node);
        cluster_index[node->index] = static_cast<int>(snap.cluster.nodes.size());
        snap.slurm_index.push_back(node->index);
        snap.cluster.nodes.push_back(std::move(n));
    }
    add_running(snap, cluster_index);
    // GPUs and shards come from the gres state itself: it also counts those
    // of jobs whose allocation records are incomplete.
    for (size_t c = 0; c < snap.cluster.nodes.size(); c++) {
        core::Node &n = snap.cluster.nodes[c];
        n.free.gpus = node_gpu_free(node_record_table_ptr[snap.slurm_index[c]]);
        hide_shared_gpus(n);
        n.free.shards = 0;
        n.free.shards_by_gpu.clear();
        for (const auto &gpu : n.shard_gpus) {
            n.free.shards += gpu.free;
            n.free.shards_by_gpu[gpu.index] = gpu.free;
        }
    }
    return cluster_index;
}

int64_t time_limit_seconds(job_record_t *job, part_record_t *part)
{
    uint32_t minutes = job->time_limit;
    if (minutes == NO_VAL)
        minutes = part->default_time != NO_VAL ? part->default_time : part->max_time;
    if (minutes == INFINITE || minutes == NO_VAL)
        return core::kUnlimitedSeconds;
    return static_cast<int64_t>(minutes) * 60;
}

int pending_array_tasks(job_record_t *job, uint32_t array_task_id)
{
    if (!job->array_recs || array_task_id != NO_VAL)
        return 1;
    int tasks = static_cast<int>(job->array_recs->task_cnt);
    uint32_t max_run = job->array_recs->max_run_tasks;
    if (max_run && max_run != NO_VAL)
        tasks = std::min<int>(tasks, static_cast<int>(max_run) - static_cast<int>(job->array_recs->tot_run_tasks));
    return tasks;
}

// A job asking for gres/shard runs only where nodes have them, one asking
// for gres/mps likewise: the core counts both as shards.
void keep_nodes_sharing_as_asked(job_record_t *job, bitstr_t *nodes)
{
    const char *asked = job_share_gres(job);
    if (!asked)
        return;
    for (int i = bit_ffs(nodes); i >= 0 && i < static_cast<int>(bit_size(nodes)); i++) {
        node_record_t *node = bit_test(nodes, i) ? node_record_table_ptr[i] : nullptr;
        if (node && xstrcmp(node_share_gres(node), asked))
            bit_clear(nodes, i);
    }
}

// Nodes the job may use now: its partition's, inside any reservation it
// runs in, outside reservations it does not, minus its exclusions, with
// its features and per-node minimums matched, and the shared gres it asks
// for.
bitstr_t *allowed_nodes(job_record_t *job, part_record_t *part, time_t now)
{
    bitstr_t *resv_nodes = nullptr;
    bitstr_t *exc_cores = nullptr;
    bool overlap = false;
    time_t when = now;
    int rc = job_test_resv(job, &when, false, &resv_nodes, &exc_cores, &overlap, false);
    FREE_NULL_BITMAP(exc_cores);
    if (rc != SLURM_SUCCESS || !resv_nodes) {
        FREE_NULL_BITMAP(resv_nodes);
        return nullptr;
    }
    bit_and(resv_nodes, part->node_bitmap);
    if (job->details->exc_node_bitmap)
        bit_and_not(resv_nodes, job->details->exc_node_bitmap);
    job->details->features_use = job->details->features;
    job->details->feature_list_use = job->details->feature_list;
    job_req_node_filter(job, resv_nodes, true);
    keep_nodes_sharing_as_asked(job, resv_nodes);
    return resv_nodes;
}

std::vector<int> to_cluster(bitstr_t *bits, const std::vector<int> &cluster_index)
{
    std::vector<int> nodes;
    if (!bits)
        return nodes;
    for (int i = bit_ffs(bits); i >= 0 && i < static_cast<int>(bit_size(bits)); i++)
        if (bit_test(bits, i) && i < static_cast<int>(cluster_index.size()) && cluster_index[i] >= 0)
            nodes.push_back(cluster_index[i]);
    return nodes;
}

void set_cpus_and_memory(core::PendingJob &p, struct job_details *d)
{
    p.cpus_total = std::max<int>(d->min_cpus, 1);
    p.cpus_per_node = std::max<int>(d->pn_min_cpus, 1);
    if (d->ntasks_per_node && d->ntasks_per_node != NO_VAL16)
        p.cpus_per_node = std::max<int>(p.cpus_per_node, d->ntasks_per_node * std::max<int>(d->cpus_per_task, 1));
    // cons_tres gives a job that asks for 0 MB the whole node's memory.
    if (d->pn_min_memory & MEM_PER_CPU)
        p.mem_per_cpu_mb = static_cast<int64_t>(d->pn_min_memory & ~MEM_PER_CPU);
    else
        p.mem_per_node_mb = static_cast<int64_t>(d->pn_min_memory);
    p.whole_node_memory = d->pn_min_memory == 0;
}

// What the queue's records and running jobs' requests read alike: the job
// in `part`, asking for `gpus`, on the nodes `allowed` (freed here), with
// its hints.
void read_request(job_record_t *job, part_record_t *part, bitstr_t *allowed, const core::GpuRequest &gpus,
                  const std::vector<int> &cluster_index, const std::vector<core::Node> &nodes,
                  core::NodeListPool &node_lists, core::PendingJob &p)
{
    p.job_id = job->job_id;
    p.partition = part->name;
    p.time_limit_s = time_limit_seconds(job, part);
    p.min_nodes = std::max<int>(job->details->min_nodes, 1);
    p.max_nodes = job->details->max_nodes ? static_cast<int>(job->details->max_nodes) : node_record_count;
    set_cpus_and_memory(p, job->details);
    p.gpus = gpus;
    p.shards_per_node = job_shard_request(job);
    p.exclusive = !job->details->share_res || (job->details->whole_node & WHOLE_NODE_REQUIRED);
    p.allowed_nodes = node_lists.list_of(to_cluster(allowed, cluster_index));
    p.required_nodes = to_cluster(job->details->req_node_bitmap, cluster_index);
    FREE_NULL_BITMAP(allowed);
    read_hints(job, nodes, p);
}

bool to_pending(job_queue_rec_t *rec, time_t now, const std::vector<int> &cluster_index,
                const std::vector<core::Node> &nodes, core::NodeListPool &node_lists, core::PendingJob &p)
{
    job_record_t *job = rec->job_ptr;
    part_record_t *part = rec->part_ptr;
    if (!job || !part || !job->details || !IS_JOB_PENDING(job) || job->priority == 0 || job->het_job_id)
        return false;
    if ((job->array_recs || job->array_task_id != NO_VAL) && !job_array_start_test(job))
        return false;
    job->part_ptr = part;
    if (!acct_policy_job_runnable_pre_select(job, false))
        return false;  // QOS/association limits: Slurm has set the reason
    bitstr_t *allowed = allowed_nodes(job, part, now);
    if (!allowed)
        return false;
    p.priority = rec->priority;  // in this partition
    p.array_tasks = pending_array_tasks(job, rec->array_task_id);
    // Slurm sets begin_time when the job becomes eligible (job_independent()),
    // the time sched/backfill's bf_min_age_reserve counts from too.
    if (job->details->begin_time > 0 && job->details->begin_time <= now)
        p.eligible_time = static_cast<int64_t>(job->details->begin_time);
    read_request(job, part, allowed, job_gpu_request(job), cluster_index, nodes, node_lists, p);
    // Planned, it would keep from the jobs behind it what Slurm then
    // refuses it, every cycle while the limit holds.
    if (p.gpu_count_max == 0 && over_limit_as_submitted(job))
        return false;
    return p.array_tasks > 0;
}

// The GPU request the job's user submitted: the job's own, or, while it
// runs with a request Accord rewrote (slurm/rewrite_restore.h), that one
// with the submitted type (none, when untyped) and count.
core::GpuRequest submitted_gpus(job_record_t *job)
{
    core::GpuRequest gpus = job_gpu_request(job);
    auto record = rewrite_record(job);
    if (!record || job_forms(job) != record->chosen)
        return gpus;
    const core::GpuRequestForms &f = record->submitted;
    if (has_untyped_gpu(f.per_job) || has_untyped_gpu(f.per_node) || has_untyped_gpu(f.per_socket) ||
        has_untyped_gpu(f.per_task))
        gpus.type.clear();
    if (gpus.per_node > 0)
        gpus.per_node = first_gpu_count(f.per_node).value_or(gpus.per_node);
    if (gpus.per_job > 0)
        gpus.per_job = first_gpu_count(f.per_job).value_or(gpus.per_job);
    return gpus;
}

// What a running job asked for, as the queue's records are read: its
// request as submitted, its hints, the nodes it may use (core::RunningJob::
// request, which accord_migrate reads). Null when they cannot be read.
std::shared_ptr<const core::PendingJob> request_of_running(job_record_t *job, time_t now,
                                                           const std::vector<int> &cluster_index,
                                                           const std::vector<core::Node> &nodes,
                                                           core::NodeListPool &node_lists)
{
    part_record_t *part = job->part_ptr;
    if (!part || !job->details)
        return nullptr;
    // allowed_nodes() sets the features a pending job is matched by; a
    // running job keeps those it was started with.
    char *features_use = job->details->features_use;
    List feature_list_use = job->details->feature_list_use;
    bitstr_t *allowed = allowed_nodes(job, part, now);
    job->details->features_use = features_use;
    job->details->feature_list_use = feature_list_use;
    if (!allowed)
        return nullptr;
    auto p = std::make_shared<core::PendingJob>();
    p->priority = job->priority;
    read_request(job, part, allowed, submitted_gpus(job), cluster_index, nodes, node_lists, *p);
    return p;
}

void add_running_requests(SlurmSnapshot &snap, const std::vector<int> &cluster_index, time_t now)
{
    core::NodeListPool node_lists;
    for (auto &run : snap.cluster.running) {
        job_record_t *job = run.requeueable ? find_job_record(run.job_id) : nullptr;
        if (job)
            run.request = request_of_running(job, now, cluster_index, snap.cluster.nodes, node_lists);
    }
}

// Slurm's queue in its order, or ranked by accord_order.
std::vector<QueueEntry> sorted_queue(const std::optional<core::JobRanking> &ranking)
{
    List list = build_job_queue(true, false);
    sort_job_queue(list);
    std::vector<job_queue_rec_t *> queue;
    while (auto *rec = static_cast<job_queue_rec_t *>(list_pop(list)))
        queue.push_back(rec);
    FREE_NULL_LIST(list);
    if (ranking)
        return order_queue_by_rank(queue, *ranking);
    std::vector<QueueEntry> entries;
    entries.reserve(queue.size());
    for (auto *rec : queue)
        entries.push_back({rec, 0, 0});
    return entries;
}

// Jobs planned from the next cycle on: those to get their submitted GPU
// request back first, and those Slurm requeued, to be ranked with the
// service they keep.
bool left_out_this_cycle(job_record_t *job, int64_t earlier_service, SlurmSnapshot &snap,
                         core::ServiceLedger &ledger)
{
    if (submitted_request_due(job)) {
        if (std::find(snap.restores.begin(), snap.restores.end(), job->job_id) == snap.restores.end())
            snap.restores.push_back(job->job_id);
        return true;
    }
    return snap.ranking && requeued_by_slurm(job, earlier_service, ledger, snap.requeued_services);
}

void add_queue(SlurmSnapshot &snap, const std::vector<int> &cluster_index, time_t now, size_t max_jobs,
               core::ServiceLedger &ledger)
{
    core::NodeListPool node_lists;  // a partition's jobs share their list
    for (auto [rec, earlier_service, job_class] : sorted_queue(snap.ranking)) {
        core::PendingJob p;
        bool left_out = rec->job_ptr && left_out_this_cycle(rec->job_ptr, earlier_service, snap, ledger);
        if (!left_out && snap.cluster.queue.size() < max_jobs &&
            to_pending(rec, now, cluster_index, snap.cluster.nodes, node_lists, p)) {
            if (snap.ranking)
                p.priority = core::class_priority(job_class, p.priority);
            bool meta = rec->job_ptr->array_recs && rec->array_task_id == NO_VAL;
            snap.refs.push_back({p.job_id, meta, p.partition});
            snap.cluster.queue.push_back(std::move(p));
        }
        xfree(rec);
    }
}

}  // namespace

SlurmSnapshot take_snapshot(time_t now, const core::SchedulerParams &params, NodeTopologies &topologies,
                           bool running_requests, core::ServiceLedger &ledger, const core::FamilyHistory &history)
{
    SlurmSnapshot snap;
    snap.cluster.now = now;
    bool by_index = params.order == core::JobOrder::Gittins;
    if (params.order != core::JobOrder::Priority)
        snap.ranking.emplace(core::alloc_config(params), by_index ? &history : nullptr);
    std::vector<int> cluster_index = add_nodes(snap, topologies);
    if (snap.ranking)
        rank_running_jobs(snap.cluster, now, *snap.ranking, ledger);
    if (running_requests)
        add_running_requests(snap, cluster_index, now);
    add_queue(snap, cluster_index, now, params.max_jobs, ledger);
    if (snap.ranking)
        end_ledger_cycle(ledger, by_index ? &snap.completed : nullptr);
    return snap;
}

}  // namespace accord::slurm
