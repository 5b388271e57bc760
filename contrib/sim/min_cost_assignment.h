// The minimum-cost assignment of every row of a cost matrix to its own
// column (rows <= columns), by the Hungarian method with potentials
// (shortest augmenting paths, O(rows^2 x columns)).
#pragma once

#include <cstddef>
#include <vector>

namespace accord::sim {

class CostMatrix {
public:
    CostMatrix(size_t rows, size_t cols, double fill) : rows_(rows), cols_(cols), cost_(rows * cols, fill) {}
    double &at(size_t row, size_t col) { return cost_[row * cols_ + col]; }
    double at(size_t row, size_t col) const { return cost_[row * cols_ + col]; }
    size_t rows() const { return rows_; }
    size_t cols() const { return cols_; }

private:
    size_t rows_, cols_;
    std::vector<double> cost_;
};

// The least total cost; 0 for no rows, infinity when no assignment of
// finite cost exists. Needs rows <= cols.
double min_cost_assignment(const CostMatrix &cost);

}  // namespace accord::sim
