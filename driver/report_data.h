// What `steady report` (and compare/ab --html, analyze --plot) puts on its
// page, decided here and rendered by driver/report/report.js with Vega-Lite:
// per run its machine and configuration, per benchmark its summary, every
// measured fork's iteration series with the steady-state analysis
// (fork_analysis.h), the distribution of its batch samples and its counters,
// and for a comparison the verdicts and both versions' distributions.
//
// The page must open quickly for 200 benchmarks x 5 forks x 100 iterations
// x 1000 batch samples, so it embeds aggregates (and says so): a fork's batch
// samples as their weighted quantiles, and a series longer than
// `max_points` as the outliers plus the lowest and highest point of each run
// of consecutive iterations.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "comparison.h"
#include "fork_analysis.h"
#include "steady/results.h"
#include "steady/steady_state.h"

namespace steady::driver {

struct ReportOptions {
  stats::SteadyStateOptions steady; // as steady analyze's options set it
  std::size_t max_points = 1000;    // per fork series
  std::size_t quantiles = 100;      // per fork (per version in a comparison) distribution
};

struct ReportRun {
  std::string label; // the file, or "A: ./bin"
  RunResult run;
  // The run's steady-state analysis with the options' `steady` (steady
  // analyze passes the one it printed); analyzed by report_data when not given.
  std::optional<std::vector<BenchmarkSeries>> analyses = std::nullopt;
};

// `count` values at probabilities (i + 0.5) / count of the weighted samples
// (fewer when there are fewer samples: then every sample once, sorted), with
// the smallest and largest first and last so the tails show.
std::vector<double> weighted_quantiles(std::vector<stats::Weighted> samples, std::size_t count);

// The iterations of a series kept on the page: all when there are at most
// `max_points`; otherwise every outlier, and of each run of consecutive
// iterations (about max_points / 2 runs) the lowest and the highest. Ascending.
std::vector<std::size_t> thin_series(const std::vector<double> &values, const std::vector<std::size_t> &outliers,
                                     std::size_t max_points);

// The page's data (schema steady-report/1). `comparison` adds the verdicts.
nlohmann::json report_data(const std::vector<ReportRun> &runs, const ReportOptions &o);
nlohmann::json comparison_data(const std::vector<Row> &rows, const CompareOptions &o, const ComparedSide &base,
                               const ComparedSide &next, const ReportOptions &ro);

} // namespace steady::driver
