#include "slurm/slurm_gres_rewrite.h"

#include <algorithm>
#include <ctime>
#include <iterator>

#include "slurm/gpu_tres_text.h"

namespace accord::slurm {

namespace {

// The forms a GPU request takes, as the job keeps them and as update_job()
// receives them.
struct Form {
    char *job_record_t::*job_field;
    char *job_desc_msg_t::*desc_field;
    const char *unit;
    int core::GpuRequest::*count;  // the count a chosen request gives this form; null: never changed
};
const Form kForms[] = {
    {&job_record_t::tres_per_job, &job_desc_msg_t::tres_per_job, "/job", &core::GpuRequest::per_job},
    {&job_record_t::tres_per_node, &job_desc_msg_t::tres_per_node, "/node", &core::GpuRequest::per_node},
    {&job_record_t::tres_per_socket, &job_desc_msg_t::tres_per_socket, "/socket", nullptr},
    {&job_record_t::tres_per_task, &job_desc_msg_t::tres_per_task, "/task", nullptr},
};

// Every string of the job that update_job() rewrites with a GPU request.
char *job_record_t::*const kSavedStrings[] = {
    &job_record_t::tres_per_job,  &job_record_t::tres_per_node, &job_record_t::tres_per_socket,
    &job_record_t::tres_per_task, &job_record_t::cpus_per_tres, &job_record_t::mem_per_tres,
    &job_record_t::tres_req_str,  &job_record_t::tres_fmt_req_str,
};

std::string text_of(const char *s) { return s ? s : ""; }

std::string core::GpuRequestForms::*const kFormFields[] = {
    &core::GpuRequestForms::per_job, &core::GpuRequestForms::per_node, &core::GpuRequestForms::per_socket,
    &core::GpuRequestForms::per_task};

// A form's TRES string with the chosen type and count.
std::string rewritten_tres(const std::string &tres, const Form &form, const std::string &type,
                           const std::optional<core::GpuRequest> &counts)
{
    std::string out = type.empty() ? tres : with_gpu_type(tres, type);
    if (counts && form.count && (*counts).*form.count > 0)
        out = with_gpu_count(out, (*counts).*form.count);
    return out;
}

core::GpuRequestForms rewritten_forms(job_record_t *job, const std::string &type,
                                      const std::optional<core::GpuRequest> &counts)
{
    core::GpuRequestForms forms;
    for (size_t i = 0; i < std::size(kForms); i++)
        if (job->*kForms[i].job_field)
            forms.*kFormFields[i] = rewritten_tres(job->*kForms[i].job_field, kForms[i], type, counts);
    return forms;
}

std::string request_text(const core::GpuRequestForms &forms)
{
    std::string text;
    for (size_t i = 0; i < std::size(kForms); i++) {
        std::string part = gpu_items_text(forms.*kFormFields[i], kForms[i].unit);
        if (!part.empty())
            text += (text.empty() ? "" : ",") + part;
    }
    return text;
}

// The update giving the job `to`. update_job() builds the new request from
// what it is given alone (the old list is detached), so every form, the
// CPUs and memory per GPU, and the counts they are checked against go in.
// A form the job has and `to` lacks is cleared ("" to update_job()).
job_desc_msg_t *request_update(job_record_t *job, const core::GpuRequestForms &to)
{
    auto *desc = static_cast<job_desc_msg_t *>(xmalloc(sizeof(job_desc_msg_t)));
    slurm_init_job_desc_msg(desc);
    desc->job_id = job->job_id;
    for (size_t i = 0; i < std::size(kForms); i++)
        if (job->*kForms[i].job_field || !(to.*kFormFields[i]).empty())
            desc->*kForms[i].desc_field = xstrdup((to.*kFormFields[i]).c_str());
    desc->cpus_per_tres = xstrdup(job->cpus_per_tres);
    desc->mem_per_tres = xstrdup(job->mem_per_tres);
    desc->ntasks_per_tres = job->details->ntasks_per_tres;
    // A per-socket count is refused without the sockets it is counted on.
    if (!to.per_socket.empty() && job->details->mc_ptr)
        desc->sockets_per_node = job->details->mc_ptr->sockets_per_node;
    return desc;
}

std::optional<std::string> copy_of(const char *s)
{
    if (!s)
        return std::nullopt;
    return std::string(s);
}

size_t saved_index(char *job_record_t::*field)
{
    size_t i = 0;
    while (kSavedStrings[i] != field)
        i++;
    return i;
}

}  // namespace

core::GpuRequestForms job_forms(const job_record_t *job)
{
    core::GpuRequestForms forms;
    for (size_t i = 0; i < std::size(kForms); i++)
        forms.*kFormFields[i] = text_of(job->*kForms[i].job_field);
    return forms;
}

GpuRewrite::GpuRewrite(job_record_t *job, const std::string &type, const std::optional<core::GpuRequest> &counts)
    : GpuRewrite(job, rewritten_forms(job, type, counts), slurm_conf.slurm_user_id)
{
}

GpuRewrite::GpuRewrite(job_record_t *job, const core::GpuRequestForms &to, uid_t uid) : job_(job)
{
    before_ = job_forms(job);
    if (to == before_)
        return;
    after_ = to;
    tried_ = true;
    requested_ = request_text(before_);
    rewritten_ = request_text(after_);
    job_desc_msg_t *desc = request_update(job, to);
    save();
    slurm_msg_t msg;
    slurm_msg_t_init(&msg);
    msg.data = desc;
    rc_ = update_job(&msg, uid, false);
    slurm_free_job_desc_msg(desc);
    if (rc_ != SLURM_SUCCESS)
        undo();
}

GpuRewrite::~GpuRewrite()
{
    undo();
}

void GpuRewrite::save()
{
    job_record_t *job = job_;
    struct job_details *d = job->details;
    saved_.gres_list_req = job->gres_list_req;
    job->gres_list_req = nullptr;
    holding_ = true;
    for (auto field : kSavedStrings)
        saved_.strings.push_back(copy_of(job->*field));
    if (job->tres_req_cnt)
        saved_.tres_req_cnt.assign(job->tres_req_cnt, job->tres_req_cnt + slurmctld_tres_cnt);
    saved_.min_nodes = d->min_nodes;
    saved_.max_nodes = d->max_nodes;
    saved_.num_tasks = d->num_tasks;
    saved_.min_cpus = d->min_cpus;
    saved_.ntasks_per_node = d->ntasks_per_node;
    saved_.cpus_per_task = d->cpus_per_task;
    saved_.pn_min_memory = d->pn_min_memory;
    if (d->mc_ptr)
        saved_.mc = *d->mc_ptr;
}

// Gives `target` the saved request: the list itself (so only once), copies
// of everything else. Accounting learns it back as update_job() told it
// the rewrite.
void GpuRewrite::restore_onto(job_record_t *target)
{
    FREE_NULL_LIST(target->gres_list_req);
    target->gres_list_req = saved_.gres_list_req;
    saved_.gres_list_req = nullptr;
    holding_ = false;
    bool tres_changed =
        text_of(target->tres_req_str) != saved_.strings[saved_index(&job_record_t::tres_req_str)].value_or("");
    for (size_t i = 0; i < saved_.strings.size(); i++) {
        char *job_record_t::*field = kSavedStrings[i];
        xfree(target->*field);
        target->*field = saved_.strings[i] ? xstrdup(saved_.strings[i]->c_str()) : nullptr;
    }
    if (target->tres_req_cnt && !saved_.tres_req_cnt.empty())
        std::copy(saved_.tres_req_cnt.begin(), saved_.tres_req_cnt.end(), target->tres_req_cnt);
    struct job_details *d = target->details;
    if (d) {
        d->min_nodes = saved_.min_nodes;
        d->max_nodes = saved_.max_nodes;
        d->num_tasks = saved_.num_tasks;
        d->min_cpus = saved_.min_cpus;
        d->ntasks_per_node = saved_.ntasks_per_node;
        d->cpus_per_task = saved_.cpus_per_task;
        d->pn_min_memory = saved_.pn_min_memory;
        if (d->mc_ptr && saved_.mc)
            *d->mc_ptr = *saved_.mc;
    }
    last_job_update = time(nullptr);
    if (tres_changed)
        jobacct_storage_job_start_direct(acct_db_conn, target);
}

void GpuRewrite::undo()
{
    if (holding_)
        restore_onto(job_);
}

void GpuRewrite::commit(job_record_t *pending_rest)
{
    if (!holding_)
        return;
    if (pending_rest) {
        restore_onto(pending_rest);
        return;
    }
    FREE_NULL_LIST(saved_.gres_list_req);
    holding_ = false;
}

}  // namespace accord::slurm
