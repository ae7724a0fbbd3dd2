// Tests of the steady-state analysis of forks and benchmarks: outlier filter,
// classification, and the whole pipeline (stats/src/steady_state.cpp).
//
// Where the expected values come from:
//  - the outlier cases are worked by hand in the comments (and agree with the
//    study's filter_outliers.py logic transcribed to R, quantile type 7 =
//    numpy's linear interpolation);
//  - "R:" whole-pipeline values were computed by R 4.2.2 with that filter, R
//    changepoint's PELT/CROPS code, kneed's KneeLocator transcribed to R and
//    the classification rule below (see changepoint_test.cpp);
//  - classification cases are constructed by hand.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "steady/steady_state.h"
#include "synthetic_series.h"

namespace {

using namespace steady::stats;
namespace t = steady::test;
using Idx = std::vector<std::size_t>;

// 100 ms per iteration, as in the study: iteration i ends at 0.1·(i + 1) s.
std::vector<double> elapsed_for(std::size_t n) {
  std::vector<double> e(n);
  for (std::size_t i = 0; i < n; ++i)
    e[i] = 0.1 * static_cast<double>(i + 1);
  return e;
}

// --- Outlier filter ---------------------------------------------------------------
TEST(Outliers, OneWindowByHand) {
  // 0..199 with 10000 in place of 50. Sorted: 0..49, 51..199, 10000. Median
  // (100 + 101)/2 = 100.5; p1 at rank 1.99: 1 + .99·1 = 1.99; p99 at rank
  // 197.01: 198 + .01·1 = 198.01; band 100.5 ± 3·196.02 = [−487.56, 688.56].
  std::vector<double> x(200);
  for (std::size_t i = 0; i < 200; ++i)
    x[i] = static_cast<double>(i);
  x[50] = 10000;
  EXPECT_EQ(find_outliers(x), Idx{50});
}

TEST(Outliers, SlidingWindowsAroundALevelShift) {
  // 200 zeros then 200 hundreds. A window holding 1 or 2 hundreds among
  // zeros has p99 = 0 or 1 (rank 197.01) and median 0: the hundreds are
  // outliers; with 3 it has p99 = 100 and none is. Symmetrically, 1 or 2
  // zeros among hundreds (p1 = 100 or 99) are outliers. So 198..201, as the
  // study's filter would say (points right after a shift look like outliers
  // to windows that barely reach them).
  std::vector<double> x(400, 0.0);
  for (std::size_t i = 200; i < 400; ++i)
    x[i] = 100;
  EXPECT_EQ(find_outliers(x), (Idx{198, 199, 200, 201}));
  // Skipping the first 250 points (the study skipped some JMH warmup points):
  // only windows over 250..399, all hundreds.
  OutlierOptions skip;
  skip.skip = 250;
  EXPECT_TRUE(find_outliers(x, skip).empty());
  // Narrower band: width 0 flags every point off the window's median.
  OutlierOptions zero;
  zero.width = 0;
  zero.window = 400;
  EXPECT_EQ(find_outliers(std::vector<double>{1, 1, 1, 2, 1}, zero), Idx{3});
}

TEST(Outliers, IsolatedSpikes) {
  // No window of 200 holds more than two of the three spikes, so p99 stays
  // near the noise and each spike is outside median ± 3·(p99 − p1).
  EXPECT_EQ(find_outliers(t::isolated_spikes()), (Idx{40, 150, 260}));
  EXPECT_TRUE(find_outliers(t::step_in_mean()).empty());
}

TEST(Outliers, RejectsBadOptions) {
  OutlierOptions o;
  o.window = 0;
  EXPECT_THROW(find_outliers(std::vector<double>{1, 2}, o), std::invalid_argument);
  o = {};
  o.low_quantile = 0.9;
  o.high_quantile = 0.1;
  EXPECT_THROW(find_outliers(std::vector<double>{1, 2}, o), std::invalid_argument);
}

// --- Classification ---------------------------------------------------------------
std::vector<double> levels(std::initializer_list<std::pair<std::size_t, double>> parts) {
  std::vector<double> x;
  for (auto [n, v] : parts)
    x.insert(x.end(), n, v);
  return x;
}

TEST(Classify, SimilarSegmentsJoinTheSteadyState) {
  // Means 20, 10.4, 10: 10.4 is within 5 % of 10, 20 is not. The steady state
  // starts at 100; K = 600/6 = 100 <= 500.
  const auto x = levels({{100, 20}, {100, 10.4}, {400, 10}});
  const auto e = elapsed_for(x.size());
  const Idx cpts{99, 199};
  const ForkSteadyState f = classify_fork(x, e, cpts);
  ASSERT_EQ(f.segments.size(), 3u);
  EXPECT_EQ(f.segments[1].begin, 100u);
  EXPECT_EQ(f.segments[1].end, 200u);
  EXPECT_DOUBLE_EQ(f.segments[1].mean, 10.4);
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.last_points, 100u);
  EXPECT_EQ(f.final_run_start, 100u);
  EXPECT_EQ(f.steady_iteration, 100u);
  ASSERT_TRUE(f.steady_time);
  EXPECT_DOUBLE_EQ(*f.steady_time, e[99]); // 10 s into the fork
}

