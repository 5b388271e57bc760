#include "sim/min_cost_assignment.h"

#include <limits>

namespace accord::sim {

// Rows are added one at a time; each addition grows a shortest-path tree
// over reduced costs (cost - row potential - column potential) until it
// reaches a free column, then flips the path. Index 0 is a virtual column.
double min_cost_assignment(const CostMatrix &cost)
{
    const double inf = std::numeric_limits<double>::infinity();
    size_t n = cost.rows(), m = cost.cols();
    std::vector<double> u(n + 1, 0), v(m + 1, 0);
    std::vector<size_t> row_of(m + 1, 0), way(m + 1, 0);
    for (size_t i = 1; i <= n; i++) {
        row_of[0] = i;
        size_t col = 0;
        std::vector<double> min_to(m + 1, inf);
        std::vector<bool> used(m + 1, false);
        do {
            used[col] = true;
            size_t row = row_of[col], next = 0;
            double delta = inf;
            for (size_t j = 1; j <= m; j++) {
                if (used[j])
                    continue;
                double reduced = cost.at(row - 1, j - 1) - u[row] - v[j];
                if (reduced < min_to[j]) {
                    min_to[j] = reduced;
                    way[j] = col;
                }
                if (min_to[j] < delta) {
                    delta = min_to[j];
                    next = j;
                }
            }
            if (delta == inf)
                return inf;
            for (size_t j = 0; j <= m; j++) {
                if (used[j]) {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_to[j] -= delta;
                }
            }
            col = next;
        } while (row_of[col] != 0);
        do {
            size_t prev = way[col];
            row_of[col] = row_of[prev];
            col = prev;
        } while (col != 0);
    }
    double total = 0;
    for (size_t j = 1; j <= m; j++)
        if (row_of[j] != 0)
            total += cost.at(row_of[j] - 1, j - 1);
    return total;
}

}  // namespace accord::sim
