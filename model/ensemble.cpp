// The LibTorch side of the model: networks, training, inference and the
// model file (see ensemble.h). The only translation unit with LibTorch.
#include "model/ensemble.h"

#include <torch/torch.h>

namespace accord::model {

namespace {

torch::nn::Sequential mlp(int in, int hidden, int out, bool relu_out)
{
    torch::nn::Sequential net(torch::nn::Linear(in, hidden), torch::nn::ReLU(), torch::nn::Linear(hidden, out));
    if (relu_out)
        net->push_back(torch::nn::ReLU());
    return net;
}

struct MemberImpl : torch::nn::Module {
    explicit MemberImpl(const NetworkShape &s)
        : hidden(s.hidden),
          job_encoder(register_module("job_encoder", mlp(s.job_width, s.hidden, s.hidden, true))),
          co_encoder(register_module("co_encoder", mlp(s.co_runner_width, s.hidden, s.hidden, true))),
          isolated_head(register_module("isolated_head", mlp(s.hidden + s.gpu_width + kConfigWidth, s.hidden, 1, false))),
          slowdown_head(register_module("slowdown_head",
                                        mlp(2 * s.hidden + s.gpu_width + kConfigWidth, s.hidden, 1, false)))
    {
    }

    // {log relative throughput, log slowdown} per row: corrections of the
    // rows' stacking estimates (BatchTensors).
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &job, const torch::Tensor &context,
                                                    const torch::Tensor &co_runner, const torch::Tensor &owner,
                                                    const torch::Tensor &relative_base,
                                                    const torch::Tensor &slowdown_base)
    {
        torch::Tensor e_job = job_encoder->forward(job);
        torch::Tensor e_co = torch::zeros({job.size(0), hidden});
        if (co_runner.size(0) > 0)
            e_co = e_co.index_add(0, owner, co_encoder->forward(co_runner));
        torch::Tensor log_relative =
            isolated_head->forward(torch::cat({e_job, context}, 1)).squeeze(1) + relative_base;
        torch::Tensor log_slowdown =
            slowdown_head->forward(torch::cat({e_job, e_co, context}, 1)).squeeze(1) + slowdown_base;
        return {log_relative, log_slowdown};
    }

    int hidden;
    torch::nn::Sequential job_encoder, co_encoder, isolated_head, slowdown_head;
};
TORCH_MODULE(Member);

// The ensemble's weights stacked on a leading member axis for inference:
// each layer is one batched matrix product over all members (the members'
// hidden activations are [members, rows, hidden]) instead of one small
// product per member. A head's first layer is split by input part (job,
// co-runners, context) so that no concatenation is needed.
struct StackedLinear {
    // Input per member: weight [members, in, out], bias [members, 1, out].
    // Input shared by the members (the job, co-runner and context rows):
    // weight [in, members * out], bias [members * out], one plain product.
    torch::Tensor weight, bias;  // bias undefined for a split part
    bool shared_input = false;
    int64_t members = 0;
};

torch::Tensor linear_part(const Member &member, torch::nn::Sequential MemberImpl::*net, int layer, bool bias)
{
    auto *linear = ((*member).*net)->ptr(layer * 2)->as<torch::nn::LinearImpl>();
    return (bias ? linear->bias : linear->weight).detach();
}

// Input columns [from, from + width) of layer `layer` of every member.
StackedLinear stacked(const std::vector<Member> &members, torch::nn::Sequential MemberImpl::*net, int layer,
                      bool shared_input, int64_t from = 0, int64_t width = -1, bool with_bias = true)
{
    std::vector<torch::Tensor> weights, biases;
    for (const Member &m : members) {
        torch::Tensor w = linear_part(m, net, layer, false);
        weights.push_back(w.slice(1, from, width < 0 ? w.size(1) : from + width).t());
        biases.push_back(linear_part(m, net, layer, true));
    }
    StackedLinear l;
    l.shared_input = shared_input;
    l.members = static_cast<int64_t>(members.size());
    l.weight = (shared_input ? torch::cat(weights, 1) : torch::stack(weights)).contiguous();
    if (with_bias)
        l.bias = (shared_input ? torch::cat(biases) : torch::stack(biases).unsqueeze(1)).contiguous();
    return l;
}

// x [rows, in] (shared input) or [members, rows, in] -> [members, rows, out].
torch::Tensor apply(const StackedLinear &layer, const torch::Tensor &x)
{
    if (layer.shared_input) {
        torch::Tensor y = layer.bias.defined() ? torch::addmm(layer.bias, x, layer.weight) : torch::mm(x, layer.weight);
        return y.view({x.size(0), layer.members, -1}).transpose(0, 1);
    }
    return layer.bias.defined() ? torch::baddbmm(layer.bias, x, layer.weight) : torch::bmm(x, layer.weight);
}

struct StackedEnsemble {
    StackedLinear job1, job2, co1, co2, iso_job, iso_context, iso_out, slow_job, slow_co, slow_context, slow_out;

