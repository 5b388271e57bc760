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

std::optional<double> ConfigCompletion::complete(const Asker &asker, int gpu, int gpus, bool spread) const
{
    std::vector<size_t> every(config_index_.size());
    for (size_t y = 0; y < every.size(); y++)
        every[y] = y;
    return complete_from(every, asker, gpu, gpus, spread);
}

// In GPU-type order: the map's keys sort by GPU type first.
std::optional<double> ConfigCompletion::complete_across_gpus(const Asker &asker, int gpu, int gpus, bool spread) const
{
    std::vector<size_t> same_shape;
    for (const auto &[config, y] : config_index_)
        if (std::get<1>(config) == gpus && std::get<2>(config) == spread)
            same_shape.push_back(y);
    return complete_from(same_shape, asker, gpu, gpus, spread);
}

std::optional<double> ConfigCompletion::complete_from(const std::vector<size_t> &from, const Asker &asker, int gpu,
                                                      int gpus, bool spread) const
{
    auto asked = config_index_.find({gpu, gpus, spread});
    if (asked == config_index_.end())
        return std::nullopt;  // no job type measured there: no ratio to it
    size_t x = asked->second;
    int own = asker.own_type;
    auto counted = [&](size_t t) { return !(asker.leave_own && static_cast<int>(t) == own); };
    for (size_t t = 0; t < logs_.size(); t++)
        if (asker.family[t] && counted(t) && logs_[t][x].second)
            return std::nullopt;
    Sum terms{0, 0};
    for (size_t y : from) {
        if (y == x)
            continue;
        Sum on_y{0, 0}, ratio{0, 0};
        for (size_t t = 0; t < logs_.size(); t++) {
            if (!counted(t) || !logs_[t][y].second)
                continue;
            if (asker.family[t]) {
                on_y.first += mean(logs_[t][y]);
                on_y.second++;
            } else if (logs_[t][x].second) {
                ratio.first += mean(logs_[t][x]) - mean(logs_[t][y]);
                ratio.second++;
            }
        }
        if (own >= 0 && counted(own) && logs_[own][y].second)
            on_y = {mean(logs_[own][y]), 1};
        if (on_y.second && ratio.second) {
            terms.first += mean(on_y) + mean(ratio);
            terms.second++;
        }
    }
    return terms.second ? std::optional<double>(mean(terms)) : std::nullopt;
}

}  // namespace accord::model
