// LinearProgram: a maximisation LP built column by column and row by row,
// solved by GLPK's simplex under an iteration and a time budget, owning its
// glp_prob (RAII). Solver trouble (budget exhausted, no optimum found) is a
// `false` from solve(), never an exception or an abort: callers fall back.
#pragma once

#include <climits>
#include <cstddef>
#include <vector>

struct glp_prob;

namespace accord::sim {

// GLPK's time limit is wall-clock time, so a run that hits it depends on
// the machine; the iteration limit is the deterministic alternative.
struct LpBudget {
    int time_limit_ms = 10000;        // glp_smcp::tm_lim, per solve() call
    int iteration_limit = INT_MAX;    // glp_smcp::it_lim (tests force a failure with 0)
};

class LinearProgram {
public:
    LinearProgram();
    ~LinearProgram();
    LinearProgram(const LinearProgram &) = delete;
    LinearProgram &operator=(const LinearProgram &) = delete;

    // A variable lower <= x <= upper (upper = kUnbounded: no upper bound)
    // with `objective` as its coefficient. Returns its column number.
    static constexpr double kUnbounded = -1;
    int add_column(double lower, double upper, double objective);
    // A constraint sum(a x) <= bound / >= bound. Returns its row number.
    int add_row_at_most(double bound);
    int add_row_at_least(double bound);
    // a(row, col) = value; each (row, col) at most once.
    void set(int row, int col, double value);

    // Solves (the first call loads the matrix; later calls start from the
    // last basis). True when an optimum was found within the budget.
    bool solve(const LpBudget &budget);
    double value(int col) const;
    double objective_value() const;

    // For a second, warm-started pass after solve().
    void set_objective(int col, double coefficient);
    void set_lower_bound(int col, double lower);

    size_t columns() const { return columns_.size(); }

private:
    struct Column {
        double lower, upper, objective;
    };
    struct Row {
        bool at_most;
        double bound;
    };
    void load();

    std::vector<Column> columns_;
    std::vector<Row> rows_;
    std::vector<int> entry_row_, entry_col_;
    std::vector<double> entry_value_;
    glp_prob *prob_ = nullptr;
};

}  // namespace accord::sim