    StackedEnsemble() = default;
    StackedEnsemble(const std::vector<Member> &m, int64_t hidden)
        : job1(stacked(m, &MemberImpl::job_encoder, 0, true)), job2(stacked(m, &MemberImpl::job_encoder, 1, false)),
          co1(stacked(m, &MemberImpl::co_encoder, 0, true)), co2(stacked(m, &MemberImpl::co_encoder, 1, false)),
          iso_job(stacked(m, &MemberImpl::isolated_head, 0, false, 0, hidden)),
          iso_context(stacked(m, &MemberImpl::isolated_head, 0, true, hidden, -1, false)),
          iso_out(stacked(m, &MemberImpl::isolated_head, 1, false)),
          slow_job(stacked(m, &MemberImpl::slowdown_head, 0, false, 0, hidden)),
          slow_co(stacked(m, &MemberImpl::slowdown_head, 0, false, hidden, hidden, false)),
          slow_context(stacked(m, &MemberImpl::slowdown_head, 0, true, 2 * hidden, -1, false)),
          slow_out(stacked(m, &MemberImpl::slowdown_head, 1, false))
    {
    }

    // The heads' outputs of MemberImpl::forward (the corrections, without
    // the estimates) for every member at once: [rows, members] each.
    std::pair<torch::Tensor, torch::Tensor> corrections(const torch::Tensor &job, const torch::Tensor &context,
                                                        const torch::Tensor &co_runner,
                                                        const torch::Tensor &owner) const
    {
        torch::Tensor e_job = apply(job2, apply(job1, job).relu_()).relu_();
        torch::Tensor e_co = torch::zeros_like(e_job);
        if (co_runner.size(0) > 0)
            e_co.index_add_(1, owner, apply(co2, apply(co1, co_runner).relu_()).relu_());
        torch::Tensor iso = apply(iso_job, e_job).add_(apply(iso_context, context)).relu_();
        torch::Tensor slow =
            apply(slow_job, e_job).add_(apply(slow_co, e_co)).add_(apply(slow_context, context)).relu_();
        return {apply(iso_out, iso).squeeze(2).t(), apply(slow_out, slow).squeeze(2).t()};
    }
};

// Tensors over an EncodedBatch's vectors (no copy; the batch outlives
// them), and the stacking estimates the networks correct: the
// isolated one, and the sum over co-runners of the pair one (log slowdowns
// of independent co-runners add up; feature_schema.h).
struct BatchTensors {
    torch::Tensor job, context, co_runner, owner, relative_base, slowdown_base;
};

torch::Tensor view(const std::vector<float> &data, int64_t rows, int64_t width)
{
    return torch::from_blob(const_cast<float *>(data.data()), {rows, width}, torch::kFloat32);
}

BatchTensors tensors_of(const EncodedBatch &b, const NetworkShape &s)
{
    auto rows = static_cast<int64_t>(b.rows);
    auto co_rows = static_cast<int64_t>(b.owner.size());
    BatchTensors t;
    t.job = view(b.job, rows, s.job_width);
    t.context = torch::cat({view(b.gpu, rows, s.gpu_width), view(b.config, rows, kConfigWidth)}, 1);
    t.co_runner = view(b.co_runner, co_rows, s.co_runner_width);
    t.owner = torch::from_blob(const_cast<int64_t *>(b.owner.data()), {co_rows}, torch::kInt64);
    t.relative_base = view(b.config, rows, kConfigWidth).select(1, kIsolatedEstimateColumn);
    t.slowdown_base = torch::zeros({rows});
    if (co_rows > 0)
        t.slowdown_base.index_add_(0, t.owner, t.co_runner.select(1, s.job_width));
    return t;
}

// Zeroes each row's one-hot columns [0, onehot) with probability p.
torch::Tensor drop_onehot(const torch::Tensor &x, int onehot, double p)
{
    if (x.size(0) == 0 || onehot == 0 || p <= 0)
        return x;
    torch::Tensor keep = torch::bernoulli(torch::full({x.size(0), 1}, 1.0 - p));
    torch::Tensor mask = torch::cat({keep.expand({x.size(0), onehot}), torch::ones({x.size(0), x.size(1) - onehot})}, 1);
    return x * mask;
}

BatchTensors dropped(const BatchTensors &t, const NetworkShape &s, double p)
{
    BatchTensors d = t;
    d.job = drop_onehot(t.job, s.family_count, p);
    d.context = drop_onehot(t.context, s.gpu_count, p);
    d.co_runner = drop_onehot(t.co_runner, s.family_count, p);
    return d;
}

torch::Tensor target_of(const LabelledBatch &b)
{
    return torch::from_blob(const_cast<float *>(b.target.data()), {static_cast<int64_t>(b.target.size())},
                            torch::kFloat32);
}

// Zeroes the heads' last layers, so that training starts from the
// stacking estimates themselves and learns only what corrects them.
void start_at_the_estimates(Member &member)
{
    torch::NoGradGuard no_grad;
    for (torch::nn::Sequential *head : {&member->isolated_head, &member->slowdown_head}) {
        auto *last = (*head)->ptr(2)->as<torch::nn::LinearImpl>();
        last->weight.zero_();
        last->bias.zero_();
    }
}

std::pair<torch::Tensor, torch::Tensor> forward(Member &member, const BatchTensors &x)
{
    return member->forward(x.job, x.context, x.co_runner, x.owner, x.relative_base, x.slowdown_base);
}

Member train_member(const NetworkShape &shape, const LabelledBatch &isolated, const LabelledBatch &pairs,
                    const TrainOptions &options, uint64_t seed)
{
    torch::manual_seed(seed);
    Member member(shape);
    start_at_the_estimates(member);
    torch::optim::Adam optimizer(member->parameters(),
                                 torch::optim::AdamOptions(options.learning_rate).weight_decay(1e-4));
    BatchTensors iso = tensors_of(isolated.rows, shape), pair = tensors_of(pairs.rows, shape);
    torch::Tensor iso_target = target_of(isolated), pair_target = target_of(pairs);
    for (int step = 0; step < options.steps; step++) {
        optimizer.zero_grad();
        torch::Tensor loss = torch::zeros({});
        if (isolated.rows.rows > 0) {
            BatchTensors x = dropped(iso, shape, options.onehot_dropout);
            loss = loss + torch::l1_loss(forward(member, x).first, iso_target);
        }
        if (pairs.rows.rows > 0) {
            BatchTensors x = dropped(pair, shape, options.onehot_dropout);
            loss = loss + torch::l1_loss(forward(member, x).second, pair_target);
        }
        loss.backward();
        optimizer.step();
    }
    member->eval();
    return member;
}

std::string shape_text(const torch::Tensor &t)
{
    std::string text = "[";
    for (int64_t i = 0; i < t.dim(); i++)
        text += (i ? "x" : "") + std::to_string(t.size(i));
    return text + "]";
}

// Copies the stored tensors of `module` (and its children, as nested
// archives the way Module::save writes them), refusing any whose shape
// differs: LibTorch's Module::load would silently take it.
void load_module(torch::serialize::InputArchive &archive, torch::nn::Module &module, const std::string &where,
                 const std::string &path)
{
    for (auto &param : module.named_parameters(false)) {
        torch::Tensor stored;
        if (!archive.try_read(param.key(), stored))
            throw ModelFileError(path + ": " + where + " lacks parameter " + param.key());
        if (!stored.sizes().equals(param.value().sizes()) || stored.scalar_type() != torch::kFloat32)
            throw ModelFileError(path + ": " + where + "." + param.key() + " has shape " + shape_text(stored) +
                                 ", the metadata's network needs " + shape_text(param.value()));
        param.value().copy_(stored);
    }
    for (auto &child : module.named_children()) {
        torch::serialize::InputArchive sub;
        if (!archive.try_read(child.key(), sub))
            throw ModelFileError(path + ": " + where + " lacks " + child.key());
        load_module(sub, *child.value(), where + "." + child.key(), path);
    }
}

void load_member(torch::serialize::InputArchive &archive, const std::string &key, Member &member,
                 const std::string &path)
{
    torch::serialize::InputArchive sub;
    if (!archive.try_read(key, sub))
        throw ModelFileError(path + ": no " + key + " (truncated or not an Accord model file)");
    torch::NoGradGuard no_grad;
    load_module(sub, *member, key, path);
    member->eval();
}

int64_t read_int(torch::serialize::InputArchive &archive, const std::string &key, const std::string &path)
{
    c10::IValue value;
    if (!archive.try_read(key, value) || !value.isInt())
        throw ModelFileError(path + ": no integer '" + key + "' (not an Accord model file)");
    return value.toInt();
}

}  // namespace

