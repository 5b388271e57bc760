// accord-train: trains Accord's throughput and interference model on the
// measured data (Gavel's table, Sia's profiles, and with --samples what
// running jobs reported to sched_accord), writes the model file and
// its JSON metadata, and with --evaluate scores it and the baselines on
// held-out job types and GPU types first (see docs/model.md).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "model/evaluation.h"
#include "model/model_metadata.h"
#include "model/model_training.h"
#include "model/sample_rows.h"
#include "sim/input_error.h"
#include "sim/sia_profiles.h"
#include "sim/throughput_table.h"

using namespace accord::model;

namespace {

const char kUsage[] =
    "usage: accord-train --gavel FILE [--sia DIR] [--samples FILE]... --out MODEL\n"
    "                    [--evaluate | --inner | --inner-gpus]\n"
    "                    [--folds K]\n"
    "                    [--seed N] [--members N] [--hidden N] [--steps N]\n"
    "                    [--hold-out-types FILE|LIST] [--hold-out-entirely FILE|LIST]\n"
    "  --gavel FILE  Gavel's simulation_throughputs.json (isolated and co-located pairs)\n"
    "  --sia DIR     Sia's profiles directory (isolated throughputs of T4, V100, A100, Quadro, 2080Ti)\n"
    "  --samples FILE\n"
    "                throughput samples running jobs reported (sched_accord's\n"
    "                StateSaveLocation/accord-samples.log, and its older .1): one\n"
    "                row per model family and GPU type measured (docs/model.md);\n"
    "                may be given again\n"
    "  --out MODEL   writes MODEL and MODEL.json (metadata)\n"
    "  --evaluate    first scores held-out job types (K folds, default 5) and GPU types\n"
    "  --inner       only scores an inner split of each job-type fold's training types\n"
    "                (for choosing settings; writes no model)\n"
    "  --inner-gpus  only scores an inner split of each GPU-type fold's training types\n"
    "                (for choosing the declared-GPU share and pair shrinkage;\n"
    "                writes no model)\n"
    "  --folds K     folds over job types for --evaluate and --inner (default 5)\n"
    "  --seed N      training seed; the same seed gives the same model (default 1)\n"
    "  --members N   ensemble members, whose spread is the uncertainty (default 5)\n"
    "  --hidden N    hidden units per layer (default 64)\n"
    "  --steps N     training steps per member (default 1500)\n"
    "  --hold-out-types FILE|LIST\n"
    "                trains on no pair with one of these job types (a file, one per\n"
    "                line, or names joined by commas); recorded in MODEL.json\n"
    "  --hold-out-entirely FILE|LIST\n"
    "                trains on no sample, alone or in a pair, of these job types or\n"
    "                model families (\"ResNet-50\" holds out all its batch sizes);\n"
    "                recorded in MODEL.json\n"
    "  --help        this text\n";

struct Arguments {
    std::string gavel, sia, out;
    std::vector<std::string> samples;
    bool evaluate = false;
    bool inner = false;
    bool inner_gpus = false;
    int folds = 5;
    std::vector<std::string> held_out_types;
    std::vector<std::string> held_out_entirely;
    ModelOptions model;
};

// A file's lines when `text` names a readable file, else `text` split at
// commas; empty items are skipped.
std::vector<std::string> type_list(const std::string &text)
{
    std::ifstream file(text);
    std::vector<std::string> types;
    std::string item;
    if (file) {
        while (std::getline(file, item))
            if (!item.empty())
                types.push_back(item);
        return types;
    }
    std::istringstream list(text);
    while (std::getline(list, item, ','))
        if (!item.empty())
            types.push_back(item);
    return types;
}

int positive(const char *flag, const char *text)
{
    char *end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value <= 0 || value > 1000000)
        throw std::invalid_argument(std::string(flag) + ": '" + text + "' is not a positive integer");
    return static_cast<int>(value);
}

