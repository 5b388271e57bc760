// The allocator's view of the nodes: free GPUs per node, grouped by GPU
// type, and where a request would go. The rule is the one the shells place
// by (the simulator's round engine, contrib/sim/round_placement.h): one node
// when one has room, the best fit (fewest free GPUs that suffice, ties by
// node order); else spread over the fewest nodes, the nodes with the most
// free GPUs first and the last piece by best fit. Planning with the same
// rule is what lets the allocator know which jobs would end up spread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accord::core {

// The GPUs of one type on one node.
struct AllocNode {
    std::string gpu_type;
    int gpus = 0;
    int node = -1;  // the shell's number of the node, for NodeMask; -1: any job may use it
};

// The nodes a job may use, by the shell's node number (AllocNode::node).
using NodeMask = std::vector<bool>;

// `gpus` GPUs of node `node` (an index into the nodes given to NodePool).
struct NodeShare {
    size_t node = 0;
    int gpus = 0;
    bool operator==(const NodeShare &o) const { return node == o.node && gpus == o.gpus; }
};
using Shares = std::vector<NodeShare>;

class NodePool {
public:
    explicit NodePool(const std::vector<AllocNode> &nodes);

    // -1 for a type no node has.
    int type_id(const std::string &gpu_type) const;
    int types() const { return static_cast<int>(types_.size()); }
    int largest_node(int type) const { return types_[type].largest; }
    size_t nodes() const { return free_.size(); }
    int capacity_of(size_t node) const { return capacity_[node]; }
    int free_on(size_t node) const { return free_[node]; }
    int type_of(size_t node) const { return node_type_[node]; }
    const std::vector<size_t> &nodes_of(int type) const { return types_[type].nodes; }

    // Whether a job that may use `allowed` (null: every node) may use `node`.
    bool allows(const NodeMask *allowed, size_t node) const
    {
        int shell = shell_node_[node];
        return !allowed || shell < 0 || (static_cast<size_t>(shell) < allowed->size() && (*allowed)[shell]);
    }
    // The type's free GPUs (on the nodes in `allowed`).
    int free_gpus(int type, const NodeMask *allowed = nullptr) const
    {
        return allowed ? free_gpus_on(type, *allowed) : types_[type].free_total;
    }

    // Where `gpus` GPUs of `type` would go on one node (of `allowed`);
    // empty when no node has them free.
    std::optional<size_t> best_fit(int type, int gpus, const NodeMask *allowed = nullptr) const;
    // Where they would go spread over nodes (of `allowed`); empty when the
    // type has fewer free GPUs there.
    Shares spread(int type, int gpus, const NodeMask *allowed = nullptr) const;
    // One node when possible, else spread; empty when they do not fit.
    Shares place(int type, int gpus) const;

    void take(const Shares &shares);
    void release(const Shares &shares);

private:
    // A set of the type's nodes (by position in Type::nodes), as bits.
    using Bits = std::vector<uint64_t>;
    struct Type {
        std::vector<size_t> nodes;  // by index
        std::vector<Bits> by_free;  // [free GPUs] -> positions
        int largest = 0;
        int free_total = 0;
    };
    void set_free(size_t node, int free);
    // The first position in `bits` at or after `from`; -1 if none.
    static long first(const Bits &bits, size_t from = 0);
    // The first position of `type`'s nodes in `bits` at or after `from`
    // whose node `allowed` allows; -1 if none.
    long first_allowed(const Type &type, const Bits &bits, const NodeMask *allowed, size_t from = 0) const;
    int free_gpus_on(int type, const NodeMask &allowed) const;

    std::vector<std::string> names_;  // by type number: GPU types are few, so found by a scan
    std::vector<Type> types_;
    std::vector<int> capacity_;   // per node: its GPUs as given
    std::vector<int> free_;       // per node
    std::vector<int> node_type_;  // per node
    std::vector<int> shell_node_;  // per node: AllocNode::node
    std::vector<size_t> position_;  // per node: its position in its type's nodes
};

}  // namespace accord::core
