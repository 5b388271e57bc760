// Unit tests for core/gpu_counts: the flat GpuCounts reads and changes
// like the std::map<std::string, int> it replaced (same entries, same name
// order), inline and once spilled past its inline entries; and Resources'
// +=, -= and covers() on it agree with the same sums done on std::map.
#include "cmocka_cpp.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/gpu_counts.h"
#include "core/resources.h"

using accord::core::covers;
using accord::core::GpuCounts;
using accord::core::Resources;

using MapCounts = std::map<std::string, int>;

static bool same(const GpuCounts &flat, const MapCounts &map)
{
    if (flat.size() != map.size() || flat.empty() != map.empty())
        return false;
    auto it = map.begin();
    for (const auto &[type, count] : flat) {
        if (type != it->first || count != it->second)
            return false;
        ++it;
    }
    return true;
}

static const std::vector<std::string> kTypes = {"v100", "a100", "k80", "p100", "t4", "a100_3g.20gb_long_name"};

static void iterates_in_name_order(void **)
{
    GpuCounts c;
    c["v100"] = 1;
    c["a100"] = 2;
    c["k80"] = 3;
    std::vector<std::string> order;
    for (const auto &entry : c)
        order.push_back(entry.first);
    assert_true((order == std::vector<std::string>{"a100", "k80", "v100"}));
    assert_int_equal(c.at("k80"), 3);
}

static void index_adds_missing_type_as_zero(void **)
{
    GpuCounts c{{"a100", 2}};
    assert_int_equal(c["t4"], 0);
    assert_int_equal(c.size(), 2);
    assert_int_equal(c.count("t4"), 1);
    assert_int_equal(c.count("v100"), 0);
    assert_true(c.find("v100") == c.end());
}

static void emplace_adds_only_missing_type(void **)
{
    GpuCounts c{{"v100", 2}};
    assert_false(c.emplace("v100", 9).second);
    assert_int_equal(c.at("v100"), 2);
    auto [it, added] = c.emplace("k80", 1);
    assert_true(added);
    assert_string_equal(it->first.c_str(), "k80");
    assert_true(c.begin() == it);
}

static void initializer_keeps_first_of_equal_names(void **)
{
    GpuCounts c{{"a100", 2}, {"a100", 5}};
    assert_true(same(c, MapCounts{{"a100", 2}, {"a100", 5}}));
    assert_int_equal(c.at("a100"), 2);
}

static void spills_and_erases_past_inline_entries(void **)
{
    GpuCounts c;
    MapCounts m;
    for (size_t i = 0; i < kTypes.size(); i++) {
        c[kTypes[i]] = static_cast<int>(i) + 1;
        m[kTypes[i]] = static_cast<int>(i) + 1;
        assert_true(same(c, m));
    }
    for (const auto &type : kTypes) {
        assert_int_equal(c.erase(type), m.erase(type));
        assert_true(same(c, m));
    }
    assert_true(c.empty());
    c["k80"] = 4;
    assert_true(same(c, MapCounts{{"k80", 4}}));
}

static void copies_compare_equal_and_apart(void **)
{
    GpuCounts a{{"a100", 2}, {"v100", 1}, {"t4", 3}};
    GpuCounts b = a;
    assert_true(a == b);
    b["v100"] = 0;
    assert_true(a != b);
    assert_int_equal(a.at("v100"), 1);
    b.clear();
    assert_true(b.empty());
    assert_true(b == GpuCounts{});
}

// Seeded random changes to both, compared after each one.
// A copy of spilled counts (and of counts shrunk by erase) holds only the
// live entries, and a copy assigned over larger counts leaves none behind.
static void copies_hold_only_live_entries(void **)
{
    GpuCounts spilled{{"a100", 1}, {"k80", 2}, {"v100", 3}};
    GpuCounts copy(spilled);
    assert_true(same(copy, MapCounts{{"a100", 1}, {"k80", 2}, {"v100", 3}}));
    spilled.erase("a100");
    spilled.erase("k80");
    GpuCounts small{{"t4", 4}, {"p100", 5}};
    small.erase("p100");
    GpuCounts assigned = spilled;
    assigned = small;
    assert_true(same(assigned, MapCounts{{"t4", 4}}));
    assigned = copy;
    assert_true(same(assigned, MapCounts{{"a100", 1}, {"k80", 2}, {"v100", 3}}));
    assigned["p100"] = 6;
    assert_true(same(assigned, MapCounts{{"a100", 1}, {"k80", 2}, {"p100", 6}, {"v100", 3}}));
    assert_true(same(copy, MapCounts{{"a100", 1}, {"k80", 2}, {"v100", 3}}));
}

static void random_changes_agree_with_map(void **)
{
    std::mt19937 rng(7);
    GpuCounts c;
    MapCounts m;
    for (int step = 0; step < 5000; step++) {
        const std::string &type = kTypes[rng() % kTypes.size()];
        int action = static_cast<int>(rng() % 4);
        if (action <= 1) {
            int delta = static_cast<int>(rng() % 9) - 4;
            c[type] += delta;
            m[type] += delta;
        } else if (action == 2) {
            assert_int_equal(c.erase(type), m.erase(type));
        } else {
            GpuCounts copy = c;
            assert_true(copy == c);
            c = copy;
        }
        assert_true(same(c, m));
        assert_int_equal(c.count(type), m.count(type));
    }
}

static Resources with_gpus(const MapCounts &gpus)
{
    Resources r;
    r.cpus = 8;
    r.mem_mb = 1000;
    for (const auto &[type, count] : gpus)
        r.gpus[type] = count;
    return r;
}

static MapCounts random_counts(std::mt19937 &rng)
{
    MapCounts m;
    size_t n = rng() % 4;
    for (size_t i = 0; i < n; i++)
        m[kTypes[rng() % kTypes.size()]] = static_cast<int>(rng() % 6) - 1;
    return m;
}

// What covers() tests of the GPUs, on std::map.
static bool map_covers(const MapCounts &available, const MapCounts &demand)
{
    for (const auto &[type, count] : demand) {
        auto it = available.find(type);
        if (count > 0 && (it == available.end() ? 0 : it->second) < count)
            return false;
    }
    return true;
}

static void resources_sums_and_covers_agree_with_map(void **)
{
    std::mt19937 rng(11);
    for (int trial = 0; trial < 2000; trial++) {
        MapCounts a = random_counts(rng), b = random_counts(rng);
        MapCounts sum = a, difference = a;
        for (const auto &[type, count] : b) {
            sum[type] += count;
            difference[type] -= count;
        }
        Resources plus = with_gpus(a);
        plus += with_gpus(b);
        Resources minus = with_gpus(a);
        minus -= with_gpus(b);
        assert_true(same(plus.gpus, sum));
        assert_true(same(minus.gpus, difference));
        assert_int_equal(covers(with_gpus(a), with_gpus(b)), map_covers(a, b));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iterates_in_name_order),
        cmocka_unit_test(index_adds_missing_type_as_zero),
        cmocka_unit_test(emplace_adds_only_missing_type),
        cmocka_unit_test(initializer_keeps_first_of_equal_names),
        cmocka_unit_test(spills_and_erases_past_inline_entries),
        cmocka_unit_test(copies_compare_equal_and_apart),
        cmocka_unit_test(copies_hold_only_live_entries),
        cmocka_unit_test(random_changes_agree_with_map),
        cmocka_unit_test(resources_sums_and_covers_agree_with_map),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
