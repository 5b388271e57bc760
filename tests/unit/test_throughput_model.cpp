// Unit tests for model/: the learned throughput model behind its plain
// interface. A tiny hand-made data set (two families and a one-type family,
// K80 and V100, a few pairs) trains a two-member ensemble in well under a
// second; the tests pin the file checks (schema version, corruption,
// metadata that does not match), the model's invariants (co-runner order,
// no co-runners, batching, seeded determinism), the prior for unknown GPU
// types, the dlopen'ed module's C factory, and the evaluation's metrics.
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>  // before cmocka.h, whose fail() macro breaks <ios>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "model/baselines.h"
#include "model/evaluation.h"
#include "model/metrics.h"
#include "model/model_metadata.h"
#include "model/model_training.h"
#include "model/score_gap.h"
#include "reader_test.h"
#include "tiny_training_data.h"

using namespace accord::model;
using accord::test::g_tmpdir;
using accord::test::g_tmpfiles;

namespace {

TrainingData tiny_data()
{
    return accord::test::tiny_data({"ResNet-18 (batch size 32)", "ResNet-18 (batch size 128)", "LM (batch size 10)",
                                    "A3C"});
}

ModelOptions tiny_options(uint64_t seed = 7)
{
    ModelOptions options;
    options.hidden = 8;
    options.members = 2;
    options.train.steps = 40;
    options.train.seed = seed;
    // The whole correction, so that predictions depend on the networks.
    options.gates = CorrectionGates{{1, 1, 1}, {1, 1, 1}};
    return options;
}

Candidate shared_candidate(std::vector<Job> co_runners)
{
    return Candidate{Job{"ResNet-18", 64}, "v100", 1, false, std::move(co_runners)};
}

std::vector<Candidate> some_candidates()
{
    std::vector<Candidate> out;
    for (const char *gpu : {"k80", "v100"})
        for (int gpus : {1, 2, 4}) {
            out.push_back(Candidate{Job{"LM", 10}, gpu, gpus, gpus > 2, {}});
            out.push_back(Candidate{Job{"A3C", 0}, gpu, gpus, false, {Job{"ResNet-18", 32}, Job{"LM", 20}}});
        }
    return out;
}

std::string saved_model(const std::string &name, const ModelOptions &options = tiny_options())
{
    std::string path = g_tmpdir + "/" + name;
    g_tmpfiles.push_back(path);
    g_tmpfiles.push_back(metadata_path(path));
    save_model(train_model(tiny_data(), options), options, ModelMetadata{}, path);
    return path;
}

// The message accord_model_open gives for `path`; fails when it opens.
std::string refusal(const std::string &path)
{
    char error[1024] = "";
    ThroughputModel *model = accord_model_open(path.c_str(), error, sizeof error);
    if (model) {
        accord_model_close(model);
        fail_msg("%s was opened, expected a refusal", path.c_str());
    }
    return error;
}

std::string read_text(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_text(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Replaces the first `from` after the first `after`.
void replace_in_file(const std::string &path, const std::string &from, const std::string &to,
                     const std::string &after = "")
{
    std::string text = read_text(path);
    size_t at = text.find(from, text.find(after));
    if (at == std::string::npos)
        fail_msg("%s has no \"%s\"", path.c_str(), from.c_str());
    write_text(path, text.replace(at, from.size(), to));
}

void assert_same(const Prediction &a, const Prediction &b)
{
    if (a.relative_throughput != b.relative_throughput || a.slowdown != b.slowdown ||
        a.uncertainty != b.uncertainty)
        fail_msg("(%.17g, %.17g, %.17g) != (%.17g, %.17g, %.17g)", a.relative_throughput, a.slowdown,
                 a.uncertainty, b.relative_throughput, b.slowdown, b.uncertainty);
}

void assert_close(double a, double b)
{
    if (std::fabs(a - b) > 1e-5 * std::max(1.0, std::fabs(b)))
        fail_msg("%.17g is not within 1e-5 of %.17g", a, b);
}

// ---- model and metadata files ---------------------------------------------------

void test_opens_a_saved_model(void **)
{
    std::string path = saved_model("good.pt");
    char error[256] = "";
    std::unique_ptr<ThroughputModel, void (*)(ThroughputModel *)> model(
        accord_model_open(path.c_str(), error, sizeof error), accord_model_close);
    if (!model)
        fail_msg("refused: %s", error);
    assert_string_equal(model->reference_gpu_type().c_str(), "v100");
    assert_int_equal(model->families().size(), 3);
    assert_int_equal(model->gpu_types().size(), 2);
}

void test_refuses_metadata_of_other_schema_version(void **)
{
    std::string path = saved_model("meta-version.pt");
    replace_in_file(metadata_path(path), "\"schema_version\": " + std::to_string(kSchemaVersion),
                    "\"schema_version\": 99");
    std::string error = refusal(path);
    assert_contains(error, metadata_path(path));
    assert_contains(error, "schema version 99");
}

// A version-5 file (no completion across GPU types: its network corrects
// other isolated estimates), a version-4 file (no shrinkage of a declared
// GPU type's slowdown) and a version-3 file (no declared-GPU share: it took
// the whole correction on a declared GPU type) get the retraining hint, as
// does version 2.
void test_refuses_metadata_of_the_previous_schema_versions(void **)
{
    for (const char *version : {"2", "3", "4", "5", "6"}) {
        std::string path = saved_model(std::string("meta-version-") + version + ".pt");
        replace_in_file(metadata_path(path), "\"schema_version\": " + std::to_string(kSchemaVersion),
                        std::string("\"schema_version\": ") + version);
        assert_contains(refusal(path), metadata_path(path) + ": feature schema version " + version +
                                           ", this build reads version 7; retrain with this accord-train");
    }
}

void test_refuses_missing_or_bad_correction_gates(void **)
{
    std::string path = saved_model("gates.pt");
    std::string good = read_text(metadata_path(path));
    replace_in_file(metadata_path(path), "\"nearest\": 1.0", "\"nearest\": 2.0", "\"slowdown\"");
    assert_contains(refusal(path), "network.correction.slowdown field 'nearest' is missing or not a share in [0, 1]");
    write_text(metadata_path(path), good);
    replace_in_file(metadata_path(path), "\"correction\"", "\"corrections\"");
    assert_contains(refusal(path), metadata_path(path) + ": no field 'correction'");
    write_text(metadata_path(path), good);
    replace_in_file(metadata_path(path), "\"declared\"", "\"declare\"", "\"relative\"");
    assert_contains(refusal(path), "network.correction.relative field 'declared' is missing or not a share in [0, 1]");
    write_text(metadata_path(path), good);
    replace_in_file(metadata_path(path), "\"declared_pair_shrink\": 0.0", "\"declared_pair_shrink\": 1.5");
    assert_contains(refusal(path),
                    "network.correction field 'declared_pair_shrink' is missing or not a share in [0, 1]");
    write_text(metadata_path(path), good);
    replace_in_file(metadata_path(path), "\"training_mean\"", "\"time_slicing\"");
    assert_contains(refusal(path), "declared_pair_target 'time_slicing' is neither training_mean nor time_sharing");
    write_text(metadata_path(path), good);
    replace_in_file(metadata_path(path), "\"training_mean\"", "2");
    assert_contains(refusal(path), "network.correction field 'declared_pair_target' is not a string");
}

// A file written before the target could be chosen has no such field: its
// pairs were shrunk toward the training mean, and are read so.
void test_metadata_without_a_pair_target_shrinks_toward_the_training_mean(void **)
{
    ModelOptions options = tiny_options();
    options.gates.declared_pair_target = PairShrinkTarget::kTimeSharing;
    std::string path = saved_model("no-target.pt", options);
    assert_true(read_metadata(metadata_path(path)).gates.declared_pair_target == PairShrinkTarget::kTimeSharing);
    replace_in_file(metadata_path(path), "\"declared_pair_target\": \"time_sharing\"", "\"unrelated\": 0");
    assert_true(read_metadata(metadata_path(path)).gates.declared_pair_target == PairShrinkTarget::kTrainingMean);
}

void test_metadata_keeps_the_correction_gates(void **)
{
    ModelOptions options = tiny_options();
    options.gates = CorrectionGates{{0.25, 0.75, 0.5}, {0.5, 1, 0}, 0.75, PairShrinkTarget::kTimeSharing};
    std::string path = g_tmpdir + "/gated.pt";
    g_tmpfiles.push_back(path);
    g_tmpfiles.push_back(metadata_path(path));
    save_model(train_model(tiny_data(), options), options, ModelMetadata{}, path);
    CorrectionGates read = read_metadata(metadata_path(path)).gates;
    assert_close(read.relative.family, 0.25);
    assert_close(read.relative.nearest, 0.75);
    assert_close(read.slowdown.family, 0.5);
    assert_close(read.slowdown.nearest, 1);
    assert_close(read.relative.declared, 0.5);
    assert_close(read.slowdown.declared, 0);
    assert_close(read.declared_pair_shrink, 0.75);
    assert_close(LearnedModel::open(path).gates().slowdown.family, 0.5);
    assert_close(LearnedModel::open(path).gates().declared_pair_shrink, 0.75);
    assert_true(read.declared_pair_target == PairShrinkTarget::kTimeSharing);
    assert_true(LearnedModel::open(path).gates().declared_pair_target == PairShrinkTarget::kTimeSharing);
}

void test_refuses_model_file_of_other_schema_version(void **)
{
    std::string path = saved_model("file-version.pt");
    LearnedModel model = train_model(tiny_data(), tiny_options());
    model.ensemble().save(path, model.schema().stamp(), kSchemaVersion + 1);
    std::string error = refusal(path);
    assert_contains(error, path + ": feature schema version " + std::to_string(kSchemaVersion + 1));
}

void test_refuses_truncated_model_file(void **)
{
    std::string path = saved_model("truncated.pt");
    std::string bytes = read_text(path);
    write_text(path, bytes.substr(0, bytes.size() / 2));
    std::string error = refusal(path);
    assert_contains(error, path + ": unreadable model file (corrupt or truncated)");
}

void test_refuses_garbage_model_file(void **)
{
    std::string path = saved_model("garbage.pt");
    write_text(path, "not a model at all\n");
    assert_contains(refusal(path), path + ": unreadable model file");
}

void test_refuses_metadata_that_does_not_match(void **)
{
    std::string path = saved_model("mismatch.pt");
    replace_in_file(metadata_path(path), "\"LM\"", "\"GPT\"");
    std::string error = refusal(path);
    assert_contains(error, path + ": trained for 'families=A3C,LM,ResNet-18");
    assert_contains(error, "its metadata says 'families=A3C,GPT,ResNet-18");
}

void test_refuses_network_shape_that_does_not_match(void **)
{
    std::string path = saved_model("shape.pt");
    replace_in_file(metadata_path(path), "\"hidden\": 8", "\"hidden\": 9");
    assert_contains(refusal(path), "has shape [8x5], the metadata's network needs [9x5]");
}

void test_refuses_missing_and_broken_metadata(void **)
{
    std::string path = saved_model("no-meta.pt");
    std::remove(metadata_path(path).c_str());
    assert_contains(refusal(path), metadata_path(path) + ": line ");
    write_text(metadata_path(path), "{\"schema_version\": " + std::to_string(kSchemaVersion) + "}");
    assert_contains(refusal(path), metadata_path(path) + ": no field 'reference_gpu_type'");
}

// The module a scheduler dlopens ($MODEL_SO, set by make check) serves the
// same model through its C factory.
void test_refuses_neighbour_sample_on_unknown_gpu(void **)
{
    std::string path = saved_model("neighbour-gpu.pt");
    replace_in_file(metadata_path(path), "\"k80\"", "\"h100\"", "\"neighbours\"");
    assert_contains(refusal(path), metadata_path(path) + ": neighbours.isolated[");
    assert_contains(refusal(path), "item 2: not one of gpu_types");
}

void test_refuses_neighbour_sample_without_value(void **)
{
    std::string path = saved_model("neighbour-value.pt");
    replace_in_file(metadata_path(path), "false,", "\"no\",", "\"neighbours\"");
    assert_contains(refusal(path), "neighbours.isolated[0] item 4: 'spread' is not true or false");
}

void test_module_opens_through_its_c_factory(void **)
{
    const char *module_path = std::getenv("MODEL_SO");
    if (!module_path || !*module_path)
        skip();
    void *module = dlopen(module_path, RTLD_NOW | RTLD_LOCAL);
    if (!module)
        fail_msg("dlopen: %s", dlerror());
    using Open = ThroughputModel *(*)(const char *, char *, size_t);
    using Close = void (*)(ThroughputModel *);
    auto open = reinterpret_cast<Open>(dlsym(module, "accord_model_open"));
    auto close = reinterpret_cast<Close>(dlsym(module, "accord_model_close"));
    assert_non_null(open);
    assert_non_null(close);
    char error[512] = "";
    assert_null(open((g_tmpdir + "/absent.pt").c_str(), error, sizeof error));
    assert_contains(error, "absent.pt.json");
    std::string path = saved_model("module.pt");
    ThroughputModel *model = open(path.c_str(), error, sizeof error);
    if (!model)
        fail_msg("refused: %s", error);
    std::vector<Candidate> candidates = some_candidates();
    std::vector<Prediction> from_module(candidates.size()), here(candidates.size());
    model->predict(candidates.data(), candidates.size(), from_module.data());
    LearnedModel::open(path).predict(candidates.data(), candidates.size(), here.data());
    for (size_t i = 0; i < candidates.size(); i++)
        assert_same(from_module[i], here[i]);
    close(model);
    dlclose(module);
}

// ---- predictions ----------------------------------------------------------------

void test_co_runner_order_does_not_matter(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    Job a{"LM", 10}, b{"A3C", 0}, c{"ResNet-18", 128};
    Candidate forward = shared_candidate({a, b, c}), backward = shared_candidate({c, a, b});
    Prediction p, q;
    model.predict(&forward, 1, &p);
    model.predict(&backward, 1, &q);
    assert_same(p, q);
    assert_true(p.slowdown < 1.0);
}

void test_no_co_runners_means_no_slowdown(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    Candidate alone = shared_candidate({});
    Prediction p;
    model.predict(&alone, 1, &p);
    assert_true(p.slowdown == 1.0);
    assert_true(p.valid && p.family_known && p.gpu_known);
}

// Over several of predict's chunks of 64, with candidates it cannot encode
// (an undeclared GPU type) on both sides of a chunk's end.
void test_batched_equals_one_by_one(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    std::vector<Candidate> candidates;
    for (int copy = 0; copy < 12; copy++)
        for (const Candidate &c : some_candidates())
            candidates.push_back(c);
    Candidate unknown{Job{"LM", 10}, "h100", 1, false, {}};
    candidates.insert(candidates.begin() + 63, unknown);
    candidates.insert(candidates.begin() + 65, unknown);
    std::vector<Prediction> batched(candidates.size());
    model.predict(candidates.data(), candidates.size(), batched.data());
    assert_false(batched[63].valid || batched[65].valid);
    for (size_t i = 0; i < candidates.size(); i++) {
        Prediction single;
        model.predict(&candidates[i], 1, &single);
        assert_true(single.valid == batched[i].valid);
        assert_close(single.relative_throughput, batched[i].relative_throughput);
        assert_close(single.slowdown, batched[i].slowdown);
        assert_close(single.uncertainty, batched[i].uncertainty);
    }
}

void test_training_is_deterministic_for_a_seed(void **)
{
    std::vector<Candidate> candidates = some_candidates();
    auto predict = [&](uint64_t seed) {
        std::vector<Prediction> out(candidates.size());
        train_model(tiny_data(), tiny_options(seed)).predict(candidates.data(), candidates.size(), out.data());
        return out;
    };
    std::vector<Prediction> first = predict(7), again = predict(7), other = predict(8);
    // Another seed changes the corrections (a measured candidate has none).
    bool differs = false;
    for (size_t i = 0; i < candidates.size(); i++) {
        assert_same(first[i], again[i]);
        differs = differs || first[i].relative_throughput != other[i].relative_throughput ||
                  first[i].slowdown != other[i].slowdown;
    }
    assert_true(differs);
}

void test_unknown_gpu_type_needs_a_declared_prior(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    Candidate c{Job{"LM", 10}, "h100", 1, false, {}};
    Prediction p;
    model.predict(&c, 1, &p);
    assert_false(p.valid);
    assert_false(model.declare_gpu_type("v100", GpuDescriptor{1, 15.7, 16, 900}));
    assert_false(model.declare_gpu_type("h100", GpuDescriptor{2, 0, 80, 3350}));
    assert_true(model.declare_gpu_type("h100", GpuDescriptor{2, 51, 80, 3350}));
    model.predict(&c, 1, &p);
    assert_true(p.valid && !p.gpu_known && p.family_known);
    assert_true(p.relative_throughput > 0 && p.uncertainty > 0);
}

void test_family_names_ignore_case_and_punctuation(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    Candidate exact{Job{"ResNet-18", 32}, "k80", 1, false, {Job{"LM", 10}}};
    Candidate hinted{Job{"resnet18", 32}, "k80", 1, false, {Job{"lm", 10}}};
    Prediction p, q;
    model.predict(&exact, 1, &p);
    model.predict(&hinted, 1, &q);
    assert_same(p, q);
    assert_true(q.family_known);
}

void test_unknown_family_is_flagged(void **)
{
    LearnedModel model = train_model(tiny_data(), tiny_options());
    Candidate c = shared_candidate({Job{"GPT", 8}});
    Prediction p;
    model.predict(&c, 1, &p);
    assert_true(p.valid && p.gpu_known && !p.family_known);
}

// ---- held-out pairs (accord-train --hold-out-types) ------------------------------

void test_hold_out_drops_every_pair_of_the_types_and_keeps_them_alone(void **)
{
    TrainingData data = tiny_data();
    size_t isolated = data.isolated.size(), pairs = data.pairs.size();
    hold_out_pairs(data, {"A3C", "LM (batch size 10)"});
    assert_int_equal(data.isolated.size(), isolated);
    // 4 job types: of the 16 ordered pairs per GPU type only the 4 among
    // the two ResNet-18 types are left.
    assert_int_equal(pairs, 32);
    assert_int_equal(data.pairs.size(), 8);
    for (const PairSample &p : data.pairs)
        assert_true(p.job_type.rfind("ResNet-18", 0) == 0 && p.other_type.rfind("ResNet-18", 0) == 0);
    try {
        hold_out_pairs(data, {"GPT"});
        fail_msg("held out a type that is not in the data");
    } catch (const std::invalid_argument &e) {
        assert_contains(e.what(), "held-out job type 'GPT'");
    }
}

// ---- held-out job types and families (accord-train --hold-out-entirely) ---------

bool mentions(const TrainingData &data, const std::string &prefix)
{
    auto starts = [&](const std::string &type) { return type.rfind(prefix, 0) == 0; };
    return std::any_of(data.isolated.begin(), data.isolated.end(),
                       [&](const IsolatedSample &s) { return starts(s.job_type); }) ||
           std::any_of(data.pairs.begin(), data.pairs.end(),
                       [&](const PairSample &p) { return starts(p.job_type) || starts(p.other_type); });
}

void test_hold_out_entirely_drops_a_job_type_alone_and_in_pairs(void **)
{
    TrainingData data = tiny_data();
    size_t isolated = data.isolated.size();
    hold_out_entirely(data, {"LM (batch size 10)"});
    assert_false(mentions(data, "LM"));
    assert_true(mentions(data, "A3C") && mentions(data, "ResNet-18"));
    // One of 4 job types, alone: a quarter of the isolated samples; of the
    // 16 ordered pairs per GPU type, the 9 among the other 3 are left.
    assert_int_equal(data.isolated.size(), isolated * 3 / 4);
    assert_int_equal(data.pairs.size(), 18);
    assert_true(data.job_types() ==
                (std::vector<std::string>{"A3C", "ResNet-18 (batch size 128)", "ResNet-18 (batch size 32)"}));
}

void test_hold_out_entirely_takes_a_family_as_the_model_spells_it(void **)
{
    TrainingData data = tiny_data();
    hold_out_entirely(data, {"resnet18"});
    assert_false(mentions(data, "ResNet-18"));
    assert_true(data.job_types() == (std::vector<std::string>{"A3C", "LM (batch size 10)"}));
    assert_int_equal(data.pairs.size(), 8);
    LearnedModel model = train_model(data, tiny_options());
    Candidate c{Job{"ResNet-18", 32}, "v100", 1, false, {}};
    Prediction p;
    model.predict(&c, 1, &p);
    assert_false(p.family_known);
}

void test_hold_out_entirely_refuses_an_unknown_name(void **)
{
    TrainingData data = tiny_data();
    size_t isolated = data.isolated.size();
    for (const char *name : {"GPT", "ResNet-18 (batch size 64)"}) {
        try {
            hold_out_entirely(data, {"A3C", name});
            fail_msg("held out '%s', which is not in the data", name);
        } catch (const std::invalid_argument &e) {
            assert_contains(e.what(), std::string("held-out job type or family '") + name + "'");
        }
    }
    assert_int_equal(data.isolated.size(), isolated);
}

void test_metadata_keeps_the_held_out_types(void **)
{
    ModelOptions options = tiny_options();
    std::string path = g_tmpdir + "/held.pt";
    g_tmpfiles.push_back(path);
    g_tmpfiles.push_back(metadata_path(path));
    ModelMetadata metadata;
    metadata.held_out_pair_types = {"A3C", "LM (batch size 10)"};
    metadata.held_out_types = {"ResNet-18"};
    save_model(train_model(tiny_data(), options), options, metadata, path);
    ModelMetadata read = read_metadata(metadata_path(path));
    assert_true(read.held_out_pair_types == metadata.held_out_pair_types);
    assert_true(read.held_out_types == metadata.held_out_types);
    ModelMetadata all = read_metadata(metadata_path(saved_model("all.pt")));
    assert_true(all.held_out_pair_types.empty() && all.held_out_types.empty());
}

// ---- nearest-neighbour inputs ----------------------------------------------------

const Job kA32{"ResNet-18", 32}, kA64{"ResNet-18", 64}, kB{"LM", 10};

NeighbourEstimates tiny_neighbours()
{
    NeighbourSamples n;
    n.isolated = {{kA32, "k80", 1, false, 0.5}, {kA64, "k80", 1, false, 0.6}, {kB, "k80", 1, false, 0.9},
                  {kA32, "v100", 1, false, 1.0}};
    n.pairs = {{kA32, kB, "k80", 1, 0.5}, {kB, kA32, "k80", 1, 0.7}, {kA64, kB, "k80", 1, 0.6},
               {kA32, kA64, "k80", 1, 0.8}};
    return NeighbourEstimates(n, {{"k80", 0.3}, {"v100", 1.0}});
}

void assert_estimate(const Estimate &e, double value, double distance)
{
    assert_close(e.log_value, std::log(value));
    assert_close(e.distance, distance);
}

void test_isolated_estimate_leaves_out_own_job_type(void **)
{
    NeighbourEstimates n = tiny_neighbours();
    Job hinted{"resnet18", 32};  // the same job type, spelled as a hint
    assert_estimate(n.log_relative(kA32, "k80", 0.3, 1, false, LeaveOut::kNothing), 0.5, 0);
    assert_estimate(n.log_relative(hinted, "k80", 0.3, 1, false, LeaveOut::kOwnJobType), 0.6, 1);
    assert_estimate(n.log_relative(Job{"ResNet-18", 45}, "k80", 0.3, 1, false, LeaveOut::kNothing), 0.5,
                    std::log2(45.0 / 32));
    // Ties share the estimate: each K80 sample is of another family, 6 away.
    assert_estimate(n.log_relative(Job{"CycleGAN", 0}, "k80", 0.3, 1, false, LeaveOut::kNothing),
                    (0.5 + 0.6 + 0.9) / 3, 6);
    // A job type the samples do not have leaves nothing out: its nearest.
    assert_estimate(n.log_relative(Job{"ResNet-18", 128}, "k80", 0.3, 1, false, LeaveOut::kOwnJobType), 0.6, 1);
}

void test_pair_estimate_leaves_out_every_pair_of_the_type(void **)
{
    NeighbourEstimates n = tiny_neighbours();
    assert_estimate(n.log_slowdown(kA32, kB, "k80", 0.3, 1, LeaveOut::kNothing), 0.5, 0);
    // Without every pair A32 is in (as job or co-runner): A64 next to B.
    assert_estimate(n.log_slowdown(kA32, kB, "k80", 0.3, 1, LeaveOut::kOwnJobType), 0.6, 1);
    // Without every pair B is in: A32 next to A64, another family (4) whose
    // batch size is log2(64 / 10) from B's.
    assert_estimate(n.log_slowdown(kA32, kB, "k80", 0.3, 1, LeaveOut::kOwnCoRunnerType), 0.8,
                    4 + std::log2(64.0 / 10));
    // Another GPU type: 2 plus twice the log of the speeds' ratio.
    assert_estimate(n.log_slowdown(kA32, kB, "v100", 1.0, 1, LeaveOut::kNothing), 0.5, 2 + 2 * std::log(1 / 0.3));
}

// The encoded rows of one candidate.
EncodedBatch encoded(const FeatureSchema &schema, const Candidate &c, LeaveOut leave)
{
    EncodedBatch batch;
    schema.append(c, batch, leave);
    return batch;
}

// Every sample of `type` (alone, and in pairs as job or co-runner) times `factor`.
TrainingData scaled(TrainingData data, const std::string &type, double factor)
{
    for (IsolatedSample &s : data.isolated)
        if (s.job_type == type)
            s.relative *= factor;
    for (PairSample &s : data.pairs)
        if (s.job_type == type || s.other_type == type)
            s.slowdown *= factor;
    return data;
}

void test_training_rows_never_see_their_own_job_type(void **)
{
    const std::string type = "LM (batch size 10)";
    FeatureSchema before = schema_for(tiny_data()), after = schema_for(scaled(tiny_data(), type, 0.5));
    Candidate alone{Job{"LM", 10}, "k80", 2, false, {}};
    Candidate as_job{Job{"LM", 10}, "k80", 1, false, {Job{"A3C", 0}}};
    Candidate as_co_runner{Job{"A3C", 0}, "k80", 1, false, {Job{"LM", 10}}};
    const size_t estimate = kIsolatedEstimateColumn, pair_estimate = static_cast<size_t>(before.job_width());
    auto same = [&](const Candidate &c, LeaveOut leave, bool pair) {
        EncodedBatch a = encoded(before, c, leave), b = encoded(after, c, leave);
        return pair ? a.co_runner[pair_estimate] == b.co_runner[pair_estimate] : a.config[estimate] == b.config[estimate];
    };
    assert_true(same(alone, LeaveOut::kOwnJobType, false));
    assert_true(same(as_job, LeaveOut::kOwnJobType, true));
    assert_true(same(as_co_runner, LeaveOut::kOwnCoRunnerType, true));
    // A candidate's estimates (nothing left out) are the type's own values.
    assert_false(same(alone, LeaveOut::kNothing, false));
    assert_false(same(as_job, LeaveOut::kNothing, true));
    assert_false(same(as_co_runner, LeaveOut::kOwnJobType, true));
}

void test_training_starts_from_the_estimates(void **)
{
    ModelOptions options = tiny_options();
    options.train.steps = 1;
    TrainingData data = tiny_data();
    LearnedModel model = train_model(data, options);
    Baselines baselines(data);
    Candidate c{Job{"LM", 20}, "k80", 2, false, {Job{"A3C", 0}}};
    Prediction p;
    model.predict(&c, 1, &p);
    // One Adam step moves a weight by about the learning rate, 3e-3.
    assert_true(std::fabs(std::log(p.relative_throughput / baselines.interpolated_relative(IsolatedSample{
                                                               "LM (batch size 20)", "k80", 2, false, 1}))) < 0.05);
    assert_true(std::fabs(std::log(p.slowdown / baselines.interpolated_slowdown(
                                                    PairSample{"LM (batch size 20)", "A3C", "k80", 2, 1}))) < 0.05);
}

// ---- metrics --------------------------------------------------------------------

void test_mape(void **)
{
    assert_close(mape({1.1, 1.8}, {1.0, 2.0}), 10.0);
}

void test_spearman(void **)
{
    assert_close(spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
    assert_close(spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
    // Ties share their average rank: ranks (1.5, 1.5, 3) against (1, 2, 3).
    assert_close(spearman({5, 5, 7}, {1, 2, 3}), std::sqrt(0.75));
    assert_true(std::isnan(spearman({1, 1, 1}, {1, 2, 3})));
}

// Twenty groups of five samples; `a` ranks them exactly, `b` swaps the
// first two samples of every group.
struct GapSamples {
    std::vector<double> truth, a, b;
    std::vector<size_t> group;
};

GapSamples gap_samples()
{
    GapSamples s;
    for (size_t g = 0; g < 20; g++)
        for (size_t k = 0; k < 5; k++) {
            double value = static_cast<double>(g * 5 + k);
            s.truth.push_back(value);
            s.a.push_back(value);
            s.b.push_back(k == 0 ? value + 1 : k == 1 ? value - 1 : value);
            s.group.push_back(g);
        }
    return s;
}

void test_score_gap_tells_a_better_ranking_apart(void **)
{
    GapSamples s = gap_samples();
    ScoreGap gap = score_gap(spearman, s.a, s.b, s.truth, s.group);
    assert_close(gap.difference, spearman(s.a, s.truth) - spearman(s.b, s.truth));
    assert_true(gap.low > 0);
    assert_true(gap.low < gap.difference && gap.difference < gap.high);
    assert_close(gap.high - gap.difference, gap.difference - gap.low);
}

void test_score_gap_of_equal_estimates_is_zero(void **)
{
    GapSamples s = gap_samples();
    ScoreGap gap = score_gap(spearman, s.b, s.b, s.truth, s.group);
    assert_close(gap.difference, 0);
    assert_close(gap.low, 0);
    assert_close(gap.high, 0);
}

void test_score_gap_leaves_out_whole_groups(void **)
{
    // One group: nothing to leave out.
    GapSamples s = gap_samples();
    std::vector<size_t> one(s.group.size(), 7);
    ScoreGap gap = score_gap(spearman, s.a, s.b, s.truth, one);
    assert_close(gap.difference, spearman(s.a, s.truth) - spearman(s.b, s.truth));
    assert_true(std::isnan(gap.low) && std::isnan(gap.high));
    // Errors that move together in one group leave the difference less
    // sure than the same errors taken sample by sample.
    std::vector<double> b = s.a;
    std::vector<size_t> grouped(s.a.size()), single(s.a.size());
    for (size_t i = 0; i < s.a.size(); i++) {
        grouped[i] = i < 50 ? 0 : 1 + i % 10;
        single[i] = i;
    }
    for (size_t i = 0; i + 1 < 50; i += 2)
        std::swap(b[i], b[i + 1]);
    ScoreGap by_group = score_gap(spearman, s.a, b, s.truth, grouped);
    ScoreGap by_sample = score_gap(spearman, s.a, b, s.truth, single);
    assert_close(by_group.difference, by_sample.difference);
    assert_true(by_group.high - by_group.low > by_sample.high - by_sample.low);
}

void test_score_gap_of_mape(void **)
{
    // 10 % against 20 % off in every group: -10 points, whatever is left out.
    GapSamples s = gap_samples();
    std::vector<double> truth, a, b;
    for (double t : s.truth) {
        truth.push_back(t + 1);
        a.push_back((t + 1) * 1.1);
        b.push_back((t + 1) * 0.8);
    }
    ScoreGap gap = score_gap(mape, a, b, truth, s.group);
    assert_close(gap.difference, -10);
    assert_close(gap.low, -10);
    assert_close(gap.high, -10);
    // Worse than b in one group only: the interval widens around the mean.
    for (size_t i = 0; i < 5; i++)
        a[i] = truth[i] * 2;
    gap = score_gap(mape, a, b, truth, s.group);
    assert_true(gap.low < gap.difference && gap.difference < gap.high);
}

// The job-type table's gaps are the differences of its own rows, over the
// pooled folds.
void test_job_folds_report_gaps_to_the_baselines(void **)
{
    HoldoutTable table = evaluate_job_folds(tiny_data(), tiny_options(), 2, [](const std::string &) {});
    assert_int_equal(table.gaps.size(), 3);
    const MethodScores &learned = table.rows.back();
    for (const GapRow &gap : table.gaps) {
        auto row = std::find_if(table.rows.begin(), table.rows.end(),
                                [&](const MethodScores &r) { return r.method == gap.baseline; });
        assert_true(row != table.rows.end());
        assert_close(gap.pairs_mape.difference, learned.pairs.mape - row->pairs.mape);
        assert_close(gap.isolated_mape.difference, learned.isolated.mape - row->isolated.mape);
        assert_true(gap.pairs_mape.low <= gap.pairs_mape.difference && gap.pairs_mape.difference <= gap.pairs_mape.high);
        if (!std::isnan(row->isolated.spearman))
            assert_close(gap.isolated_spearman.difference, learned.isolated.spearman - row->isolated.spearman);
    }
}

void test_score_gap_is_undefined_for_a_constant_estimate(void **)
{
    GapSamples s = gap_samples();
    std::vector<double> constant(s.truth.size(), 1.0);
    assert_true(std::isnan(score_gap(spearman, constant, s.b, s.truth, s.group).difference));
}

}  // namespace

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opens_a_saved_model),
        cmocka_unit_test(test_refuses_metadata_of_other_schema_version),
        cmocka_unit_test(test_refuses_metadata_of_the_previous_schema_versions),
        cmocka_unit_test(test_refuses_missing_or_bad_correction_gates),
        cmocka_unit_test(test_metadata_keeps_the_correction_gates),
        cmocka_unit_test(test_refuses_model_file_of_other_schema_version),
        cmocka_unit_test(test_refuses_truncated_model_file),
        cmocka_unit_test(test_refuses_garbage_model_file),
        cmocka_unit_test(test_refuses_metadata_that_does_not_match),
        cmocka_unit_test(test_refuses_network_shape_that_does_not_match),
        cmocka_unit_test(test_refuses_missing_and_broken_metadata),
        cmocka_unit_test(test_refuses_neighbour_sample_on_unknown_gpu),
        cmocka_unit_test(test_refuses_neighbour_sample_without_value),
        cmocka_unit_test(test_module_opens_through_its_c_factory),
        cmocka_unit_test(test_co_runner_order_does_not_matter),
        cmocka_unit_test(test_no_co_runners_means_no_slowdown),
        cmocka_unit_test(test_batched_equals_one_by_one),
        cmocka_unit_test(test_training_is_deterministic_for_a_seed),
        cmocka_unit_test(test_unknown_gpu_type_needs_a_declared_prior),
        cmocka_unit_test(test_family_names_ignore_case_and_punctuation),
        cmocka_unit_test(test_unknown_family_is_flagged),
        cmocka_unit_test(test_hold_out_drops_every_pair_of_the_types_and_keeps_them_alone),
        cmocka_unit_test(test_hold_out_entirely_drops_a_job_type_alone_and_in_pairs),
        cmocka_unit_test(test_hold_out_entirely_takes_a_family_as_the_model_spells_it),
        cmocka_unit_test(test_hold_out_entirely_refuses_an_unknown_name),
        cmocka_unit_test(test_metadata_keeps_the_held_out_types),
        cmocka_unit_test(test_metadata_without_a_pair_target_shrinks_toward_the_training_mean),
        cmocka_unit_test(test_isolated_estimate_leaves_out_own_job_type),
        cmocka_unit_test(test_pair_estimate_leaves_out_every_pair_of_the_type),
        cmocka_unit_test(test_training_rows_never_see_their_own_job_type),
        cmocka_unit_test(test_training_starts_from_the_estimates),
        cmocka_unit_test(test_mape),
        cmocka_unit_test(test_spearman),
        cmocka_unit_test(test_score_gap_tells_a_better_ranking_apart),
        cmocka_unit_test(test_score_gap_of_equal_estimates_is_zero),
        cmocka_unit_test(test_score_gap_leaves_out_whole_groups),
        cmocka_unit_test(test_score_gap_of_mape),
        cmocka_unit_test(test_job_folds_report_gaps_to_the_baselines),
        cmocka_unit_test(test_score_gap_is_undefined_for_a_constant_estimate),
    };
    return cmocka_run_group_tests(tests, accord::test::make_tmpdir, accord::test::remove_tmpdir);
}
