#include "slurm/slurm_hints.h"

#include <cstring>
#include <string>

#include "core/job_hints.h"
#include "slurm/gpu_tres_text.h"
#include "spank/hint_syntax.h"

namespace accord::slurm {

namespace {

// Longer than any valid entry; a forged longer one is cut to this before
// it is copied, and still refused as too long.
constexpr size_t kMaxEntryLength = 2048;
constexpr char kHintPrefix[] = "ACCORD_";

std::vector<std::string> hint_entries(job_record_t *job)
{
    std::vector<std::string> entries;
    for (uint32_t i = 0; i < job->spank_job_env_size && job->spank_job_env; i++) {
        const char *entry = job->spank_job_env[i];
        if (entry && !strncmp(entry, kHintPrefix, sizeof(kHintPrefix) - 1))
            entries.emplace_back(entry, strnlen(entry, kMaxEntryLength));
    }
    return entries;
}

bool has_count_range(const std::vector<std::string> &entries)
{
    std::string prefix = std::string(hints::kGpusVar) + "=";
    for (const auto &entry : entries)
        if (!entry.compare(0, prefix.size(), prefix))
            return true;
    return false;
}

// Takes limits[pos] as the bound if it is tighter.
void tighten(core::GpuLimit &limit, const uint64_t *limits, int pos, double factor, const std::string &source)
{
    if (!limits || limits[pos] == INFINITE64 || limits[pos] == NO_VAL64)
        return;
    uint64_t value = limits[pos];
    if (factor > 0)  // a QOS's LimitFactor scales association limits
        value = static_cast<uint64_t>(static_cast<double>(value) * factor);
    if (value < static_cast<uint64_t>(limit.gpus))
        limit = {static_cast<int>(value), source};
}

std::string assoc_name(slurmdb_assoc_rec_t *assoc)
{
    std::string acct = assoc->acct ? assoc->acct : "?";
    return assoc->user ? "user " + std::string(assoc->user) + " in account " + acct : "account " + acct;
}

// As acct_policy_validate() reads them: both QOS (the job's and its
// partition's), then the association's own per-job limit (parents' are
// already folded into it) and the group limits up its tree. Taking the
// smallest of all is stricter than Slurm where a QOS limit overrides an
// association's, never looser.
core::GpuLimit gpu_limit(job_record_t *job)
{
    core::GpuLimit limit;
    assoc_mgr_lock_t locks = {.assoc = READ_LOCK, .qos = READ_LOCK, .tres = READ_LOCK};
    assoc_mgr_lock(&locks);
    slurmdb_tres_rec_t gpu = {};
    gpu.type = const_cast<char *>("gres");
    gpu.name = const_cast<char *>("gpu");
    int pos = assoc_mgr_find_tres_pos(&gpu, true);  // -1 unless AccountingStorageTRES has gres/gpu
    slurmdb_qos_rec_t *qos[2] = {nullptr, nullptr};
    if (pos >= 0)
        acct_policy_set_qos_order(job, &qos[0], &qos[1]);
    double factor = 0;
    for (slurmdb_qos_rec_t *q : qos) {
        if (!q)
            continue;
        std::string name = "QOS " + std::string(q->name ? q->name : "?");
        tighten(limit, q->max_tres_pj_ctld, pos, 0, name + " MaxTRESPerJob");
        tighten(limit, q->max_tres_pu_ctld, pos, 0, name + " MaxTRESPerUser");
        tighten(limit, q->max_tres_pa_ctld, pos, 0, name + " MaxTRESPerAccount");
        tighten(limit, q->grp_tres_ctld, pos, 0, name + " GrpTRES");
        if (factor <= 0 && !fuzzy_equal(q->limit_factor, INFINITE))
            factor = q->limit_factor;
    }
    slurmdb_assoc_rec_t *assoc = pos >= 0 ? job->assoc_ptr : nullptr;
    if (assoc)
        tighten(limit, assoc->max_tres_ctld, pos, factor, assoc_name(assoc) + " MaxTRESPerJob");
    for (; assoc; assoc = assoc->usage ? assoc->usage->parent_assoc_ptr : nullptr)
        tighten(limit, assoc->grp_tres_ctld, pos, factor, assoc_name(assoc) + " GrpTRES");
    assoc_mgr_unlock(&locks);
    return limit;
}

// The allocator changes a count only in the per-job or per-node form
// (slurm_gres_rewrite.h): a GPU request per socket or per task keeps its
// count, and a range on it is left out.
void drop_range_of_other_forms(job_record_t *job, core::PendingJob &p)
{
    bool other_form = !gpu_items_text(job->tres_per_socket ? job->tres_per_socket : "", "").empty() ||
                      !gpu_items_text(job->tres_per_task ? job->tres_per_task : "", "").empty();
    if (p.gpu_count_max == 0 || !other_form)
        return;
    p.gpu_count_min = p.gpu_count_max = 0;
    p.hint_note += std::string(p.hint_note.empty() ? "" : "; ") + "ignored " + hints::kGpusVar +
                   ": GPUs per socket or per task keep their count";
}

}  // namespace

void read_hints(job_record_t *job, const std::vector<core::Node> &nodes, core::PendingJob &p)
{
    std::vector<std::string> entries = hint_entries(job);
    if (entries.empty())
        return;
    // The limits cost a lock; only a count range needs them.
    core::GpuLimit limit = has_count_range(entries) ? gpu_limit(job) : core::GpuLimit{};
    core::apply_hints(entries, limit, nodes, p);
    drop_range_of_other_forms(job, p);
}

}  // namespace accord::slurm

namespace accord::slurm {

std::string model_family(job_record_t *job)
{
    std::string prefix = std::string(hints::kModelVar) + "=";
    for (const auto &entry : hint_entries(job))
        if (!entry.compare(0, prefix.size(), prefix)) {
            auto model = hints::check_model(entry.substr(prefix.size()));
            return model.value ? *model.value : "";
        }
    return "";
}

}  // namespace accord::slurm
