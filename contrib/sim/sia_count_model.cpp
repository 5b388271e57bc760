#include "sim/sia_count_model.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace accord::sim {

namespace {

bool power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

}  // namespace

// GLPK's sparse matrix, 1-based (entry 0 unused).
struct SiaCountModel::Entries {
    std::vector<int> rows{0}, cols{0};
    std::vector<double> values{0};
    void add(int row, int col, double value)
    {
        rows.push_back(row);
        cols.push_back(col);
        values.push_back(value);
    }
};

SiaCountModel::SiaCountModel(const std::vector<SiaCandidate> &candidates, const std::vector<int> &sizes,
                             const std::vector<int> &capacity)
    : candidates_(candidates), sizes_(sizes), capacity_(capacity)
{
    for (int &c : capacity_)
        c = std::max(c, 0);
    for (const auto &c : candidates)
        class_index_.emplace(std::make_pair(c.pool, c.gpus), 0);
    int classes = 0;
    for (auto &entry : class_index_)
        entry.second = classes++;
    glp_prob *lp = problem_.get();
    glp_set_obj_dir(lp, GLP_MAX);
    int jobs = static_cast<int>(sizes.size()), pools = static_cast<int>(capacity_.size());
    int candidate_columns = static_cast<int>(candidates.size());

    glp_add_rows(lp, jobs + classes + pools);
    for (int j = 1; j <= jobs; j++)
        glp_set_row_bnds(lp, j, GLP_UP, 0, sizes[j - 1]);
    for (int k = 1; k <= classes; k++)
        glp_set_row_bnds(lp, jobs + k, GLP_FX, 0, 0);
    for (int p = 0; p < pools; p++)
        glp_set_row_bnds(lp, jobs + classes + 1 + p, GLP_UP, 0, capacity_[p]);

    glp_add_cols(lp, candidate_columns + classes);
    Entries entries;
    for (int k = 1; k <= candidate_columns; k++) {
        const SiaCandidate &c = candidates[k - 1];
        glp_set_col_bnds(lp, k, GLP_DB, 0, sizes[c.job]);
        glp_set_obj_coef(lp, k, c.value);
        entries.add(static_cast<int>(c.job) + 1, k, 1);
        entries.add(jobs + 1 + class_index_.at({c.pool, c.gpus}), k, 1);
    }
    for (const auto &[key, index] : class_index_) {
        auto [pool, gpus] = key;
        int column = candidate_columns + 1 + index;
        int most = capacity_[pool] / gpus;
        glp_set_col_kind(lp, column, GLP_IV);
        glp_set_col_bnds(lp, column, most > 0 ? GLP_DB : GLP_FX, 0, most);
        entries.add(jobs + 1 + index, column, -1);
        entries.add(jobs + classes + 1 + static_cast<int>(pool), column, gpus);
    }
    add_blocks(entries);
    glp_load_matrix(lp, static_cast<int>(entries.rows.size()) - 1, entries.rows.data(), entries.cols.data(),
                    entries.values.data());
}

