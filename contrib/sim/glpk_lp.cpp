#include "sim/glpk_lp.h"

#include <glpk.h>

namespace accord::sim {

LinearProgram::LinearProgram() = default;

LinearProgram::~LinearProgram()
{
    if (prob_)
        glp_delete_prob(prob_);
}

int LinearProgram::add_column(double lower, double upper, double objective)
{
    columns_.push_back({lower, upper, objective});
    return static_cast<int>(columns_.size()) - 1;
}

int LinearProgram::add_row_at_most(double bound)
{
    rows_.push_back({true, bound});
    return static_cast<int>(rows_.size()) - 1;
}

int LinearProgram::add_row_at_least(double bound)
{
    rows_.push_back({false, bound});
    return static_cast<int>(rows_.size()) - 1;
}

void LinearProgram::set(int row, int col, double value)
{
    entry_row_.push_back(row + 1);
    entry_col_.push_back(col + 1);
    entry_value_.push_back(value);
}

static int column_kind(double lower, double upper)
{
    if (upper == LinearProgram::kUnbounded)
        return GLP_LO;
    return lower == upper ? GLP_FX : GLP_DB;
}

void LinearProgram::load()
{
    prob_ = glp_create_prob();
    glp_set_obj_dir(prob_, GLP_MAX);
    if (!columns_.empty())
        glp_add_cols(prob_, static_cast<int>(columns_.size()));
    for (size_t c = 0; c < columns_.size(); c++) {
        const Column &col = columns_[c];
        int j = static_cast<int>(c) + 1;
        glp_set_col_bnds(prob_, j, column_kind(col.lower, col.upper), col.lower, col.upper);
        glp_set_obj_coef(prob_, j, col.objective);
    }
    if (!rows_.empty())
        glp_add_rows(prob_, static_cast<int>(rows_.size()));
    for (size_t r = 0; r < rows_.size(); r++)
        glp_set_row_bnds(prob_, static_cast<int>(r) + 1, rows_[r].at_most ? GLP_UP : GLP_LO,
                         rows_[r].bound, rows_[r].bound);
    // GLPK's arrays are 1-based: element 0 is ignored.
    entry_row_.insert(entry_row_.begin(), 0);
    entry_col_.insert(entry_col_.begin(), 0);
    entry_value_.insert(entry_value_.begin(), 0.0);
    glp_load_matrix(prob_, static_cast<int>(entry_value_.size()) - 1, entry_row_.data(),
                    entry_col_.data(), entry_value_.data());
    entry_row_.clear();
    entry_col_.clear();
    entry_value_.clear();
    int was = glp_term_out(GLP_OFF);  // the scaling report goes to stdout otherwise
    glp_scale_prob(prob_, GLP_SF_AUTO);
    glp_term_out(was);
}

bool LinearProgram::solve(const LpBudget &budget)
{
    if (!prob_)
        load();
    if (columns_.empty())
        return true;
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.tm_lim = budget.time_limit_ms;
    parm.it_lim = budget.iteration_limit;
    int rc = glp_simplex(prob_, &parm);
    return rc == 0 && glp_get_status(prob_) == GLP_OPT;
}

double LinearProgram::value(int col) const { return glp_get_col_prim(prob_, col + 1); }

double LinearProgram::objective_value() const { return glp_get_obj_val(prob_); }

void LinearProgram::set_objective(int col, double coefficient)
{
    columns_[col].objective = coefficient;
    if (prob_)
        glp_set_obj_coef(prob_, col + 1, coefficient);
}

void LinearProgram::set_lower_bound(int col, double lower)
{
    Column &c = columns_[col];
    c.lower = lower;
    if (prob_)
        glp_set_col_bnds(prob_, col + 1, column_kind(c.lower, c.upper), c.lower, c.upper);
}

}  // namespace accord::sim