Arguments parse(int argc, char **argv)
{
    Arguments a;
    for (int i = 1; i < argc; i++) {
        std::string flag = argv[i];
        if (flag == "--help") {
            std::fputs(kUsage, stdout);
            std::exit(0);
        }
        if (flag == "--evaluate" || flag == "--inner" || flag == "--inner-gpus") {
            (flag == "--inner" ? a.inner : flag == "--inner-gpus" ? a.inner_gpus : a.evaluate) = true;
            continue;
        }
        if (i + 1 >= argc)
            throw std::invalid_argument(flag + " needs a value");
        const char *value = argv[++i];
        if (flag == "--gavel")
            a.gavel = value;
        else if (flag == "--sia")
            a.sia = value;
        else if (flag == "--samples")
            a.samples.push_back(value);
        else if (flag == "--out")
            a.out = value;
        else if (flag == "--folds")
            a.folds = positive("--folds", value);
        else if (flag == "--seed")
            a.model.train.seed = static_cast<uint64_t>(positive("--seed", value));
        else if (flag == "--members")
            a.model.members = positive("--members", value);
        else if (flag == "--hidden")
            a.model.hidden = positive("--hidden", value);
        else if (flag == "--steps")
            a.model.train.steps = positive("--steps", value);
        else if (flag == "--hold-out-types")
            a.held_out_types = type_list(value);
        else if (flag == "--hold-out-entirely")
            a.held_out_entirely = type_list(value);
        else
            throw std::invalid_argument("unknown option " + flag);
    }
    if (a.gavel.empty() || a.out.empty())
        throw std::invalid_argument("--gavel and --out are required");
    return a;
}

TrainingData read_data(const Arguments &a)
{
    TrainingData data;
    add_gavel_samples(accord::sim::ThroughputTable::load_gavel(a.gavel), a.gavel, data);
    if (!a.sia.empty()) {
        auto clusters = accord::sim::parse_sia_clusters("aws,azure,dgx-ext,quad,rtx");
        add_sia_samples(accord::sim::SiaProfiles::load(a.sia, clusters), clusters, a.sia, data);
    }
    hold_out_pairs(data, a.held_out_types);
    hold_out_entirely(data, a.held_out_entirely);
    if (!a.samples.empty())
        for (const std::string &note : add_throughput_samples(a.samples, data))
            std::fprintf(stderr, "accord-train: %s\n", note.c_str());
    return data;
}

void run(const Arguments &a)
{
    TrainingData data = read_data(a);
    std::fprintf(stderr, "accord-train: %zu isolated samples, %zu pairs, %zu job types\n", data.isolated.size(),
                 data.pairs.size(), data.job_types().size());
    auto progress = [](const std::string &what) { std::fprintf(stderr, "accord-train: %s\n", what.c_str()); };
    if (a.inner) {
        std::printf("%s\n", markdown(evaluate_inner_split(data, a.model, a.folds, progress)).c_str());
        return;
    }
    if (a.inner_gpus) {
        std::printf("%s\n", markdown(evaluate_gpu_inner_split(data, a.model, progress)).c_str());
        return;
    }
    std::string evaluation = "{}";
    if (a.evaluate) {
        std::vector<HoldoutTable> tables = {evaluate_job_folds(data, a.model, a.folds, progress),
                                            evaluate_gpu_folds(data, a.model, progress)};
        for (const HoldoutTable &t : tables)
            std::printf("%s\n", markdown(t).c_str());
        evaluation = json_text(tables);
    }
    ModelMetadata metadata;
    metadata.training_data = data.sources;
    metadata.isolated_samples = static_cast<int>(data.isolated.size());
    metadata.pair_samples = static_cast<int>(data.pairs.size());
    metadata.evaluation_json = evaluation;
    metadata.held_out_pair_types = a.held_out_types;
    metadata.held_out_types = a.held_out_entirely;
    save_model(train_model(data, a.model), a.model, metadata, a.out);
    std::fprintf(stderr, "accord-train: wrote %s and %s\n", a.out.c_str(), metadata_path(a.out).c_str());
}

}  // namespace

int main(int argc, char **argv)
{
    try {
        run(parse(argc, argv));
    } catch (const std::invalid_argument &e) {
        std::fprintf(stderr, "accord-train: %s\n%s", e.what(), kUsage);
        return 2;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "accord-train: %s\n", e.what());
        return 1;
    }
    return 0;
}
