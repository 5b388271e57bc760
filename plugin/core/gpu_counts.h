// GpuCounts: GPU counts by GPU type name, as a short array sorted by name.
// It reads like the std::map it replaced (same iteration order, so the
// same decisions), but a node holds one or two GPU types, and schedulers
// copy and search a node's counts for every job they try: up to kInline
// entries sit in the object itself, so copying allocates nothing (short
// names fit std::string's own buffer) and a search walks a few entries.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace accord::core {

// Whether two GPU type names are equal: names are a few characters, and
// schedulers compare them for every node they try, so they are compared
// here in line rather than through a library call.
inline bool same_gpu_type(const std::string &a, const std::string &b)
{
    size_t n = a.size();
    if (n != b.size())
        return false;
    const char *p = a.data();
    const char *q = b.data();
    for (size_t i = 0; i < n; i++)
        if (p[i] != q[i])
            return false;
    return true;
}

class GpuCounts {
public:
    using value_type = std::pair<std::string, int>;
    using iterator = value_type *;
    using const_iterator = const value_type *;

    GpuCounts() = default;
    // A copy takes only the live entries: the inline ones are left behind
    // once the counts have spilled (schedulers copy a node's counts for
    // every job they try).
    GpuCounts(const GpuCounts &other);
    GpuCounts &operator=(const GpuCounts &other);
    GpuCounts(GpuCounts &&other) = default;
    GpuCounts &operator=(GpuCounts &&other) = default;
    // As std::map's: the first of equal names wins.
    GpuCounts(std::initializer_list<value_type> entries);

    // The count of `type`, added as 0 (in name order) when absent.
    int &operator[](const std::string &type);
    // The count of `type`; throws std::out_of_range when absent.
    int &at(const std::string &type);
    const int &at(const std::string &type) const;
    iterator find(const std::string &type);
    const_iterator find(const std::string &type) const;
    size_t count(const std::string &type) const { return find(type) != end() ? 1 : 0; }
    // Adds `type` with `count` unless present; true when added.
    std::pair<iterator, bool> emplace(const std::string &type, int count);
    size_t erase(const std::string &type);
    void clear();

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    iterator begin() { return data(); }
    iterator end() { return data() + size_; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + size_; }

    bool operator==(const GpuCounts &other) const;
    bool operator!=(const GpuCounts &other) const { return !(*this == other); }

private:
    static constexpr size_t kInline = 2;
    // Where `type` is or would go in name order.
    size_t position_of(const std::string &type) const;
    // Adds `type` with `count` at `pos` (its place in name order).
    value_type &insert_at(size_t pos, const std::string &type, int count);

    value_type *data() { return spill_.empty() ? inline_.data() : spill_.data(); }
    const value_type *data() const { return spill_.empty() ? inline_.data() : spill_.data(); }

    std::array<value_type, kInline> inline_;
    std::vector<value_type> spill_;  // all entries, once there are more than kInline
    size_t size_ = 0;
};

}  // namespace accord::core
