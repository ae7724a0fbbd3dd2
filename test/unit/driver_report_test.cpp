// What the report embeds, apart from how the page draws it: the quantiles a
// fork's batch samples are reduced to, the iterations a long series keeps,
// and the data of a run (measured forks, failed ones, what is missing).
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "report_data.h"

namespace steady::driver {
namespace {

TEST(WeightedQuantiles, EqualWeightsAreTheInverseOfTheEmpiricalDistribution) {
  // 0..999 once each: the quantile at p is the ceil(1000 p)-th smallest (R's type 1).
  std::vector<stats::Weighted> s;
  for (int i = 999; i >= 0; --i)
    s.push_back({double(i), 1});
  std::vector<double> q = weighted_quantiles(s, 100);
  ASSERT_EQ(q.size(), 100u);
  EXPECT_EQ(q.front(), 0); // the smallest, not the 0.5 % quantile
  EXPECT_EQ(q.back(), 999);
  for (std::size_t i = 1; i + 1 < q.size(); ++i)
    EXPECT_EQ(q[i], std::ceil(1000 * (double(i) + 0.5) / 100) - 1) << i;
}

TEST(WeightedQuantiles, WeightsShiftTheShare) {
  // Half the samples at 1 (weight 1), half at 2 (weight 3): a quarter of the
  // weight is at 1, so 25 of 100 quantiles are 1.
  std::vector<stats::Weighted> s;
  for (int i = 0; i < 500; ++i) {
    s.push_back({2, 3});
    s.push_back({1, 1});
  }
  std::vector<double> q = weighted_quantiles(s, 100);
  EXPECT_EQ(std::count(q.begin(), q.end(), 1.0), 25);
  EXPECT_EQ(std::count(q.begin(), q.end(), 2.0), 75);
}

TEST(WeightedQuantiles, FewSamplesAreKeptSortedAndBadOnesDropped) {
  std::vector<double> q = weighted_quantiles({{3, 1}, {1, 1}, {NAN, 1}, {2, 0}, {2, 5}}, 100);
  EXPECT_EQ(q, (std::vector<double>{1, 2, 3}));
}

TEST(ThinSeries, ShortSeriesAreKeptWhole) {
  std::vector<double> v(50, 1.0);
  EXPECT_EQ(thin_series(v, {}, 1000).size(), 50u);
}

TEST(ThinSeries, LongSeriesKeepOutliersAndExtremes) {
  std::vector<double> v;
  for (int i = 0; i < 10000; ++i)
    v.push_back(100 + std::sin(i * 0.01) + (i == 4321 ? -50 : 0) + (i == 777 ? 80 : 0));
  std::vector<std::size_t> outliers = {10, 5000, 9999};
  std::vector<std::size_t> kept = thin_series(v, outliers, 1000);
  EXPECT_LE(kept.size(), 1000u + outliers.size());
  EXPECT_GE(kept.size(), 900u);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
  EXPECT_EQ(std::adjacent_find(kept.begin(), kept.end()), kept.end());
  for (std::size_t i : {std::size_t(10), std::size_t(5000), std::size_t(9999), std::size_t(4321), std::size_t(777)})
    EXPECT_TRUE(std::binary_search(kept.begin(), kept.end(), i)) << i;
}

RunResult one_benchmark() {
  RunResult run;
  run.timer.ticks_per_ns = 2;
  BenchmarkResult &b = run.benchmarks.emplace_back();
  b.name = "sort/size=64";
  for (int n : {1, 2}) {
    ForkResult &f = b.forks.emplace_back();
    f.number = n;
    for (int i = 0; i < 20; ++i) {
      Iteration &it = f.iterations.emplace_back();
      it.index = i;
      it.warmup = i < 4;
      it.ops = 100;
      it.ns_per_op = 10 + (i < 4 ? 4 - i : 0);
      for (int k = 0; k < 30; ++k)
        it.batches.push_back({2 * it.ns_per_op * (1 + 0.001 * k), 10});
    }
  }
  b.forks[1].status = ForkStatus::crashed;
  b.forks[1].error = "killed by signal 11";
  return run;
}

TEST(ReportData, MeasuredForksAreDrawnAndFailedOnesNamed) {
  nlohmann::json d = report_data({{"run.json", one_benchmark()}}, ReportOptions{});
  ASSERT_EQ(d["benchmarks"].size(), 1u);
  const nlohmann::json &b = d["benchmarks"][0];
  ASSERT_EQ(b["forks"].size(), 1u);
  const nlohmann::json &f = b["forks"][0];
  EXPECT_EQ(f["points"].size(), 20u);
  EXPECT_EQ(f["warmup_iterations"], 4);
  EXPECT_EQ(f["samples"], 16 * 30); // measurement iterations only
  EXPECT_EQ(f["quantiles"].size(), 100u);
  EXPECT_DOUBLE_EQ(f["quantiles"][0].get<double>(), 10); // ticks / ticks_per_ns
  EXPECT_FALSE(f["analysis"].is_null());
  ASSERT_EQ(b["other_forks"].size(), 1u);
  EXPECT_EQ(b["other_forks"][0]["status"], "crashed");
  EXPECT_TRUE(b["missing"].empty());
  EXPECT_EQ(d["runs"][0]["missing"][0], "no machine description in the file");
}

TEST(ReportData, NotesAndTheCiAreTheModels) {
  RunResult run = one_benchmark();
  BenchmarkResult &b = run.benchmarks[0];
  b.protected_by_plugin = false;
  b.summary.ci_over = CiOver::nodes; // steady slurm's merged result
  nlohmann::json d = report_data({{"run.json", run}}, ReportOptions{});
  const nlohmann::json &jb = d["benchmarks"][0];
  EXPECT_EQ(jb["summary"]["ci_over"], "nodes");
  ASSERT_FALSE(jb["notes"].empty());
  EXPECT_EQ(jb["notes"][0]["kind"], "unprotected");
  EXPECT_EQ(jb["notes"][0]["severity"], "doubtful");
  EXPECT_EQ(jb["notes"][0]["text"], "not protected by the plugin");
}

TEST(ReportData, DrawsTheAnalysisItIsGiven) {
  RunResult run = one_benchmark();
  ReportOptions o;
  std::vector<BenchmarkSeries> given = analyze_run(run, o.steady);
  ASSERT_EQ(given.size(), 1u);
  ASSERT_EQ(given[0].forks.size(), 1u);
  const auto found = given[0].forks[0].analysis.changepoints;
  given[0].forks[0].analysis.changepoints = {7}; // drawn only if taken as is
  ASSERT_NE(found, given[0].forks[0].analysis.changepoints);
  nlohmann::json d = report_data({{"run.json", run, given}}, o);
  EXPECT_EQ(d["benchmarks"][0]["forks"][0]["analysis"]["changepoints"], nlohmann::json::array({7}));
}

} // namespace
} // namespace steady::driver
