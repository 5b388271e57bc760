#include "sim/run_summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <jansson.h>
#include <memory>
#include <numeric>
#include <vector>

#include "sim/finish_time_fairness.h"

namespace accord::sim {

namespace {

// Nearest-rank percentiles; the median averages the middle two.
Spread spread_of(std::vector<double> values)
{
    Spread s;
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    s.mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
    s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    s.p99 = values[static_cast<size_t>(std::ceil(0.99 * n)) - 1];
    s.max = values.back();
    return s;
}

json_t *spread_json(const Spread &s)
{
    return json_pack("{s:f, s:f, s:f, s:f}", "mean", s.mean, "median", s.median, "p99", s.p99, "max", s.max);
}

}  // namespace

RunSummary summarize(const SimResult &result, int cluster_gpus, const SimResult *isolated)
{
    RunSummary r;
    std::vector<double> jct, queueing, cycle_ms;
    double first = INFINITY, last = 0;
    for (const auto &j : result.jobs) {
        jct.push_back(j.end_s - j.trace.arrival_s);
        queueing.push_back(j.start_s - j.trace.arrival_s);
        first = std::min(first, j.trace.arrival_s);
        last = std::max(last, j.end_s);
        r.gpu_hours += j.gpu_seconds / 3600.0;
    }
    for (double s : result.cycle_seconds)
        cycle_ms.push_back(s * 1000);
    r.jobs = result.jobs.size();
    r.jct_s = spread_of(jct);
    r.queueing_s = spread_of(queueing);
    r.makespan_s = r.jobs ? last - first : 0;
    r.utilization = r.makespan_s > 0 ? r.gpu_hours * 3600.0 / (cluster_gpus * r.makespan_s) : 0;
    r.cycles = result.cycle_seconds.size();
    r.cycle_ms = spread_of(cycle_ms);
    if (isolated) {
        std::vector<double> rho = finish_time_fairness(result, *isolated, cluster_gpus);
        r.has_fairness = true;
        r.ftf_rho = spread_of(rho);
        r.ftf_share_above_1 = rho.empty() ? 0 :
            static_cast<double>(std::count_if(rho.begin(), rho.end(), [](double x) { return x > 1; })) / rho.size();
    }
    return r;
}

std::string to_json(const RunSummary &s, const std::string &policy)
{
    std::unique_ptr<json_t, decltype(&json_decref)> root(
        json_pack("{s:s, s:I, s:o, s:o, s:f, s:f, s:f, s:I, s:o}", "policy", policy.c_str(), "jobs",
                  static_cast<json_int_t>(s.jobs), "jct_s", spread_json(s.jct_s), "queueing_s",
                  spread_json(s.queueing_s), "makespan_s", s.makespan_s, "gpu_hours", s.gpu_hours,
                  "utilization", s.utilization, "cycles", static_cast<json_int_t>(s.cycles),
                  "cycle_ms", spread_json(s.cycle_ms)),
        json_decref);
    if (s.wall_s > 0)
        json_object_set_new(root.get(), "wall_s", json_real(s.wall_s));
    if (s.has_fairness)
        json_object_set_new(root.get(), "finish_time_fairness",
                            json_pack("{s:o, s:f}", "rho", spread_json(s.ftf_rho), "share_above_1",
                                      s.ftf_share_above_1));
    std::unique_ptr<char, decltype(&free)> text(json_dumps(root.get(), JSON_INDENT(2) | JSON_PRESERVE_ORDER),
                                                free);
    return std::string(text.get()) + "\n";
}

std::string summary_csv_header()
{
    return "policy,jobs,jct_mean_s,jct_median_s,jct_p99_s,queueing_mean_s,queueing_p99_s,makespan_s,"
           "gpu_hours,utilization,ftf_worst,ftf_share_above_1,cycles,cycle_ms_mean,cycle_ms_p99,wall_s\n";
}

std::string to_csv_line(const RunSummary &s, const std::string &policy)
{
    char line[512];
    std::snprintf(line, sizeof line, "%s,%zu,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.3f,%.4f,%.4g,%.4f,%zu,%.4g,%.4g,%.3f\n",
                  policy.c_str(), s.jobs, s.jct_s.mean, s.jct_s.median, s.jct_s.p99, s.queueing_s.mean,
                  s.queueing_s.p99, s.makespan_s, s.gpu_hours, s.utilization, s.ftf_rho.max,
                  s.ftf_share_above_1, s.cycles, s.cycle_ms.mean, s.cycle_ms.p99, s.wall_s);
    return line;
}

}  // namespace accord::sim
