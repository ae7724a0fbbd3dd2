// The complexity fit (stats/src/complexity.cpp) against Google Benchmark 1.7
// itself: a Google Benchmark program (Debian's libbenchmark 1.7.1) whose
// benchmark sets exact manual times per N (2.1, 3.9, 8.2, 15.8, 33.0 ns at
// N = 1, 2, 4, 8, 16) printed these coefficients (its JSON's
// real_coefficient) and these RMS (its console, in whole percent).
#include <cmath>

#include <gtest/gtest.h>

#include "steady/complexity.h"

namespace steady::stats {
namespace {

const std::vector<std::int64_t> kN = {1, 2, 4, 8, 16};
const std::vector<double> kTimes = {2.1, 3.9, 8.2, 15.8, 33.0};

long percent(double rms) { return std::lround(rms * 100); }

TEST(Complexity, LinearAsGoogleBenchmarkFitsIt) {
  ComplexityFit f = fit_complexity(kN, kTimes, BigO::N);
  EXPECT_EQ(f.big_o, BigO::N);
  EXPECT_NEAR(f.coefficient, 2.044281524926686, 1e-12);
  EXPECT_EQ(percent(f.rms), 2);
}

TEST(Complexity, ConstantIsTheMean) {
  ComplexityFit f = fit_complexity(kN, kTimes, BigO::One);
  EXPECT_NEAR(f.coefficient, 12.6, 1e-12);
  EXPECT_EQ(percent(f.rms), 89);
}

TEST(Complexity, NLogN) {
  ComplexityFit f = fit_complexity(kN, kTimes, BigO::NLogN);
  EXPECT_NEAR(f.coefficient, 0.5410548523206751, 1e-12);
  EXPECT_EQ(percent(f.rms), 22);
}

TEST(Complexity, UserCurve) {
  ComplexityFit f =
      fit_complexity(kN, kTimes, BigO::Lambda, [](std::int64_t n) { return std::sqrt(double(n)); });
  EXPECT_EQ(f.big_o, BigO::Lambda);
  EXPECT_NEAR(f.coefficient, 6.474341337556286, 1e-12);
  EXPECT_EQ(percent(f.rms), 40);
}

TEST(Complexity, AutoTakesTheSmallestRms) {
  // Google Benchmark decides the curve on CPU time; steady has wall time
  // only, and decides on it: N (2 %) beats (1), lgN, NlgN, N^2, N^3.
  EXPECT_EQ(fit_complexity(kN, kTimes, BigO::Auto).big_o, BigO::N);
  const std::vector<double> quadratic = {1, 4, 16, 64, 256};
  ComplexityFit q = fit_complexity(kN, quadratic, BigO::Auto);
  EXPECT_EQ(q.big_o, BigO::NSquared);
  EXPECT_NEAR(q.coefficient, 1, 1e-12);
  EXPECT_NEAR(q.rms, 0, 1e-12);
}

TEST(Complexity, Names) {
  EXPECT_EQ(complexity_name(BigO::One), "(1)");
  EXPECT_EQ(complexity_name(BigO::NLogN), "NlgN");
  EXPECT_EQ(complexity_name(BigO::Lambda), "f(N)");
}

} // namespace
} // namespace steady::stats
