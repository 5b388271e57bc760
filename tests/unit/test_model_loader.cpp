// Unit tests for model/model_loader and slurm/model_reload against the
// built accord_model.so ($MODEL_SO) and a model accord-train
// ($ACCORD_BIN_DIR) trains in a few steps on Gavel's measured table:
// a missing module, a missing or corrupt file each give a reason and no
// model; a valid file predicts; a reload happens only when the file changed
// and a failed one keeps the model in use.
#include <unistd.h>

#include <cstdlib>
#include <fstream>  // before cmocka, whose fail() macro breaks <ios>
#include <string>
#include <vector>

#include "cmocka_cpp.h"

#include "model/model_loader.h"
#include "slurm/model_reload.h"
#include "sim_fixture.h"

using accord::model::load_model;
using accord::model::LoadedModel;
using accord::slurm::ReloadableModel;

namespace {

std::string env(const char *name)
{
    const char *value = std::getenv(name);
    if (!value || !*value)
        fail_msg("%s is not set (run through make check)", name);
    return value;
}

std::string module_dir()
{
    std::string so = env("MODEL_SO");
    return so.substr(0, so.rfind('/'));
}

std::string scratch;  // a fresh directory per run, holding the trained model

std::string trained_model()
{
    static std::string path;
    if (!path.empty())
        return path;
    path = scratch + "/tiny.pt";
    std::string command = env("ACCORD_BIN_DIR") + "/accord-train --gavel " +
                          accord::test::shared_data("gavel/simulation_throughputs.json") + " --out " + path +
                          " --steps 5 --members 1 --hidden 8 >/dev/null";
    if (std::system(command.c_str()) != 0)
        fail_msg("%s failed", command.c_str());
    return path;
}

void write_file(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::trunc) << text;
}

int setup(void **)
{
    char tmpl[] = "/tmp/test_model_loader.XXXXXX";
    if (!mkdtemp(tmpl))
        return -1;
    scratch = tmpl;
    return 0;
}

int teardown(void **)
{
    return std::system(("rm -rf " + scratch).c_str()) == 0 ? 0 : -1;
}

}  // namespace

static void missing_module_is_named_with_the_directories_tried(void **)
{
    LoadedModel m = load_model(trained_model(), {scratch + "/nowhere"});
    assert_null(m.model.get());
    assert_contains(m.error, "no accord_model.so in " + scratch + "/nowhere");
}

static void module_that_cannot_load_gives_dlerror(void **)
{
    std::string dir = scratch + "/broken";
    assert_int_equal(std::system(("mkdir -p " + dir).c_str()), 0);
    write_file(dir + "/accord_model.so", "not an ELF file");
    LoadedModel m = load_model(trained_model(), {dir, module_dir()});
    assert_null(m.model.get());
    assert_contains(m.error, "cannot load " + dir + "/accord_model.so");
}

static void missing_file_is_named(void **)
{
    LoadedModel m = load_model(scratch + "/absent.pt", {module_dir()});
    assert_null(m.model.get());
    assert_contains(m.error, scratch + "/absent.pt");
}

static void corrupt_file_is_refused(void **)
{
    std::string path = scratch + "/corrupt.pt";
    write_file(path, "garbage");
    write_file(path + ".json", "{ not json");
    LoadedModel m = load_model(path, {module_dir()});
    assert_null(m.model.get());
    assert_contains(m.error, path);
}

static void valid_file_predicts_known_families(void **)
{
    LoadedModel m = load_model(trained_model(), {module_dir()});
    if (!m.model)
        fail_msg("%s", m.error.c_str());
    assert_true(m.error.empty());
    std::vector<std::string> families = m.model->families();
    assert_false(families.empty());
    accord::model::Candidate c;
    c.job.family = families.front();
    c.gpu_type = m.model->reference_gpu_type();
    accord::model::Prediction p;
    m.model->predict(&c, 1, &p);
    assert_true(p.valid && p.family_known && p.gpu_known);
    assert_true(p.relative_throughput > 0);
}

static void reload_only_on_change_and_keep_the_model_when_it_fails(void **)
{
    std::string path = scratch + "/live.pt";
    ReloadableModel model({module_dir()});
    auto first = model.refresh(path);
    assert_true(first.error);
    assert_contains(first.line, "ranking GPU types by accord_gpu_speed");
    assert_true(model.refresh(path).line.empty());  // unchanged: not retried, not logged again

    std::string source = trained_model();
    assert_int_equal(std::system(("cp " + source + " " + path + " && cp " + source + ".json " + path + ".json").c_str()), 0);
    auto loaded = model.refresh(path);
    assert_false(loaded.error);
    assert_contains(loaded.line, "loaded accord_model=" + path);
    assert_non_null(model.model());
    assert_string_equal(model.name().c_str(), "learned model live.pt");
    assert_true(model.refresh(path).line.empty());

    write_file(path, "truncated");
    auto broken = model.refresh(path);
    assert_true(broken.error);
    assert_contains(broken.line, "keeping " + path);
    assert_non_null(model.model());

    auto unset = model.refresh("");
    assert_contains(unset.line, "accord_model unset");
    assert_null(model.model());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_module_is_named_with_the_directories_tried),
        cmocka_unit_test(module_that_cannot_load_gives_dlerror),
        cmocka_unit_test(missing_file_is_named),
        cmocka_unit_test(corrupt_file_is_refused),
        cmocka_unit_test(valid_file_predicts_known_families),
        cmocka_unit_test(reload_only_on_change_and_keep_the_model_when_it_fails),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
