#include "core/gpu_counts.h"

#include <algorithm>
#include <stdexcept>

namespace accord::core {

GpuCounts::GpuCounts(std::initializer_list<value_type> entries)
{
    for (const auto &[type, count] : entries)
        emplace(type, count);
}

GpuCounts::GpuCounts(const GpuCounts &other) : spill_(other.spill_), size_(other.size_)
{
    if (spill_.empty())
        std::copy(other.inline_.begin(), other.inline_.begin() + static_cast<std::ptrdiff_t>(size_), inline_.begin());
}

GpuCounts &GpuCounts::operator=(const GpuCounts &other)
{
    if (this == &other)
        return *this;
    spill_ = other.spill_;
    size_ = other.size_;
    if (spill_.empty())
        std::copy(other.inline_.begin(), other.inline_.begin() + static_cast<std::ptrdiff_t>(size_), inline_.begin());
    return *this;
}

size_t GpuCounts::position_of(const std::string &type) const
{
    const value_type *first = data();
    const value_type *at = std::lower_bound(
        first, first + size_, type, [](const value_type &entry, const std::string &t) { return entry.first < t; });
    return static_cast<size_t>(at - first);
}

GpuCounts::value_type &GpuCounts::insert_at(size_t pos, const std::string &type, int count)
{
    if (spill_.empty() && size_ < kInline) {
        std::move_backward(inline_.begin() + pos, inline_.begin() + size_, inline_.begin() + size_ + 1);
        inline_[pos] = {type, count};
    } else {
        if (spill_.empty())
            spill_.assign(std::make_move_iterator(inline_.begin()), std::make_move_iterator(inline_.end()));
        spill_.insert(spill_.begin() + static_cast<std::ptrdiff_t>(pos), {type, count});
    }
    size_++;
    return data()[pos];
}

// Most calls find the type (arithmetic on a node's counts): a walk over a
// few entries finds it without the ordered search's string comparisons.
int &GpuCounts::operator[](const std::string &type)
{
    auto it = find(type);
    if (it != end())
        return it->second;
    return insert_at(position_of(type), type, 0).second;
}

GpuCounts::iterator GpuCounts::find(const std::string &type)
{
    return std::find_if(begin(), end(), [&](const value_type &entry) { return same_gpu_type(entry.first, type); });
}

GpuCounts::const_iterator GpuCounts::find(const std::string &type) const
{
    return std::find_if(begin(), end(), [&](const value_type &entry) { return same_gpu_type(entry.first, type); });
}

int &GpuCounts::at(const std::string &type)
{
    auto it = find(type);
    if (it == end())
        throw std::out_of_range("no GPU count for type " + type);
    return it->second;
}

const int &GpuCounts::at(const std::string &type) const
{
    auto it = find(type);
    if (it == end())
        throw std::out_of_range("no GPU count for type " + type);
    return it->second;
}

std::pair<GpuCounts::iterator, bool> GpuCounts::emplace(const std::string &type, int count)
{
    size_t pos = position_of(type);
    if (pos < size_ && same_gpu_type(data()[pos].first, type))
        return {data() + pos, false};
    return {&insert_at(pos, type, count), true};
}

size_t GpuCounts::erase(const std::string &type)
{
    auto it = find(type);
    if (it == end())
        return 0;
    if (spill_.empty())
        std::move(it + 1, end(), it);
    else
        spill_.erase(spill_.begin() + (it - spill_.data()));
    size_--;
    return 1;
}

void GpuCounts::clear()
{
    spill_.clear();
    size_ = 0;
}

bool GpuCounts::operator==(const GpuCounts &other) const
{
    return size_ == other.size_ && std::equal(begin(), end(), other.begin());
}

}  // namespace accord::core