void SiaCountModel::add_blocks(Entries &entries)
{
    glp_prob *lp = problem_.get();
    std::map<size_t, std::set<int>> counts_of_pool;
    for (const auto &entry : class_index_)
        counts_of_pool[entry.first.first].insert(entry.first.second);
    for (const auto &[pool, counts] : counts_of_pool)
        for (int s : counts) {
            bool divides_all = std::all_of(counts.begin(), counts.end(), [s](int gpus) { return gpus % s == 0; });
            if (s == 1 || !power_of_two(s) || divides_all)
                continue;
            int z = glp_add_cols(lp, 1), large_row = glp_add_rows(lp, 1), small_row = glp_add_rows(lp, 1);
            int blocks = capacity_[pool] / s;
            glp_set_col_kind(lp, z, GLP_IV);
            glp_set_col_bnds(lp, z, blocks > 0 ? GLP_DB : GLP_FX, 0, blocks);
            glp_set_row_bnds(lp, large_row, GLP_UP, 0, blocks);
            glp_set_row_bnds(lp, small_row, GLP_UP, 0, capacity_[pool] % s);
            entries.add(large_row, z, 1);
            entries.add(small_row, z, -s);
            for (int gpus : counts) {
                if (gpus % s == 0)
                    entries.add(large_row, class_column(pool, gpus), gpus / s);
                else
                    entries.add(small_row, class_column(pool, gpus), gpus);
            }
            blocks_.push_back({pool, s, z, large_row});
        }
    std::map<int, int> total_row;  // block size s -> the row Z = sum of z
    for (const Block &block : blocks_)
        if (!total_row.count(block.size)) {
            int total = glp_add_cols(lp, 1), row = glp_add_rows(lp, 1);
            glp_set_col_kind(lp, total, GLP_IV);
            glp_set_col_bnds(lp, total, GLP_LO, 0, 0);
            glp_set_row_bnds(lp, row, GLP_FX, 0, 0);
            entries.add(row, total, -1);
            total_row[block.size] = row;
            total_column_[block.size] = total;
        }
    for (const Block &block : blocks_)
        entries.add(total_row.at(block.size), block.column, 1);
}

int SiaCountModel::class_column(size_t pool, int gpus) const
{
    return static_cast<int>(candidates_.size()) + 1 + class_index_.at({pool, gpus});
}

// z = floor(C / s) - the large jobs' s-blocks; Z = the sum of z.
std::vector<double> SiaCountModel::columns_of(const std::vector<int> &counts) const
{
    std::vector<double> columns(glp_get_num_cols(problem_.get()) + 1, 0.0);
    for (size_t k = 0; k < candidates_.size(); k++) {
        columns[k + 1] = counts[k];
        columns[class_column(candidates_[k].pool, candidates_[k].gpus)] += counts[k];
    }
    for (const Block &block : blocks_) {
        double z = capacity_[block.pool] / block.size;
        for (size_t k = 0; k < candidates_.size(); k++)
            if (candidates_[k].pool == block.pool && candidates_[k].gpus % block.size == 0)
                z -= counts[k] * (candidates_[k].gpus / block.size);
        columns[block.column] = z;
        columns[total_column_.at(block.size)] += z;
    }
    return columns;
}

// Basic: every row's slack but the class and Z rows (fixed at 0) and the
// block rows of large jobs (tight: z = floor(C / s) - their blocks), every
// count, z and Z. The candidates sit at a bound: the group's size when
// chosen for all of it, else 0. Dropping jobs keeps an answer feasible.
void SiaCountModel::start_from(const std::vector<int> &counts)
{
    glp_prob *lp = problem_.get();
    int rows = glp_get_num_rows(lp), columns = glp_get_num_cols(lp);
    for (int r = 1; r <= rows; r++)
        glp_set_row_stat(lp, r, glp_get_row_type(lp, r) == GLP_FX ? GLP_NS : GLP_BS);
    for (const Block &block : blocks_)
        glp_set_row_stat(lp, block.large_row, GLP_NU);
    for (int c = 1; c <= columns; c++)
        glp_set_col_stat(lp, c, c <= static_cast<int>(candidates_.size()) ? GLP_NL : GLP_BS);
    for (size_t k = 0; k < candidates_.size(); k++)
        if (counts[k] == sizes_[candidates_[k].job])
            glp_set_col_stat(lp, static_cast<int>(k) + 1, GLP_NU);
}

std::vector<int> SiaCountModel::counts_in_answer() const
{
    std::vector<int> counts(candidates_.size());
    for (size_t k = 0; k < candidates_.size(); k++)
        counts[k] = static_cast<int>(std::lround(glp_mip_col_val(problem_.get(), static_cast<int>(k) + 1)));
    return counts;
}

}  // namespace accord::sim
