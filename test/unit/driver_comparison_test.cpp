// The comparison decision apart from its rendering (as google/benchmark tests
// get_difference_report apart from print_difference_report): verdicts and
// power numbers on inputs whose answer is known, the gate's parsing and
// steady ab's looks.
#include <cmath>
#include <stdexcept>

#include <gtest/gtest.h>

#include "comparison.h"
#include "steady/comparison.h"

namespace steady {
namespace {

using stats::Verdict;

// Forks of iterations whose means are `means` (fork by fork), each iteration
// 4 batch samples at mean * (1 -+ 0.1 %), scaled by `scale`.
stats::Series series(const std::vector<std::vector<double>> &means, double scale = 1) {
  stats::Series s;
  for (const auto &fork_means : means) {
    stats::ForkSamples fork;
    std::vector<double> m;
    for (double x : fork_means) {
      double v = x * scale;
      fork.push_back({{v * 0.999, 10}, {v * 1.001, 10}, {v * 0.999, 10}, {v * 1.001, 10}});
      m.push_back(v);
      s.iteration_means.push_back(v);
    }
    s.forks.push_back(std::move(fork));
    s.fork_means.push_back(std::move(m));
    s.fork_rounds.push_back(-1);
    s.iterations_per_fork = int(fork_means.size());
  }
  return s;
}

// Six forks of ten iterations around 100 with 0.1 % spread.
const std::vector<std::vector<double>> kQuiet = {{100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0},
                                                 {100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1},
                                                 {99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9},
                                                 {100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0},
                                                 {100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1},
                                                 {99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9, 100.0, 100.1, 99.9}};

// Two forks of five iterations alternating 90 and 110: mean 100, iteration
// variance 1000 / 9.
const std::vector<std::vector<double>> kNoisy = {{90, 110, 90, 110, 90}, {110, 90, 110, 90, 110}};

TEST(CompareDecision, TwentyPercentMoreTimeIsSlower) {
  stats::Comparison c = stats::compare(series(kQuiet), series(kQuiet, 1.2), {});
  EXPECT_EQ(c.verdict, Verdict::slower);
  EXPECT_NEAR(c.ratio.estimate, 1.2, 1e-3);
  EXPECT_GT(c.ratio.low, 1);
  EXPECT_FALSE(c.overlap);
  EXPECT_LT(c.welch_p, 1e-6);
  EXPECT_DOUBLE_EQ(c.cliffs_delta, 1);
  EXPECT_FALSE(c.power);
}

TEST(CompareDecision, TwentyPercentLessTimeIsFaster) {
  stats::Comparison c = stats::compare(series(kQuiet), series(kQuiet, 0.8), {});
  EXPECT_EQ(c.verdict, Verdict::faster);
  EXPECT_NEAR(c.ratio.estimate, 0.8, 1e-3);
  EXPECT_LT(c.ratio.high, 1);
  EXPECT_DOUBLE_EQ(c.cliffs_delta, -1);
}

TEST(CompareDecision, TheSameDataIsTheSameWithinTheMargin) {
  stats::Comparison c = stats::compare(series(kQuiet), series(kQuiet), {});
  EXPECT_EQ(c.verdict, Verdict::same);
  EXPECT_GE(c.ratio.low, 0.99);
  EXPECT_LE(c.ratio.high, 1.01);
  EXPECT_TRUE(c.overlap);
  EXPECT_TRUE(c.decided());
}

TEST(CompareDecision, NoisyDataIsUndecidedWithItsPowerNumbers) {
  stats::ComparisonOptions o;
  stats::Comparison c = stats::compare(series(kNoisy), series(kNoisy), o);
  EXPECT_EQ(c.verdict, Verdict::undecided);
  EXPECT_FALSE(c.decided());
  ASSERT_TRUE(c.power);
  // n = 10 iteration means per version, sigma^2 = 1000 / 9, mean 100;
  // samples per group 2 (z_{1-alpha/2} + z_{0.8})^2 / gamma^2.
  const double z = 2.5758293035489004 + 0.8416212335729143, sigma = std::sqrt(1000.0 / 9);
  EXPECT_NEAR(c.power->detectable, std::sqrt(2 * z * z / 10) * sigma / 100, 1e-9);
  const double need = 2 * z * z / std::pow(0.01 * 100 / sigma, 2);
  EXPECT_EQ(c.power->more_forks, int(std::ceil((need - 10) / 5)));
}

TEST(CompareDecision, OneIterationPerVersionHasNoPowerNumbers) {
  stats::Comparison c = stats::compare(series({{90}}), series({{110}}), {});
  ASSERT_EQ(c.verdict, Verdict::slower); // the batch samples alone decide 90 vs 110
  c = stats::compare(series({{100}}), series({{100}}), {.alpha = 0.01, .equivalence = 0.0001});
  EXPECT_EQ(c.verdict, Verdict::undecided);
  EXPECT_FALSE(c.power);
  EXPECT_TRUE(std::isnan(c.welch_p));
}

TEST(CompareDecision, VerdictsAreNamedAsTheTableSays) {
  EXPECT_STREQ(driver::to_string(Verdict::slower), "slower");
  EXPECT_STREQ(driver::to_string(Verdict::faster), "faster");
  EXPECT_STREQ(driver::to_string(Verdict::same), "same");
  EXPECT_STREQ(driver::to_string(Verdict::undecided), "can't tell yet");
}

TEST(CompareGate, FractionsAndPercentages) {
  EXPECT_DOUBLE_EQ(driver::parse_fraction("2%"), 0.02);
  EXPECT_DOUBLE_EQ(driver::parse_fraction("0.02"), 0.02);
  EXPECT_DOUBLE_EQ(driver::parse_fraction("0.5%"), 0.005);
  EXPECT_THROW(driver::parse_fraction("2%%"), std::invalid_argument);
  EXPECT_THROW(driver::parse_fraction("2 %"), std::invalid_argument);
  EXPECT_THROW(driver::parse_fraction("two"), std::invalid_argument);
  EXPECT_THROW(driver::parse_fraction(""), std::invalid_argument);
}

TEST(AbLooks, DoublingFromMinForksAndAtMaxForks) {
  EXPECT_EQ(stats::look_schedule(5, 40), (std::vector<int>{5, 10, 20, 40}));
  EXPECT_EQ(stats::look_schedule(3, 12), (std::vector<int>{3, 6, 12}));
  EXPECT_EQ(stats::look_schedule(5, 6), (std::vector<int>{5, 6}));
  EXPECT_EQ(stats::look_schedule(2, 2), (std::vector<int>{2}));
  // Two forks at least: a comparison needs a spread.
  EXPECT_EQ(stats::look_schedule(1, 10), (std::vector<int>{2, 4, 8, 10}));
}

} // namespace
} // namespace steady
