#include "sim/policies.h"

#include <stdexcept>
#include <type_traits>

#include "sim/accord_round_policy.h"
#include "sim/gavel_policy.h"
#include "sim/measured_scaling.h"
#include "sim/packing_policy.h"
#include "sim/sia_policy.h"
#include "sim/tiresias_policy.h"

namespace accord::sim {

namespace {

core::FamilySpeedRanker::FamilySpeeds one_gpu_speeds(const ThroughputTable &table)
{
    core::FamilySpeedRanker::FamilySpeeds speeds;
    for (const auto &family : table.job_types())
        for (const auto &type : table.gpu_types())
            if (auto rate = table.isolated(type, family, 1))
                speeds[family][type] = *rate;
    return speeds;
}

PolicyEntry event_policy(const char *name, RankerFactory factory,
                         std::optional<core::AllocConfig> allocator = std::nullopt,
                         std::optional<core::PreemptConfig> preempt = std::nullopt)
{
    return PolicyEntry{name, std::move(factory), {}, allocator, preempt, false};
}

// An Accord event-engine policy: the plugin's pipeline, which takes the
// fairness bound.
PolicyEntry accord_event_policy(const char *name, RankerFactory factory,
                                std::optional<core::AllocConfig> allocator = std::nullopt,
                                std::optional<core::PreemptConfig> preempt = std::nullopt)
{
    PolicyEntry entry = event_policy(name, std::move(factory), allocator, preempt);
    entry.takes_fairness = true;
    return entry;
}

// Each job type's measured one-GPU speed and scaling to every count, or the
// admin's per-type table when given (scaling linearly, as the plugin's).
std::unique_ptr<core::GpuTypeRanker> measured_speeds(const ThroughputTable &table, const GpuSpeeds &gpu_speed,
                                                     const std::vector<core::Node> &nodes)
{
    if (!gpu_speed.empty())
        return std::make_unique<core::SpeedTableRanker>(gpu_speed);
    return std::make_unique<core::FamilySpeedRanker>(one_gpu_speeds(table), GpuSpeeds{}, "measured throughput",
                                                     measured_scaling(table, nodes));
}

// A round policy built from the throughput table when it takes one, else
// from its default parameters.
template <class Policy>
PolicyEntry round_policy(const char *name)
{
    return PolicyEntry{name, {},
                       [](const ThroughputTable &table, const PairPredictor &,
                          const PolicySettings &) -> std::unique_ptr<RoundPolicy> {
                           if constexpr (std::is_constructible_v<Policy, const ThroughputTable &>)
                               return std::make_unique<Policy>(table);
                           else
                               return std::make_unique<Policy>();
                       },
                       std::nullopt, std::nullopt, false};
}

PolicyEntry gavel(const char *name)
{
    return PolicyEntry{name, {},
                       [name](const ThroughputTable &, const PairPredictor &, const PolicySettings &) {
                           return make_gavel_policy(name);
                       },
                       std::nullopt, std::nullopt, false};
}

// Accord's allocator each round, told the pair predictor and the settings.
PolicyEntry accord_rounds(const char *name)
{
    return PolicyEntry{name, {},
                       [](const ThroughputTable &, const PairPredictor &pairs, const PolicySettings &settings) {
                           core::AllocConfig config;
                           config.fairness_bound = settings.fairness_bound;
                           config.queue_weights = true;  // it moves jobs between types every round
                           return std::make_unique<AccordRoundPolicy>(pairs, config, settings.limit_factor);
                       },
                       std::nullopt, std::nullopt, true};
}

}  // namespace

const std::vector<PolicyEntry> &registered_policies()
{
    static const std::vector<PolicyEntry> all = {
        event_policy("slurm",
                     [](const ThroughputTable &, const GpuSpeeds &, const std::vector<core::Node> &) {
                         return std::make_unique<core::SpeedTableRanker>(GpuSpeeds{});
                     }),
        accord_event_policy("accord-easy", measured_speeds),
        accord_event_policy("accord-np", measured_speeds, core::AllocConfig{}),
        accord_event_policy("accord-rq", measured_speeds, core::AllocConfig{}, core::PreemptConfig{}),
        round_policy<TiresiasPolicy>("tiresias"),
        gavel("gavel-fair"),
        gavel("gavel-fair-agnostic"),
        gavel("gavel-throughput"),
        gavel("gavel-fair-packed"),
        gavel("gavel-throughput-packed"),
        round_policy<SiaPolicy>("sia"),
        round_policy<PackingPolicy>("lucid"),
        accord_rounds("accord"),
    };
    return all;
}

std::vector<std::string> policy_names()
{
    std::vector<std::string> names;
    for (const auto &p : registered_policies())
        names.push_back(p.name);
    return names;
}

const PolicyEntry &find_policy(const std::string &name)
{
    std::string known;
    for (const auto &p : registered_policies()) {
        if (p.name == name)
            return p;
        known += p.name + ", ";
    }
    throw std::invalid_argument("unknown policy '" + name + "' (known: " + known + "all)");
}

}  // namespace accord::sim
