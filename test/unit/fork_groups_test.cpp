// Fork groups (stats/src/fork_groups.cpp) on synthetic fork means whose
// answer is known: groups made on purpose are found, one normal scatter is
// not split, and the statistic's percentage points agree with a simulation
// written apart from this code (Python's random.gauss, 20000 draws).
#include <cmath>

#include <gtest/gtest.h>

#include "steady/fork_groups.h"
#include "synthetic_series.h"

namespace steady::stats {
namespace {

using Groups = std::vector<std::vector<std::size_t>>;

std::vector<ForkMean> forks_of(const std::vector<double> &means, double relative_se = 0.002) {
  std::vector<ForkMean> f;
  for (double m : means)
    f.push_back({m, m * relative_se});
  return f;
}

TEST(ClustersStatistic, BestSplitByHand) {
  // {0, 1 | 10, 11}: between 2 (5.5 - 0.5)^2 + 2 (10.5 - 5.5)^2 = 100, within 4 x 0.25 = 1.
  const std::vector<double> x = {0, 1, 10, 11};
  std::vector<std::size_t> cuts;
  EXPECT_DOUBLE_EQ(clusters_statistic(x, 2, cuts), 100);
  EXPECT_EQ(cuts, std::vector<std::size_t>{2});
  // One value far off: the split isolates it.
  const std::vector<double> y = {0, 0.1, 0.2, 5};
  clusters_statistic(y, 2, cuts);
  EXPECT_EQ(cuts, std::vector<std::size_t>{3});
  // Two tight groups: no spread within, an infinite ratio.
  const std::vector<double> z = {1, 1, 2, 2, 2};
  EXPECT_TRUE(std::isinf(clusters_statistic(z, 2, cuts)));
  EXPECT_EQ(cuts, std::vector<std::size_t>{2});
  // {0, 1 | 10, 11 | 20, 21}: group means 0.5, 10.5, 20.5 about 10.5: between
  // 2 (10^2 + 0 + 10^2) = 400, within 3 x 0.5 = 1.5.
  const std::vector<double> w = {0, 1, 10, 11, 20, 21};
  EXPECT_NEAR(clusters_statistic(w, 3, cuts), 400 / 1.5, 1e-9);
  EXPECT_EQ(cuts, (std::vector<std::size_t>{2, 4}));
}

TEST(ClustersCritical, AgreesWithAnIndependentSimulation) {
  // Upper 1 % points simulated in Python: random.seed(1); per n, 20000 samples
  // x of random.gauss(0, 1); T(x) = max over k of B/W of sorted(x)[:k],
  // sorted(x)[k:]; t = sorted(T); t[int(0.99 * 20000)]: 72.6, 34.1, 9.79, 4.90, 3.84.
  EXPECT_NEAR(clusters_critical(5, 2, 0.01), 72.6, 0.15 * 72.6);
  EXPECT_NEAR(clusters_critical(6, 2, 0.01), 34.1, 0.1 * 34.1);
  EXPECT_NEAR(clusters_critical(10, 2, 0.01), 9.79, 0.06 * 9.79);
  EXPECT_NEAR(clusters_critical(20, 2, 0.01), 4.90, 0.05 * 4.90);
  EXPECT_NEAR(clusters_critical(30, 2, 0.01), 3.84, 0.05 * 3.84);
  // The 5 % point (Python: 6.35 at n = 10) is below the 1 % point.
  EXPECT_NEAR(clusters_critical(10, 2, 0.05), 6.35, 0.05 * 6.35);
}

// The table the common case reads (scripts/clusters-critical-table) holds
// the simulation's own values, to the last bit; beyond it, the simulation.
TEST(ClustersCritical, TableHoldsTheSimulatedValues) {
  for (std::size_t n : {std::size_t(3), std::size_t(4), std::size_t(9), std::size_t(30), kTabulatedClustersN})
    EXPECT_EQ(clusters_critical(n, 2, 0.01), clusters_critical_simulated(n, 2, 0.01)) << n;
  for (std::size_t n : {4, 9, 30})
    EXPECT_EQ(clusters_critical(n, 3, 0.01), clusters_critical_simulated(n, 3, 0.01)) << n;
  EXPECT_EQ(clusters_critical(kTabulatedClustersN + 1, 2, 0.01),
            clusters_critical_simulated(kTabulatedClustersN + 1, 2, 0.01));
}

TEST(ForkGroups, ThreeNearOneValueTwoNearAnother) {
  // The wording: "3 near 230 ns, 2 near 830 ns"; forks in run order.
  const Groups g = fork_groups(forks_of({829, 231, 228, 233, 833, 230, 227, 832, 234, 826}));
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0], (std::vector<std::size_t>{6, 2, 5, 1, 3, 8}));
  EXPECT_EQ(g[1], (std::vector<std::size_t>{9, 0, 7, 4}));
}