TEST(Classify, ToleranceIsInclusiveAndConfigurable) {
  const Idx cpts{99};
  // 10.5 vs 10: exactly 5 %.
  EXPECT_EQ(classify_fork(levels({{100, 10.5}, {500, 10}}), {}, cpts).final_run_start, 0u);
  EXPECT_EQ(classify_fork(levels({{100, 10.6}, {500, 10}}), {}, cpts).final_run_start, 100u);
  SteadyStateOptions o;
  o.tolerance = 0.07;
  EXPECT_EQ(classify_fork(levels({{100, 10.6}, {500, 10}}), {}, cpts, o).final_run_start, 0u);
}

TEST(Classify, OnlyTheFinalRunOfSimilarSegmentsCounts) {
  // Means 10, 15, 10: the first segment is like the last, but the one in
  // between is not, so the steady state starts at the last segment.
  const auto x = levels({{200, 10}, {100, 15}, {300, 10}});
  const ForkSteadyState f = classify_fork(x, {}, Idx{199, 299});
  EXPECT_EQ(f.final_run_start, 300u);
  EXPECT_TRUE(f.steady); // 300 <= 600 − 100
  EXPECT_EQ(f.steady_iteration, 300u);
  EXPECT_FALSE(f.steady_time); // no elapsed times given
}

TEST(Classify, ChangeInsideTheLastKPoints) {
  // A change at 550 of 600: the last 100 points are not in one run.
  const auto x = levels({{550, 10}, {50, 12}});
  const ForkSteadyState f = classify_fork(x, elapsed_for(600), Idx{549});
  EXPECT_FALSE(f.steady);
  EXPECT_EQ(f.final_run_start, 550u);
  EXPECT_FALSE(f.steady_iteration);
  EXPECT_FALSE(f.steady_time);
  // With K = 40 the final 50 points are enough.
  SteadyStateOptions o;
  o.last_points = 40;
  const ForkSteadyState g = classify_fork(x, elapsed_for(600), Idx{549}, o);
  EXPECT_TRUE(g.steady);
  EXPECT_EQ(g.steady_iteration, 550u);
  EXPECT_NEAR(*g.steady_time, 55.0, 1e-9);
}

TEST(Classify, NoChangepointIsSteadyFromTheStart) {
  const ForkSteadyState f = classify_fork(std::vector<double>(30, 1.0), elapsed_for(30), {});
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.steady_iteration, 0u);
  EXPECT_EQ(f.steady_time, 0.0);
}

TEST(Classify, RejectsBadInput) {
  const std::vector<double> x(10, 1.0);
  EXPECT_THROW(classify_fork({}, {}, {}), std::invalid_argument);
  EXPECT_THROW(classify_fork(x, elapsed_for(9), {}), std::invalid_argument);
  EXPECT_THROW(classify_fork(x, {}, Idx{9}), std::invalid_argument);
  EXPECT_THROW(classify_fork(x, {}, Idx{5, 3}), std::invalid_argument);
}

// --- Whole pipeline -----------------------------------------------------------------
TEST(AnalyzeFork, WarmupThenFlat) {
  // No outliers; elbow at the interval start 29.5466 (R's CROPS intervals,
  // kneed's elbow); changepoints 14, 27, 48; the first three segments' means
  // are far above the final one: steady from 49.
  const auto x = t::warmup_then_flat(3000, 11);
  const ForkSteadyState f = analyze_fork(x, elapsed_for(x.size()));
  EXPECT_TRUE(f.outliers.empty());
  EXPECT_DOUBLE_EQ(f.penalty, 29.546553930166738);
  EXPECT_EQ(f.penalty_source, PenaltySource::elbow);
  EXPECT_EQ(f.changepoints, (Idx{14, 27, 48}));
  EXPECT_EQ(f.last_points, 500u);
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.steady_iteration, 49u);
  EXPECT_NEAR(*f.steady_time, 4.9, 1e-9);
  EXPECT_EQ(f.crops_segmentations, 374u);
}

TEST(AnalyzeFork, LateChangeIsNotSteady) {
  // R: changepoint 2799, final segment 2800..2999 (mean 110 vs 100).
  const auto x = t::late_change();
  const ForkSteadyState f = analyze_fork(x, elapsed_for(x.size()));
  EXPECT_EQ(f.changepoints, Idx{2799});
  EXPECT_DOUBLE_EQ(f.penalty, 21.58576228608581);
  EXPECT_FALSE(f.steady);
  EXPECT_EQ(f.final_run_start, 2800u);
  EXPECT_FALSE(f.steady_iteration);
}

TEST(AnalyzeFork, FlatNoiseIsSteadyDespiteItsSegments) {
  // The thesis range puts the elbow at 11.7592 on pure noise (33
  // changepoints), but every segment mean is within 5 % of the last.
  const auto x = t::flat_noise(3000, 12);
  const ForkSteadyState f = analyze_fork(x);
  EXPECT_DOUBLE_EQ(f.penalty, 11.759239373310265);
  EXPECT_EQ(f.changepoints.size(), 33u);
  EXPECT_EQ(f.changepoints.front(), 192u);
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.steady_iteration, 0u);
}