struct Ensemble::Impl {
    NetworkShape shape;
    std::vector<Member> members;
    StackedEnsemble stacked;  // the members' weights for inference
};

Ensemble Ensemble::train(const NetworkShape &shape, const LabelledBatch &isolated, const LabelledBatch &pairs,
                         const TrainOptions &options)
{
    torch::set_num_threads(1);
    auto impl = std::make_shared<Impl>();
    impl->shape = shape;
    for (int m = 0; m < shape.members; m++)
        impl->members.push_back(train_member(shape, isolated, pairs, options, options.seed * 1000 + m));
    impl->stacked = StackedEnsemble(impl->members, shape.hidden);
    Ensemble ensemble;
    ensemble.impl_ = impl;
    return ensemble;
}

void Ensemble::save(const std::string &path, const std::string &stamp, int schema_version) const
{
    torch::serialize::OutputArchive archive;
    archive.write("schema_version", c10::IValue(static_cast<int64_t>(schema_version)));
    archive.write("stamp", c10::IValue(stamp));
    archive.write("members", c10::IValue(static_cast<int64_t>(impl_->members.size())));
    for (size_t m = 0; m < impl_->members.size(); m++) {
        torch::serialize::OutputArchive sub;
        impl_->members[m]->save(sub);
        archive.write("member" + std::to_string(m), sub);
    }
    try {
        archive.save_to(path);
    } catch (const c10::Error &e) {
        throw ModelFileError(path + ": cannot write the model file: " + e.what_without_backtrace());
    }
}

