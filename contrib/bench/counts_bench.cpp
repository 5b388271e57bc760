// counts-bench: how well the stacking estimate (the input the learned model
// corrects, model/neighbour_estimates.h) predicts a family at GPU counts it
// was never measured at (docs/model.md, "Completion across GPU counts").
// For each model family of the training data: its samples on more than one
// GPU are removed, the estimates are built from the rest, and each removed
// sample is predicted (batch size known); error = |log(predicted /
// measured)|. Prints per family the rows and the geometric mean of the
// error, then over all rows (the log of the geometric mean of the error ratios).
//   counts-bench GAVEL_JSON SIA_PROFILES
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/baselines.h"
#include "model/feature_schema.h"
#include "model/job_type_name.h"
#include "model/training_data.h"
#include "sim/sia_profiles.h"
#include "sim/throughput_table.h"

using namespace accord::model;

namespace {

std::string family_of(const IsolatedSample &s) { return family_key(job_of_type(s.job_type).family); }

TrainingData read_data(const char *gavel, const char *sia)
{
    TrainingData data;
    add_gavel_samples(accord::sim::ThroughputTable::load_gavel(gavel), gavel, data);
    auto clusters = accord::sim::parse_sia_clusters("aws,azure,dgx-ext,quad,rtx");
    add_sia_samples(accord::sim::SiaProfiles::load(sia, clusters), clusters, sia, data);
    return data;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: counts-bench GAVEL_JSON SIA_PROFILES\n");
        return 2;
    }
    try {
        TrainingData data = read_data(argv[1], argv[2]);
        std::set<std::string> families;
        for (const auto &s : data.isolated)
            families.insert(family_of(s));
        double all_sum = 0;
        size_t all_rows = 0;
        for (const auto &family : families) {
            TrainingData train = data;
            std::vector<IsolatedSample> hidden;
            train.isolated.clear();
            for (const auto &s : data.isolated)
                (family_of(s) == family && s.gpus > 1 ? hidden : train.isolated).push_back(s);
            if (hidden.empty())
                continue;
            Baselines estimates(train);
            double sum = 0;
            for (const auto &s : hidden)
                sum += std::fabs(std::log(estimates.interpolated_relative(s) / s.relative));
            std::printf("%-16s rows %4zu  mean |log error| %.3f\n", family.c_str(), hidden.size(),
                        sum / hidden.size());
            all_sum += sum;
            all_rows += hidden.size();
        }
        std::printf("%-16s rows %4zu  mean |log error| %.3f\n", "all", all_rows, all_sum / all_rows);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "counts-bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