TEST(AnalyzeFork, SpikesAreFilteredForSegmentationOnly) {
  // With the filter: outliers 40, 150, 260; on the 297 remaining points the
  // elbow is at 7.0592 with 22 changepoints; segments within 5 % of the last
  // from 153 on (the penalties PELT ran with put the elbow at 10.5664, 4
  // changepoints, steady from 0).
  const auto x = t::isolated_spikes();
  const ForkSteadyState f = analyze_fork(x);
  EXPECT_EQ(f.outliers, (Idx{40, 150, 260}));
  EXPECT_DOUBLE_EQ(f.penalty, 7.0592471528561589);
  EXPECT_EQ(f.changepoints.size(), 22u);
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.steady_iteration, 153u);
  // The segment holding the spike at 260 averages it in.
  EXPECT_GT(f.segments.back().mean, 50.0);

  // R, without the filter: every spike becomes a 2-point segment, the last
  // one (259..260) ends 39 points before the end, inside K = 50: not steady.
  SteadyStateOptions raw;
  raw.filter_outliers = false;
  const ForkSteadyState g = analyze_fork(x, {}, raw);
  EXPECT_TRUE(g.outliers.empty());
  EXPECT_EQ(g.changepoints, (Idx{39, 41, 148, 150, 258, 260}));
  EXPECT_FALSE(g.steady);
  EXPECT_EQ(g.final_run_start, 261u);
}

TEST(AnalyzeFork, StepInMean) {
  // R: changepoint 149; 13 vs 10 is not within 5 %: steady from 150 (K = 50).
  const ForkSteadyState f = analyze_fork(t::step_in_mean());
  EXPECT_EQ(f.changepoints, Idx{149});
  EXPECT_TRUE(f.steady);
  EXPECT_EQ(f.steady_iteration, 150u);
}

TEST(AnalyzeFork, ShortSeries) {
  // Too short for a change (< 2·min_segment_length after filtering).
  const ForkSteadyState f = analyze_fork(std::vector<double>{5, 6, 5});
  EXPECT_TRUE(f.changepoints.empty());
  EXPECT_TRUE(f.steady);
  EXPECT_THROW(analyze_fork(std::vector<double>{}), std::invalid_argument);
  EXPECT_THROW(analyze_fork(std::vector<double>{1, INFINITY, 3}), std::invalid_argument);
}

// --- Benchmark -----------------------------------------------------------------------
ForkSteadyState fork(bool steady, std::size_t start) {
  ForkSteadyState f;
  f.steady = steady;
  f.final_run_start = start;
  if (steady)
    f.steady_iteration = start;
  return f;
}

TEST(ClassifyBenchmark, StableUnstableMixed) {
  const std::vector<ForkSteadyState> all{fork(true, 10), fork(true, 40), fork(true, 0)};
  const BenchmarkSteadyState a = classify_benchmark(all);
  EXPECT_EQ(a.stability, BenchmarkStability::stable);
  EXPECT_EQ(a.steady_forks, 3u);
  EXPECT_EQ(a.forks, 3u);
  EXPECT_EQ(a.recommended_warmup_iterations, 40u);
  EXPECT_EQ(to_string(a.stability), "stable");

  const std::vector<ForkSteadyState> none{fork(false, 2900), fork(false, 2800)};
  const BenchmarkSteadyState b = classify_benchmark(none);
  EXPECT_EQ(b.stability, BenchmarkStability::unstable);
  EXPECT_EQ(b.steady_forks, 0u);
  EXPECT_FALSE(b.recommended_warmup_iterations);
  EXPECT_EQ(to_string(b.stability), "unstable");

  const std::vector<ForkSteadyState> some{fork(true, 120), fork(false, 2900), fork(true, 7)};
  const BenchmarkSteadyState c = classify_benchmark(some);
  EXPECT_EQ(c.stability, BenchmarkStability::mixed);
  EXPECT_EQ(c.steady_forks, 2u);
  EXPECT_EQ(c.recommended_warmup_iterations, 120u);
  EXPECT_EQ(to_string(c.stability), "mixed");

  EXPECT_THROW(classify_benchmark({}), std::invalid_argument);
}

TEST(ClassifyBenchmark, FromSyntheticForks) {
  // Three forks of one benchmark: two warm up and settle, one changes late.
  std::vector<ForkSteadyState> forks;
  forks.push_back(analyze_fork(t::warmup_then_flat(3000, 11)));
  forks.push_back(analyze_fork(t::late_change()));
  forks.push_back(analyze_fork(t::flat_noise(3000, 12)));
  const BenchmarkSteadyState b = classify_benchmark(forks);
  EXPECT_EQ(b.stability, BenchmarkStability::mixed);
  EXPECT_EQ(b.steady_forks, 2u);
  EXPECT_EQ(b.recommended_warmup_iterations, 49u);
}

} // namespace