Ensemble Ensemble::load(const std::string &path, const NetworkShape &shape, const std::string &stamp)
{
    torch::set_num_threads(1);
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path);
        int64_t version = read_int(archive, "schema_version", path);
        if (version != kSchemaVersion)
            throw ModelFileError(path + ": feature schema version " + std::to_string(version) +
                                 ", this build reads version " + std::to_string(kSchemaVersion) +
                                 "; retrain it with this accord-train");
        c10::IValue stored_stamp;
        if (!archive.try_read("stamp", stored_stamp) || !stored_stamp.isString())
            throw ModelFileError(path + ": no schema stamp (not an Accord model file)");
        if (stored_stamp.toStringRef() != stamp)
            throw ModelFileError(path + ": trained for '" + stored_stamp.toStringRef() +
                                 "' but its metadata says '" + stamp + "'");
        if (read_int(archive, "members", path) != shape.members)
            throw ModelFileError(path + ": " + std::to_string(read_int(archive, "members", path)) +
                                 " ensemble members, its metadata says " + std::to_string(shape.members));
        auto impl = std::make_shared<Impl>();
        impl->shape = shape;
        for (int m = 0; m < shape.members; m++) {
            Member member(shape);
            load_member(archive, "member" + std::to_string(m), member, path);
            impl->members.push_back(member);
        }
        impl->stacked = StackedEnsemble(impl->members, shape.hidden);
        Ensemble ensemble;
        ensemble.impl_ = impl;
        return ensemble;
    } catch (const c10::Error &e) {
        throw ModelFileError(path + ": unreadable model file (corrupt or truncated): " +
                             e.what_without_backtrace());
    }
}

void Ensemble::corrections(const EncodedBatch &batch, std::vector<float> &relative,
                           std::vector<float> &slowdown) const
{
    torch::InferenceMode inference;
    BatchTensors t = tensors_of(batch, impl_->shape);
    auto [r, s] = impl_->stacked.corrections(t.job, t.context, t.co_runner, t.owner);
    r = r.contiguous();
    s = s.contiguous();
    relative.assign(r.data_ptr<float>(), r.data_ptr<float>() + r.numel());
    slowdown.assign(s.data_ptr<float>(), s.data_ptr<float>() + s.numel());
}

int Ensemble::members() const { return static_cast<int>(impl_->members.size()); }

}  // namespace accord::model