TEST(ForkGroups, OneFarFork) {
  const Groups g = fork_groups(forks_of({100.2, 99.7, 100.4, 130, 99.9, 100.1, 100.3, 99.8}));
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].size(), 7u);
  EXPECT_EQ(g[1], (std::vector<std::size_t>{3}));
}

TEST(ForkGroups, ThreeGroupsAreTwoSplits) {
  const Groups g = fork_groups(forks_of({100, 150.5, 301, 99.5, 149, 299, 100.4, 151, 302, 100.2, 150, 300.5}));
  ASSERT_EQ(g.size(), 3u);
  for (const std::vector<std::size_t> &group : g)
    EXPECT_EQ(group.size(), 4u);
  EXPECT_EQ(g[2].back(), 8u);
}

TEST(ForkGroups, ExactCountsInTwoValues) {
  // --instrument=valgrind with twice the work in some processes: no spread
  // within the groups, no standard error.
  const Groups g = fork_groups(forks_of({1000, 2000, 1000, 2000, 2000}, 0));
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0], (std::vector<std::size_t>{0, 2}));
}

TEST(ForkGroups, OneNormalScatterIsOneGroup) {
  test::Rng rng(7);
  std::vector<double> means;
  test::append_normal(means, rng, 20, 100, 3);
  EXPECT_EQ(fork_groups(forks_of(means)).size(), 1u);
}

TEST(ForkGroups, NormalScattersAreRarelySplit) {
  // Fork means of one normal population, 5 to 30 forks, fork-to-fork spread
  // 1 % to 10 %: a split is a false flag; the test's level is 1 % per split.
  test::Rng rng(11);
  int flagged = 0, runs = 0;
  for (std::size_t n : {5, 8, 12, 20, 30})
    for (double sd : {1.0, 3.0, 10.0})
      for (int r = 0; r < 100; ++r, ++runs) {
        std::vector<double> means;
        test::append_normal(means, rng, n, 100, sd);
        flagged += fork_groups(forks_of(means, 0.001)).size() > 1;
      }
  EXPECT_LE(flagged, runs / 50) << flagged << " of " << runs;
}

TEST(ForkGroups, ASmallSeparationIsNotADisagreement) {
  // Two clean groups 2 % apart: below the 5 % that matters.
  EXPECT_EQ(fork_groups(forks_of({100, 102, 100.1, 102.1, 100.05, 102.05}, 0.0001)).size(), 1u);
  GroupRule strict;
  strict.min_separation = 0.01;
  EXPECT_EQ(fork_groups(forks_of({100, 102, 100.1, 102.1, 100.05, 102.05}, 0.0001), strict).size(), 2u);
}

TEST(ForkGroups, NoiseWithinForksMakesNoGroups) {
  // The gap (10 %) is within the forks' own standard errors (5 % each).
  EXPECT_EQ(fork_groups(forks_of({100, 110, 100.1, 110.1, 100.2, 110.2}, 0.05)).size(), 1u);
}

TEST(ForkGroups, TooFewOrInvalidForksAreOneGroup) {
  EXPECT_EQ(fork_groups(forks_of({100, 300})).size(), 1u);
  EXPECT_EQ(fork_groups(forks_of({})).size(), 1u);
  EXPECT_EQ(fork_groups(forks_of({100, 100.1, 0, 300, 300.2})).size(), 1u);
  EXPECT_EQ(fork_groups(forks_of({100, 100.1, NAN, 300, 300.2})).size(), 1u);
}

} // namespace
} // namespace steady::stats
