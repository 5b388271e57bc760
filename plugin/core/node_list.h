// NodeList: a job's allowed nodes (indices into the snapshot's nodes),
// read-only, its copies sharing one list. The jobs of a partition carry the
// same hundreds of nodes: a copy of a job should not copy them, and a cycle
// that numbers equal lists (core/node_set_ids.h) should not read them
// again for every job once it knows two jobs share them. NodeListPool
// gives equal lists one shared copy.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <unordered_map>
#include <vector>

namespace accord::core {

class NodeList {
public:
    using const_iterator = std::vector<int>::const_iterator;

    NodeList() = default;
    NodeList(std::vector<int> nodes);
    NodeList(std::initializer_list<int> nodes) : NodeList(std::vector<int>(nodes)) {}

    const std::vector<int> &nodes() const { return nodes_ ? *nodes_ : empty_list(); }
    operator const std::vector<int> &() const { return nodes(); }
    const_iterator begin() const { return nodes().begin(); }
    const_iterator end() const { return nodes().end(); }
    size_t size() const { return nodes().size(); }
    bool empty() const { return nodes().empty(); }
    int operator[](size_t i) const { return nodes()[i]; }

    // Whether both are copies of one list: then they are equal without
    // reading them.
    bool shares_with(const NodeList &other) const { return nodes_ == other.nodes_; }
    // Which list this is a copy of: the same for copies of one list (null
    // for no nodes), and kept by the list while a copy lives.
    const void *storage() const { return nodes_.get(); }
    friend bool operator==(const NodeList &a, const NodeList &b) { return a.shares_with(b) || a.nodes() == b.nodes(); }
    friend bool operator!=(const NodeList &a, const NodeList &b) { return !(a == b); }
    friend bool operator<(const NodeList &a, const NodeList &b) { return !a.shares_with(b) && a.nodes() < b.nodes(); }

private:
    static const std::vector<int> &empty_list();
    std::shared_ptr<const std::vector<int>> nodes_;  // null: no nodes
};

// Equal lists as one shared NodeList: a snapshot's builder asks for each
// job's list here.
class NodeListPool {
public:
    NodeList list_of(std::vector<int> nodes);

private:
    std::unordered_map<size_t, std::vector<NodeList>> by_hash_;
};

// A hash of a node list's numbers.
size_t hash_of(const std::vector<int> &nodes);

}  // namespace accord::core
