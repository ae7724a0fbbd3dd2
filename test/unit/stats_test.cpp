// The statistics module against values computed independently: by hand, and
// with R 4.2 (r-base-core) — each expected value gives the R expression.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "steady/stats.h"

namespace steady::stats {
namespace {

const std::vector<double> kX = {3.1, 1.4, 15.9, 2.6, 5.3, 5.8, 9.7};

TEST(Descriptive, MatchesR) {
  EXPECT_NEAR(mean(kX), 6.25714285714286, 1e-12);     // mean(x)
  EXPECT_NEAR(variance(kX), 25.4828571428571, 1e-10); // var(x)
  EXPECT_NEAR(sd(kX), 5.04805478802054, 1e-12);       // sd(x)
  EXPECT_NEAR(cv(kX), 0.806766746943923, 1e-12);      // sd(x) / mean(x)
}

TEST(Descriptive, QuantileIsRType7) {
  // quantile(x, c(0.1, 0.25, 0.5, 0.9), type = 7)
  EXPECT_NEAR(quantile(kX, 0.10), 2.12, 1e-12);
  EXPECT_NEAR(quantile(kX, 0.25), 2.85, 1e-12);
  EXPECT_NEAR(quantile(kX, 0.50), 5.3, 1e-12);
  EXPECT_NEAR(quantile(kX, 0.90), 12.18, 1e-12);
  EXPECT_EQ(quantile({4.0}, 0.3), 4.0);
}

TEST(Descriptive, WeightedCvUsesFrequencyWeights) {
  // v <- c(10,20,30,40,50); w <- c(100,300,200,200,100); m <- sum(w*v)/sum(w)
  // sqrt(sum(w*(v-m)^2)/(sum(w)-1))/m
  std::vector<Weighted> x = {{10, 100}, {20, 300}, {30, 200}, {40, 200}, {50, 100}};
  EXPECT_NEAR(weighted_mean(x), 26000.0 / 900, 1e-12); // sum(w*v)/sum(w)
  EXPECT_NEAR(weighted_cv(x), 0.414473773907942, 1e-12);
}

TEST(Descriptive, MomentsCombineToThePooledCv) {
  // The same five values split 2 + 3: combining the parts' moments gives the
  // pooled sample's weighted mean and CV (above).
  std::vector<Weighted> x = {{10, 100}, {20, 300}, {30, 200}, {40, 200}, {50, 100}};
  Moments m = Moments::of(std::span(x).first(2));
  m.add(Moments::of(std::span(x).subspan(2)));
  m.add(Moments{}); // an empty part changes nothing
  EXPECT_DOUBLE_EQ(m.weight, 900);
  EXPECT_NEAR(m.mean, 26000.0 / 900, 1e-12);
  EXPECT_NEAR(m.cv(), 0.414473773907942, 1e-12);
}

TEST(Rng, DeterministicAndUnbiasedBounds) {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(a.next(), b.next());
  EXPECT_NE(Rng(42).next(), c.next());
  Rng r(7);
  std::vector<int> counts(6, 0);
  for (int i = 0; i < 60000; ++i)
    ++counts[r.below(6)];
  for (int n : counts)
    EXPECT_NEAR(n, 10000, 500); // 5 sd of a binomial(60000, 1/6) is ~456
}

// forks x iterations x samples, with fork-level and iteration-level effects.
std::vector<ForkSamples> hierarchical(std::mt19937_64 &g, double mu, int forks, int iterations, int samples) {
  std::normal_distribution<double> fork_effect(0, 0.5), it_effect(0, 0.3), noise(0, 1);
  std::vector<ForkSamples> data(forks);
  for (ForkSamples &f : data) {
    double fm = mu + fork_effect(g);
    f.resize(iterations);
    for (IterationSamples &it : f) {
      double im = fm + it_effect(g);
      for (int s = 0; s < samples; ++s)
        it.push_back({im + noise(g), 1});
    }
  }
  return data;
}

TEST(Bootstrap, DegenerateDataGivesAPointInterval) {
  std::vector<ForkSamples> data = {{{{5, 10}, {5, 3}}, {{5, 1}}}, {{{5, 7}}}};
  Interval ci = bootstrap_mean(data, 0.99, 200, 1);
  EXPECT_DOUBLE_EQ(ci.estimate, 5);
  EXPECT_DOUBLE_EQ(ci.low, 5);
  EXPECT_DOUBLE_EQ(ci.high, 5);
  EXPECT_DOUBLE_EQ(ci.relative_width(), 0);
}

TEST(Bootstrap, CltDrawsStayWithinTheSamples) {
  // Few skewed samples (a sub-ns payload whose batches are mostly 0 after the
  // empty loop is subtracted): a resampled mean is never below the smallest
  // sample, so neither is the interval, although the normal tail would be.
  std::vector<ForkSamples> data = {{{{0, 1}, {0, 1}, {3, 1}}, {{0, 1}, {0, 1}, {3, 1}}}};
  Interval ci = bootstrap_mean_clt(data, 0.99, 2000, 4);
  EXPECT_DOUBLE_EQ(ci.estimate, 1);
  EXPECT_GE(ci.low, 0);
  EXPECT_LE(ci.high, 3);
  EXPECT_GT(ci.high - ci.low, 1); // still the wide interval three samples give
}

TEST(Bootstrap, SameSeedSameInterval) {
  std::mt19937_64 g(3);
  auto data = hierarchical(g, 10, 5, 5, 20);
  Interval a = bootstrap_mean(data, 0.99, 1000, 99), b = bootstrap_mean(data, 0.99, 1000, 99);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
}

TEST(Bootstrap, CoverageOfTheTrueMeanNearNominal) {
  // 99 % intervals over 200 independent data sets: the true mean should be
  // inside about 198 times. With 10 forks the percentile bootstrap is a little
  // narrow; more than 8 misses (4 %) would mean a broken resampler.
  std::mt19937_64 g(2026);
  int misses = 0;
  for (int trial = 0; trial < 200; ++trial) {
    auto data = hierarchical(g, 10, 10, 5, 10);
    Interval ci = bootstrap_mean(data, 0.99, 1000, 1000 + trial);
    misses += !(ci.low <= 10 && 10 <= ci.high);
  }
  EXPECT_LE(misses, 8);
}

TEST(Bootstrap, RatioFindsAKnownChangeAndAcceptsAA) {
  std::mt19937_64 g(11);
  auto a = hierarchical(g, 10, 10, 5, 10);
  auto same = hierarchical(g, 10, 10, 5, 10);
  auto slower = hierarchical(g, 11, 10, 5, 10); // +10 %
  Interval aa = bootstrap_ratio(a, same, 0.99, 1000, 5);
  EXPECT_LE(aa.low, 1.0);
  EXPECT_GE(aa.high, 1.0);
  Interval ab = bootstrap_ratio(a, slower, 0.99, 1000, 5);
  EXPECT_GT(ab.low, 1.0);
  EXPECT_NEAR(ab.estimate, 1.1, 0.05);
}

TEST(Bootstrap, InnermostLevelByCltMatchesFullResampling) {
  // Iterations of 1000 samples: drawing the iteration mean from its sampling
  // distribution gives the same interval as resampling every sample.
  std::mt19937_64 g(12);
  auto a = hierarchical(g, 10, 5, 8, 1000), b = hierarchical(g, 10.5, 5, 8, 1000);
  Interval full = bootstrap_mean(a, 0.99, 2000, 1), clt = bootstrap_mean_clt(a, 0.99, 2000, 1);
  EXPECT_NEAR(clt.relative_width(), full.relative_width(), 0.15 * full.relative_width());
  Interval rf = bootstrap_ratio(a, b, 0.99, 2000, 2), rc = bootstrap_ratio_clt(a, b, 0.99, 2000, 2);
  EXPECT_NEAR(rc.low, rf.low, 0.01);
  EXPECT_NEAR(rc.high, rf.high, 0.01);
}

const std::vector<double> kBase = {10.1, 9.8, 10.3, 10.0, 9.9, 10.2, 10.05, 9.95};
const std::vector<double> kNew = {10.4, 10.6, 10.2, 10.5, 10.3, 10.7, 10.45, 10.55, 10.1};

// R 4.2: summary(aov(x ~ g)) and 2 * qt(0.995, n - k) * sqrt(MSW / n).
TEST(Anova, OneWayMatchesR) {
  GroupDifference two = one_way_anova({{1, 2, 3}, {4, 5, 6}}, 0.99);
  EXPECT_NEAR(two.f, 13.5, 1e-12);
  EXPECT_NEAR(two.p_value, 0.021312, 1e-6);
  GroupDifference three = one_way_anova({{152, 153.5}, {180, 178.6, 181.2}, {152.8, 151.9}}, 0.99);
  EXPECT_NEAR(three.f, 522.96077, 1e-4);
  EXPECT_NEAR(three.p_value, 1.4515e-05, 1e-8);
  EXPECT_NEAR(three.within_width, 3.858607702, 1e-8);
}

TEST(Anova, NothingToCompareWithoutTwoGroupsOrAPair) {
  EXPECT_TRUE(std::isnan(one_way_anova({{1, 2, 3}}, 0.99).p_value));
  EXPECT_TRUE(std::isnan(one_way_anova({{1}, {2}, {}}, 0.99).p_value));
  EXPECT_EQ(one_way_anova({{1, 1}, {2}}, 0.99).p_value, 0); // no spread within: the difference is all there is
  EXPECT_EQ(one_way_anova({{1, 1}, {1}}, 0.99).p_value, 1);
}

// R 4.2: confint(lm(x ~ g - 1), level = 0.99): each group's mean with the
// within-group variance pooled (a group of one gets an interval from the others).
TEST(Anova, GroupIntervalsMatchR) {
  std::vector<Interval> three = group_intervals({{152, 153.5}, {180, 178.6, 181.2}, {}, {152.8, 151.9}}, 0.99);
  ASSERT_EQ(three.size(), 3u); // the empty group has none
  const double r[3][2] = {{149.140603, 156.3593970}, {176.986273, 182.8803936}, {148.740603, 155.9593970}};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(three[i].low, r[i][0], 1e-5) << i;
    EXPECT_NEAR(three[i].high, r[i][1], 1e-5) << i;
  }
  EXPECT_NEAR(three[1].estimate, 179.9333333, 1e-6);
  std::vector<Interval> single = group_intervals({{100}, {101, 102}}, 0.99);
  ASSERT_EQ(single.size(), 2u);
  EXPECT_NEAR(single[0].low, 54.98788666, 1e-6);
  EXPECT_NEAR(single[0].high, 145.0121133, 1e-6);
  EXPECT_NEAR(single[1].low, 69.67162942, 1e-6);
  EXPECT_TRUE(group_intervals({{1}, {2}}, 0.99).empty()); // no group of two: no spread to pool
}

// R 4.2: Brown-Forsythe's p, anova(lm(abs(y - ave(y, g, FUN = median)) ~ g)),
// and t.test(x, conf.level = 0.99) per group when the spreads differ;
// confint(lm(y ~ g - 1), level = 0.99) (pooled) when they do not.
TEST(Anova, SpreadAwareGroupIntervalsMatchR) {
  const std::vector<std::vector<double>> apart = {{100.1, 99.8, 100.3, 99.9, 100.0, 100.2, 99.7, 100.1},
                                                  {112, 104, 131, 99, 120, 108, 141, 102},
                                                  {100.4, 99.6, 100.0, 100.2, 99.9, 100.1}};
  EXPECT_NEAR(equal_spread_p(apart), 0.002067592722, 1e-9);
  std::vector<Interval> own = spread_aware_group_intervals(apart, 0.99);
  const double r[3][2] = {{99.76121249, 100.26378751}, {96.15551396, 133.09448604}, {99.58352895, 100.48313771}};
  ASSERT_EQ(own.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(own[i].low, r[i][0], 1e-6) << i;
    EXPECT_NEAR(own[i].high, r[i][1], 1e-6) << i;
  }
  const std::vector<std::vector<double>> alike = {{100.1, 99.8, 100.3, 100.0, 99.9},
                                                  {110.2, 109.9, 110.1, 110.4, 110.0, 109.8}};
  EXPECT_NEAR(equal_spread_p(alike), 0.7121439841, 1e-9);
  std::vector<Interval> pooled = spread_aware_group_intervals(alike, 0.99);
  ASSERT_EQ(pooled.size(), 2u);
  EXPECT_NEAR(pooled[0].low, 99.72083725, 1e-7);
  EXPECT_NEAR(pooled[1].high, 110.3397636, 1e-7);
  // Groups of fewer than five are not compared: two values are always the same
  // distance from their median.
  EXPECT_EQ(equal_spread_p({{1, 2}, {3, 9}, {4, 4.1, 4, 4.2, 4}}), 1);
}

TEST(Compare, WelchMatchesR) {
  // t.test(b, a, var.equal = FALSE)
  TestResult t = welch_t_test(kBase, kNew);
  EXPECT_NEAR(t.statistic, 4.45558794177, 1e-9);
  EXPECT_NEAR(t.df, 14.9575950856, 1e-8);
  EXPECT_NEAR(t.p_value, 0.000465571970776, 1e-10);
}

TEST(Compare, PairedT) {
  // Differences 1, 2, 3, 4, 6: t = 3.2 / (sqrt(3.7) / sqrt(5)), df 4; p from
  // the closed-form t CDF for 4 degrees of freedom, with u = 1 + t^2/4,
  // F(t) = 1/2 + 3/8 t/sqrt(u) (1 - t^2/(12 u)) (agrees with a numeric
  // integral of the density to 1e-12): p = 2 (1 - F(t)) = 0.0204758744.
  std::vector<double> a = {10, 10, 10, 10, 10}, b = {11, 12, 13, 14, 16};
  TestResult t = paired_t_test(a, b);
  EXPECT_NEAR(t.statistic, 3.2 / std::sqrt(3.7 / 5), 1e-12);
  EXPECT_DOUBLE_EQ(t.df, 4);
  EXPECT_NEAR(t.p_value, 0.0204758744, 1e-9);
}

TEST(Compare, MannWhitneyWithTiesMatchesR) {
  // wilcox.test(y, x, exact = FALSE, correct = FALSE): W and p with ties.
  std::vector<double> x = {1, 2, 2, 3, 3, 3, 4, 5}, y = {3, 3, 4, 4, 5, 6, 6, 7, 7};
  TestResult u = mann_whitney_u(x, y);
  EXPECT_DOUBLE_EQ(u.statistic, 61.5);
  EXPECT_NEAR(u.p_value, 0.0125265749981, 1e-10);
  TestResult u2 = mann_whitney_u(kBase, kNew);
  EXPECT_DOUBLE_EQ(u2.statistic, 67.5);
  EXPECT_NEAR(u2.p_value, 0.00239202276431, 1e-10);
}

TEST(Compare, EffectSizes) {
  EXPECT_NEAR(cohens_d(kBase, kNew), 2.14108139013, 1e-9); // pooled-sd d, by R
  std::vector<double> x = {1, 2, 2, 3, 3, 3, 4, 5}, y = {3, 3, 4, 4, 5, 6, 6, 7, 7};
  EXPECT_NEAR(cliffs_delta(x, y), 0.708333333333, 1e-12); // sum(sign(y_i - x_j)) / (n m)
}

TEST(Compare, PowerRelation) {
  // n = 2 ((z_0.995 + z_0.8) / gamma)^2 with qnorm(0.995) = 2.57582930355,
  // qnorm(0.8) = 0.841621233573; gamma = 1: 23.3706...
  double z = 2.57582930355 + 0.841621233573;
  EXPECT_NEAR(samples_needed(1.0, 0.01, 0.8), 2 * z * z, 1e-8);
  EXPECT_NEAR(samples_needed(0.5, 0.01, 0.8), 8 * z * z, 1e-7);
}

TEST(BetweenGroupShare, MatchesHandComputation) {
  // Grand mean 3.5; MSB = 3 (1.5^2 + 1.5^2) / 1 = 13.5; MSW = (2 + 2) / 4 = 1;
  // n0 = (6 - 18 / 6) / 1 = 3; s_b = (13.5 - 1) / 3; share = s_b / (s_b + 1) = 12.5 / 15.5.
  EXPECT_NEAR(between_group_share({{1, 2, 3}, {4, 5, 6}}), 12.5 / 15.5, 1e-12);
  // Unbalanced: groups {1, 3} and {10, 11, 12}: N = 5, grand mean 37 / 5; MSB =
  // 2 (2 - 7.4)^2 + 3 (11 - 7.4)^2 = 97.2; MSW = (2 + 2) / 3; n0 = (5 - 13 / 5) / 1 = 2.4.
  const double msw = 4.0 / 3, sb = (97.2 - msw) / 2.4;
  EXPECT_NEAR(between_group_share({{1, 3}, {10, 11, 12}}), sb / (sb + msw), 1e-12);
  EXPECT_DOUBLE_EQ(between_group_share({{1, 2, 3}, {3, 2, 1}}), 0); // the groups do not differ
  EXPECT_TRUE(std::isnan(between_group_share({{1}, {2}})));         // nothing within a group to compare with
  EXPECT_TRUE(std::isnan(between_group_share({{1, 2, 3}})));
}

} // namespace
} // namespace steady::stats
