#include "sim/sia_step_time.h"

#include <algorithm>
#include <climits>
#include <iterator>

#include "sim/csv_table.h"
#include "sim/input_error.h"

namespace accord::sim {

namespace {

constexpr int kMaxNodes = 16;  // Sia's get_throughput: num_nodes = min(num_nodes, 16)

// Sums of step and sync times per local batch, to average duplicates.
struct Sums {
    double step = 0, sync = 0;
    int count = 0;
    void add(const StepSync &s) { step += s.step_s, sync += s.sync_s, count++; }
    StepSync mean() const { return {step / count, sync / count}; }
};
using SumsByBsz = std::map<int, Sums>;

StepSync read_times(const CsvTable &t, size_t row)
{
    StepSync s{t.number(row, "step_time", 0), t.number(row, "sync_time", 0)};
    if (!(s.step_s > 0))
        t.reject(row, "step_time", "must be > 0");
    if (s.sync_s > s.step_s)
        t.reject(row, "sync_time", "exceeds the step_time of its row");
    return s;
}

// The placement's GPUs per node as Sia writes it: digits 1-9, one per node.
std::vector<int> read_placement(const CsvTable &t, size_t row)
{
    const std::string &text = t.text(row, "placement");
    if (text.empty() || text.size() > kMaxNodes || text.find_first_not_of("123456789") != std::string::npos)
        t.reject(row, "placement", "is not GPUs per node (1 to 16 digits 1-9)");
    std::vector<int> layout;
    for (char c : text)
        layout.push_back(c - '0');
    return layout;
}

// Sia's normalisation: the lexicographically smallest rotation, as digits.
std::string placement_key(const std::vector<int> &layout)
{
    std::vector<int> best = layout;
    for (size_t i = 1; i < layout.size(); i++) {
        std::vector<int> r(layout.begin() + i, layout.end());
        r.insert(r.end(), layout.begin(), layout.begin() + i);
        best = std::min(best, r);
    }
    std::string key;
    for (int g : best)
        key += static_cast<char>('0' + g);
    return key;
}

std::optional<StepSync> interpolate(const std::vector<std::pair<int, StepSync>> &curve, double bsz)
{
    if (curve.empty() || bsz < curve.front().first || bsz > curve.back().first)
        return std::nullopt;
    auto hi = std::lower_bound(curve.begin(), curve.end(), bsz,
                               [](const auto &point, double b) { return point.first < b; });
    if (hi->first == bsz)
        return hi->second;
    auto lo = hi - 1;
    double w = (bsz - lo->first) / (hi->first - lo->first);
    return StepSync{lo->second.step_s + w * (hi->second.step_s - lo->second.step_s),
                    lo->second.sync_s + w * (hi->second.sync_s - lo->second.sync_s)};
}

template <typename Key>
std::map<Key, std::vector<std::pair<int, StepSync>>> curves_of(const std::map<Key, SumsByBsz> &sums)
{
    std::map<Key, std::vector<std::pair<int, StepSync>>> out;
    for (const auto &[key, by_bsz] : sums)
        for (const auto &[bsz, s] : by_bsz)
            out[key].emplace_back(bsz, s.mean());
    return out;
}

using Groups = std::map<std::pair<int, int>, SumsByBsz>;  // (nodes, replicas)

// Fills `placements` by placement string and `groups` with every row;
// returns the smallest local batch.
int read_placements(const std::string &path, std::map<std::string, SumsByBsz> &placements, Groups &groups)
{
    CsvTable p = CsvTable::read(path, {"placement", "local_bsz", "step_time", "sync_time"});
    if (p.rows() == 0)
        throw InputError(path + ": no rows");
    int smallest = INT_MAX;
    for (size_t r = 0; r < p.rows(); r++) {
        std::vector<int> layout = read_placement(p, r);
        int bsz = static_cast<int>(p.whole(r, "local_bsz", 1, INT_MAX));
        StepSync s = read_times(p, r);
        Sums &cell = placements[placement_key(layout)][bsz];
        if (cell.count)
            p.reject(r, "local_bsz", "repeats an earlier row of placement " + placement_key(layout));
        cell.add(s);
        int replicas = 0;
        for (int g : layout)
            replicas += g;
        groups[{static_cast<int>(layout.size()), replicas}][bsz].add(s);
        smallest = std::min(smallest, bsz);
    }
    return smallest;
}

// Adds the scalability rows for local batches the placements lack (Sia's
// Job.seed_profiles keeps the placement value for a key both have).
void add_scalability(const std::string &path, Groups &groups)
{
    Groups extra;
    CsvTable sc = CsvTable::read(path, {"num_nodes", "num_replicas", "local_bsz", "step_time", "sync_time"});
    for (size_t r = 0; r < sc.rows(); r++) {
        int nodes = static_cast<int>(sc.whole(r, "num_nodes", 1, INT_MAX));
        int replicas = static_cast<int>(sc.whole(r, "num_replicas", 1, INT_MAX));
        if (replicas < nodes)
            sc.reject(r, "num_replicas", "is below num_nodes");
        int bsz = static_cast<int>(sc.whole(r, "local_bsz", 1, INT_MAX));
        StepSync s = read_times(sc, r);
        std::pair<int, int> key{std::min(nodes, kMaxNodes), replicas};
        auto g = groups.find(key);
        if (g == groups.end() || !g->second.count(bsz))
            extra[key][bsz].add(s);
    }
    for (const auto &[key, by_bsz] : extra)
        for (const auto &[bsz, s] : by_bsz)
            groups[key][bsz] = s;
}

}  // namespace

SiaStepTimes SiaStepTimes::read(const std::string &app_dir, const std::string &cluster)
{
    std::map<std::string, SumsByBsz> placements;
    Groups groups;
    SiaStepTimes times;
    times.min_local_bsz_ = read_placements(app_dir + "/placements-" + cluster + ".csv", placements, groups);
    add_scalability(app_dir + "/scalability-" + cluster + ".csv", groups);
    times.placements_ = curves_of(placements);
    times.groups_ = curves_of(groups);
    return times;
}

std::optional<SiaStepTimes::Source> SiaStepTimes::source_at(int nodes, int replicas) const
{
    auto exact = groups_.find({nodes, replicas});
    if (exact != groups_.end())
        return Source{&exact->second, nullptr, 0};
    auto above = groups_.lower_bound({nodes, replicas});
    if (above == groups_.begin() || above == groups_.end() || above->first.first != nodes)
        return std::nullopt;
    auto below = std::prev(above);
    if (below->first.first != nodes)
        return std::nullopt;
    double w = static_cast<double>(replicas - below->first.second) / (above->first.second - below->first.second);
    return Source{&below->second, &above->second, w};
}

std::optional<SiaStepTimes::Source> SiaStepTimes::source(const std::vector<int> &layout) const
{
    int replicas = 0;
    bool digits = true;
    for (int g : layout) {
        if (g < 1)
            return std::nullopt;
        replicas += g;
        digits = digits && g <= 9;
    }
    if (layout.empty())
        return std::nullopt;
    if (digits && layout.size() <= kMaxNodes) {
        auto p = placements_.find(placement_key(layout));
        if (p != placements_.end())
            return Source{&p->second, nullptr, 0};
    }
    int nodes = std::min(static_cast<int>(layout.size()), kMaxNodes);
    if (auto s = source_at(nodes, replicas))
        return s;
    for (auto g = groups_.upper_bound({nodes, INT_MAX}); g != groups_.end();
         g = groups_.upper_bound({g->first.first, INT_MAX}))
        if (auto s = source_at(g->first.first, replicas))
            return s;
    return std::nullopt;
}

std::optional<StepSync> SiaStepTimes::at(const std::vector<int> &layout, double local_bsz) const
{
    auto src = source(layout);
    if (!src)
        return std::nullopt;
    auto low = interpolate(*src->low, local_bsz);
    if (!low || !src->high)
        return low;
    auto high = interpolate(*src->high, local_bsz);
    if (!high)
        return std::nullopt;
    double w = src->high_weight;
    return StepSync{low->step_s + w * (high->step_s - low->step_s), low->sync_s + w * (high->sync_s - low->sync_s)};
}

std::optional<int> SiaStepTimes::max_local_bsz(const std::vector<int> &layout) const
{
    auto src = source(layout);
    if (!src)
        return std::nullopt;
    int largest = src->low->back().first;
    if (src->high)
        largest = std::min(largest, src->high->back().first);
    return largest;
}

std::optional<double> SiaStepTimes::iteration_s(const std::vector<int> &layout, int batch_size,
                                                int init_batch_size, int max_batch_size) const
{
    auto max_local = max_local_bsz(layout);
    if (!max_local || batch_size < 1)
        return std::nullopt;
    int gpus = 0;
    for (int g : layout)
        gpus += g;
    int local = (batch_size + gpus - 1) / gpus;
    int accum = (local + *max_local - 1) / *max_local - 1;
    // AdaptDL accumulates at least once on one GPU above the initial batch:
    // its gradient statistics need two micro-batches (goodput.py).
    if (gpus == 1 && batch_size > init_batch_size)
        accum = std::max(1, accum);
    int atomic = (local + accum) / (accum + 1);
    atomic = std::min(atomic, max_batch_size / (gpus * (accum + 1)));
    auto t = at(layout, atomic);
    if (!t)
        return std::nullopt;
    return t->step_s + accum * (t->step_s - t->sync_s);
}

}  // namespace accord::sim
