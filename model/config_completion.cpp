#include "model/config_completion.h"

namespace accord::model {

namespace {

double mean(const std::pair<double, int> &sum) { return sum.first / sum.second; }

}  // namespace

ConfigCompletion::ConfigCompletion(const std::vector<Sample> &samples, size_t types)
{
    for (const Sample &s : samples)
        config_index_.emplace(std::make_tuple(s.gpu, s.gpus, s.spread), config_index_.size());
    logs_.assign(types, std::vector<Sum>(config_index_.size()));
    for (const Sample &s : samples) {
        Sum &sum = logs_[s.type][config_index_.at({s.gpu, s.gpus, s.spread})];
        sum.first += s.log_value;
        sum.second++;
    }
}

std::optional<double> ConfigCompletion::complete(const std::vector<bool> &family, int own_type, bool leave_own,
                                                 int gpu, int gpus, bool spread) const
{
    auto asked = config_index_.find({gpu, gpus, spread});
    if (asked == config_index_.end())
        return std::nullopt;  // no job type measured there: no ratio to it
    size_t x = asked->second;
    auto counted = [&](size_t t) { return !(leave_own && static_cast<int>(t) == own_type); };
    for (size_t t = 0; t < logs_.size(); t++)
        if (family[t] && counted(t) && logs_[t][x].second)
            return std::nullopt;
    Sum terms{0, 0};
    for (size_t y = 0; y < config_index_.size(); y++) {
        if (y == x)
            continue;
        Sum on_y{0, 0}, ratio{0, 0};
        for (size_t t = 0; t < logs_.size(); t++) {
            if (!counted(t) || !logs_[t][y].second)
                continue;
            if (family[t]) {
                on_y.first += mean(logs_[t][y]);
                on_y.second++;
            } else if (logs_[t][x].second) {
                ratio.first += mean(logs_[t][x]) - mean(logs_[t][y]);
                ratio.second++;
            }
        }
        if (own_type >= 0 && counted(own_type) && logs_[own_type][y].second)
            on_y = {mean(logs_[own_type][y]), 1};
        if (on_y.second && ratio.second) {
            terms.first += mean(on_y) + mean(ratio);
            terms.second++;
        }
    }
    return terms.second ? std::optional<double>(mean(terms)) : std::nullopt;
}

}  // namespace accord::model
