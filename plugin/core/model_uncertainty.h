// How unsure the learned model is of a model family's speed on each GPU
// type, as the share of accord_explore a type it has not been measured on
// gets (core/exploring_ranker.h). The figure per (family, type) is the
// spread of the model's ensemble members (model/throughput_model.h,
// Prediction::uncertainty: the standard deviation of their log-throughput
// corrections, i.e. a relative spread). Torch-free: the plugin and
// accord-sim fill it from the model's batched predictions.
//
// The rule (our interpretation of "explore what the model knows least",
// docs/design.md): a pair's share is its spread over the largest spread of
// the pairs given, so the most uncertain pair gets the whole bound and a
// pair the members agree on (spread 0) gets none. A pair without a spread
// (no model, or a family or type the model does not know, ranked by the
// table) counts as the most uncertain: share 1, exploration as without a
// model.
#pragma once

#include <map>
#include <string>

namespace accord::core {

class ModelUncertainty {
public:
    using Spreads = std::map<std::string, std::map<std::string, double>>;  // family -> type -> spread

    // No model: every pair's share is 1.
    ModelUncertainty() = default;
    // Spreads that are negative or not finite are left out (share 1).
    explicit ModelUncertainty(const Spreads &spreads);

    // In [0, 1]: the fraction of the bound (family, type) is raised by.
    double share(const std::string &family, const std::string &type) const;
    bool empty() const { return spreads_.empty(); }

private:
    Spreads spreads_;
    double largest_ = 0;
};

}  // namespace accord::core
