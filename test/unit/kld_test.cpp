// The KLD stability criterion against values computed by
// test/unit/reference/kld_reference.py, a plain Python transcription of Laaber
// et al.'s reference implementation (every density a sum of exp terms).
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "steady/stats.h"

namespace steady::stats {
namespace {

// n values base + width ((i mult) mod m) / m, the same doubles as the script's spread().
std::vector<double> spread(int n, double base, double width, long mult = 7919, long mod = 1000) {
  std::vector<double> v;
  for (long i = 0; i < n; ++i)
    v.push_back(base + width * double((i * mult) % mod) / double(mod));
  return v;
}

const std::vector<double> kA = {10.1, 9.8, 10.3, 10.0, 9.9, 10.2, 10.05, 9.95};

TEST(Kld, MatchesTheReferenceImplementation) {
  std::vector<double> b = kA;
  b.insert(b.end(), {10.4, 9.7});
  EXPECT_NEAR(kld_stability(kA, b), 0.8593349031946719, 1e-9);
  EXPECT_NEAR(kld_stability(spread(300, 100, 10), spread(320, 100.5, 10, 104729)), 0.9666721985343469, 1e-9);
  EXPECT_NEAR(kld_stability(spread(200, 50, 4), spread(200, 54, 4, 104729)), 0.01578082985162167, 1e-9);
  std::vector<double> tail = spread(45, 20, 2, 104729);
  tail.insert(tail.end(), {26.0, 27.5, 30.0, 24.0, 23.5});
  EXPECT_NEAR(kld_stability(spread(50, 20, 2), tail), 0.9050501241856465, 1e-9);
}

TEST(Kld, NoGridPointWhereBothDensitiesArePositiveIsZero) {
  const std::vector<double> low = {1.0, 1.1, 1.2, 1.3}, high = {100.0, 100.1, 100.2, 100.3};
  EXPECT_EQ(kld_stability(low, high), 0);
}

TEST(Kld, BandwidthAndDensityMatchTheReference) {
  std::vector<double> s = spread(300, 100, 10);
  std::sort(s.begin(), s.end());
  const double h = kld_bandwidth(s);
  EXPECT_NEAR(h, 0.9848593311661793, 1e-12);
  // Densities at 99, 100, 105, 112: a grid from 99 in steps of 1, points 0, 1, 6, 13.
  std::vector<double> d = kld_density(s, h, 99, 1, 14);
  EXPECT_NEAR(d[0], 0.016312794028061302, 1e-13);
  EXPECT_NEAR(d[1], 0.05113879823072384, 1e-13);
  EXPECT_NEAR(d[6], 0.09879005284200204, 1e-13);
  EXPECT_NEAR(d[13], 0.002048412077754186, 1e-13);
}

TEST(Kld, LargeSamplesKeepTheExactDensity) {
  // 20000 values: the recurrence over a run of grid points against exp() per point.
  std::mt19937_64 g(3);
  std::normal_distribution<double> n(1000, 7);
  std::vector<double> s(20000);
  for (double &v : s)
    v = n(g);
  std::sort(s.begin(), s.end());
  const double h = kld_bandwidth(s), first = 970, step = 0.06;
  std::vector<double> d = kld_density(s, h, first, step, 1000);
  for (std::size_t j : {0, 250, 499, 500, 777, 999}) {
    const double y = first + double(j) * step;
    double direct = 0;
    for (double x : s)
      if (y - 5 * h <= x && x < y + 5 * h)
        direct += std::exp(-0.5 * ((y - x) / h) * ((y - x) / h));
    direct /= double(s.size()) * h * std::sqrt(2 * M_PI);
    EXPECT_NEAR(d[j], direct, 1e-12 * direct) << j;
  }
}

TEST(Kld, SortedInputsGiveTheSameValue) {
  std::mt19937_64 g(10);
  std::normal_distribution<double> n(20, 2);
  std::vector<double> a(2000), b(3000);
  for (double &v : a)
    v = n(g);
  for (double &v : b)
    v = n(g) + 0.25;
  const double unsorted = kld_stability(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(kld_stability_sorted(a, b), unsorted);
}

TEST(Kld, DeterministicSamplesAreStableOnlyAgainstTheSameValue) {
  // The reference divides by a zero bandwidth here; see kld_stability.
  std::vector<double> a(40, 912004), b(25, 912004), c(40, 915004);
  EXPECT_EQ(kld_stability(a, b), 1);
  EXPECT_EQ(kld_stability(a, c), 0);
  EXPECT_EQ(kld_stability(a, spread(40, 912000, 8)), 0);
}

} // namespace
} // namespace steady::stats
