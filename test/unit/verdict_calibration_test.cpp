// Does the comparison's verdict keep its stated false-positive rate? A/A
// pairs simulated with a fork-level effect (the noise that iterations of one
// fork share), fixed seeds: how often `compare` says slower or faster, which
// must not exceed the binomial band of alpha (at 2 forks a side Welch's
// interval is conservative, 0.1 % for a stated 1 %, so only the upper side
// is asserted), and how often it finds a real shift. DISABLED_Table prints the before/after table of issue 14:
//   build/test/unit/verdict_calibration_test --gtest_also_run_disabled_tests --gtest_filter='*Table*'
#include <cmath>
#include <cstdio>

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/random/normal_distribution.hpp>
#include <gtest/gtest.h>

#include "steady/comparison.h"
#include "steady/stats.h"

namespace steady {
namespace {

// The setting: 1 % fork-to-fork sd, 0.5 % iteration sd, 10
// iterations of 20 batch samples (1 % sd each) per fork, around 100 ns.
struct Simulator {
  stats::Rng rng;
  boost::random::normal_distribution<double> normal;
  explicit Simulator(std::uint64_t seed) : rng(seed) {}

  stats::Series series(int forks, double mean) {
    stats::Series s;
    for (int f = 0; f < forks; ++f) {
      const double fm = mean * (1 + 0.01 * normal(rng));
      stats::ForkSamples fork;
      std::vector<double> means;
      for (int i = 0; i < 10; ++i) {
        const double im = fm * (1 + 0.005 * normal(rng));
        stats::IterationSamples it;
        for (int k = 0; k < 20; ++k)
          it.push_back({im * (1 + 0.01 * normal(rng)), 1000});
        means.push_back(stats::weighted_mean(it));
        fork.push_back(std::move(it));
      }
      s.iteration_means.insert(s.iteration_means.end(), means.begin(), means.end());
      s.forks.push_back(std::move(fork));
      s.fork_means.push_back(std::move(means));
      s.fork_rounds.push_back(-1);
      s.iterations_per_fork = 10;
    }
    return s;
  }
};

// The verdict without the power numbers of undecided pairs (the noncentral
// t: about 10 ms each, most of this file's time); the interval and the
// verdict are the same (ThePowerNoteKeepsItsWord and
// DetectsXPercentIsFoundAtItsStatedPower check the power numbers).
const stats::ComparisonOptions kVerdictOnly{.power = false};

// How many of `pairs` pairs at `forks` forks a side, NEW shifted by `shift`,
// were called slower or faster; `bootstrap`: by the interval compare used
// before issue 14 (percentile hierarchical bootstrap, `resamples` resamples).
int different(int forks, double shift, int pairs, std::uint64_t seed, bool bootstrap = false, int resamples = 2000) {
  Simulator sim(seed);
  int found = 0;
  for (int p = 0; p < pairs; ++p) {
    stats::Series a = sim.series(forks, 100), b = sim.series(forks, 100 * (1 + shift));
    stats::Interval r = bootstrap ? stats::bootstrap_ratio_clt(a.forks, b.forks, 0.99, resamples, 1 + std::uint64_t(p))
                                  : stats::compare(a, b, kVerdictOnly).ratio;
    found += r.low > 1 || r.high < 1;
  }
  return found;
}

// The largest count of false positives in n pairs that is still consistent
// with rate alpha (one-sided, 0.1 %: a check that must not flake).
int upper_band(int n, double alpha) {
  return int(boost::math::quantile(boost::math::complement(boost::math::binomial(n, alpha), 0.001)));
}

TEST(VerdictCalibration, AAFalsePositivesWithinTheBinomialBandOfAlpha) {
  const int pairs = 1000;
  for (int forks : {2, 5, 10}) {
    const int k = different(forks, 0, pairs, 100 + std::uint64_t(forks));
    EXPECT_LE(k, upper_band(pairs, 0.01)) << forks << " forks";
  }
}

TEST(VerdictCalibration, AFivePercentShiftIsFoundAtFiveForks) { EXPECT_GE(different(5, 0.05, 200, 7), 190); }

TEST(VerdictCalibration, TheSlowerVerdictNamesTheSlowerVersion) {
  Simulator sim(3);
  stats::Comparison c = stats::compare(sim.series(5, 100), sim.series(5, 110), {});
  EXPECT_EQ(c.verdict, stats::Verdict::slower);
  c = stats::compare(sim.series(5, 110), sim.series(5, 100), {});
  EXPECT_EQ(c.verdict, stats::Verdict::faster);
}

// steady ab looks at 2, 4, 8, 16 forks a side, each at alpha / 4, and stops
// at the first verdict: over the whole sequence, slower or faster in at most
// alpha of A/A runs.
TEST(VerdictCalibration, SequentialLooksKeepTheOverallRate) {
  Simulator sim(11);
  const std::vector<int> looks = stats::look_schedule(2, 16);
  ASSERT_EQ(looks, (std::vector<int>{2, 4, 8, 16}));
  const stats::ComparisonOptions per_look{.alpha = 0.01 / double(looks.size()), .power = false};
  const int runs = 1000;
  int wrong = 0;
  for (int r = 0; r < runs; ++r) {
    stats::Series a = sim.series(16, 100), b = sim.series(16, 100);
    std::vector<std::size_t> first;
    for (int n : looks) {
      while (int(first.size()) < n)
        first.push_back(first.size());
      stats::Comparison c = stats::compare(stats::pick(a, first, 10), stats::pick(b, first, 10), per_look);
      if (c.decided()) {
        wrong += c.verdict == stats::Verdict::slower || c.verdict == stats::Verdict::faster;
        break;
      }
    }
  }
  EXPECT_LE(wrong, upper_band(runs, 0.01));
}

// The power note keeps its word: at 5 forks a side of A/A data, the median
// "detects X % now" is found in about 80 % of pairs, and at the median "N
// more forks" the verdict is `same` in about 80 % (the issue's simulation of
// the old note: 3.5 % after the 1 more fork it promised).
TEST(VerdictCalibration, ThePowerNoteKeepsItsWord) {
  Simulator sim(21);
  std::vector<double> detectable, more;
  for (int p = 0; p < 201; ++p) {
    stats::Comparison c = stats::compare(sim.series(5, 100), sim.series(5, 100), {});
    if (c.power) {
      detectable.push_back(c.power->detectable);
      more.push_back(c.power->more_forks);
    }
  }
  ASSERT_GT(detectable.size(), 150u);
  const double d = stats::quantile(detectable, 0.5);
  const int n = 5 + int(stats::quantile(more, 0.5));
  EXPECT_GT(n, 20); // 1 % fork noise: tens of forks decide +-1 %
  int found = 0, same = 0;
  for (int p = 0; p < 200; ++p) {
    found += stats::compare(sim.series(5, 100), sim.series(5, 100 * (1 + d)), kVerdictOnly).verdict ==
             stats::Verdict::slower;
    same += stats::compare(sim.series(n, 100), sim.series(n, 100), kVerdictOnly).verdict == stats::Verdict::same;
  }
  EXPECT_NEAR(found / 200.0, 0.8, 0.15);
  EXPECT_NEAR(same / 200.0, 0.8, 0.15);
}

// "detects X % now" at 5 and 8 forks a side (the issue measured 72 % found
// for a stated 80 % at 5): each A/A pair's X is the shift to simulate, with
// the same fork noise; over 300 pairs the share found must not be below the
// binomial band of 80 % (0.1 % lower point: a check that must not flake). At 2 forks a
// side it finds 72-75 % (60 % before): Welch's degrees of freedom, estimated
// from two forks, are themselves too uncertain there (not asserted).
TEST(VerdictCalibration, DetectsXPercentIsFoundAtItsStatedPower) {
  const int pairs = 300;
  for (int forks : {5, 8}) {
    Simulator sim(700 + std::uint64_t(forks));
    int found = 0, stated = 0;
    for (int p = 0; p < pairs; ++p) {
      const stats::Comparison aa = stats::compare(sim.series(forks, 100), sim.series(forks, 100), {});
      if (!aa.power)
        continue;
      ++stated;
      const double x = aa.power->detectable;
      found += stats::compare(sim.series(forks, 100), sim.series(forks, 100 * (1 + x)), kVerdictOnly).verdict ==
               stats::Verdict::slower;
    }
    ASSERT_GT(stated, pairs * 3 / 4) << forks;
    // The band of the pairs that stated an X, not of all pairs scaled down.
    const int low = int(boost::math::quantile(boost::math::binomial(stated, 0.8), 0.001));
    EXPECT_GE(found, low) << forks << " forks a side";
  }
}

// Welch's interval on fork means, checked against its closed form computed
// by hand (Python: statistics.mean/variance, t quantiles from tables).
TEST(VerdictCalibration, LogRatioIntervalClosedForm) {
  const std::vector<double> a = {100, 102, 98, 101}, b = {110, 108, 113};
  // mean a = 100.25, var a = 2.916666..., mean b = 110.333..., var b = 6.333...
  const double va = (35.0 / 12) / (4 * 100.25 * 100.25), vb = (19.0 / 3) / (3 * (331.0 / 3) * (331.0 / 3));
  const double df = (va + vb) * (va + vb) / (va * va / 3 + vb * vb / 2);
  const double t = boost::math::quantile(boost::math::students_t(df), 0.995);
  stats::RatioInterval r = stats::log_ratio_interval(a, b, 0.01);
  EXPECT_NEAR(r.ratio.estimate, (331.0 / 3) / 100.25, 1e-12);
  EXPECT_NEAR(r.df, df, 1e-9);
  EXPECT_NEAR(r.se, std::sqrt(va + vb), 1e-12);
  EXPECT_NEAR(r.ratio.low, r.ratio.estimate * std::exp(-t * r.se), 1e-12);
  EXPECT_NEAR(r.ratio.high, r.ratio.estimate * std::exp(t * r.se), 1e-12);
  // Equal spreads and sizes: Welch's df is 2(n - 1) = 2, t_{0.995, 2} = 0.99 / sqrt(2 0.995 0.005).
  r = stats::log_ratio_interval(std::vector<double>{99, 101}, std::vector<double>{99, 101}, 0.01);
  EXPECT_NEAR(r.df, 2, 1e-12);
  EXPECT_NEAR(std::log(r.ratio.high), 9.924843200918 * std::sqrt(2 * 2.0 / (2 * 100 * 100)), 1e-9);
}

// Clopper-Pearson 95 % interval of k in n, in percent.
std::pair<double, double> exact_interval(int k, int n) {
  double lo = k == 0 ? 0 : boost::math::quantile(boost::math::beta_distribution<>(k, n - k + 1), 0.025);
  double hi = k == n ? 1 : boost::math::quantile(boost::math::beta_distribution<>(k + 1, n - k), 0.975);
  return {100 * lo, 100 * hi};
}

TEST(VerdictCalibration, DISABLED_Table) {
  const int pairs = 1000;
  std::printf("forks  A/A slower-or-faster %% [95 %% CI], 1000 pairs: before (bootstrap)  after (t)   "
              "| found at 1 %%: before after | at 5 %%: before after\n");
  for (int forks : {2, 5, 10, 20}) {
    int before = different(forks, 0, pairs, 100 + std::uint64_t(forks), true);
    int after = different(forks, 0, pairs, 100 + std::uint64_t(forks));
    int b1 = different(forks, 0.01, pairs, 200 + std::uint64_t(forks), true);
    int a1 = different(forks, 0.01, pairs, 200 + std::uint64_t(forks));
    int b5 = different(forks, 0.05, pairs, 300 + std::uint64_t(forks), true);
    int a5 = different(forks, 0.05, pairs, 300 + std::uint64_t(forks));
    auto [bl, bh] = exact_interval(before, pairs);
    auto [al, ah] = exact_interval(after, pairs);
    std::printf("%5d  %5.1f [%4.1f, %4.1f]  %5.1f [%4.1f, %4.1f]  | %5.1f %5.1f | %5.1f %5.1f\n", forks,
                100.0 * before / pairs, bl, bh, 100.0 * after / pairs, al, ah, 100.0 * b1 / pairs, 100.0 * a1 / pairs,
                100.0 * b5 / pairs, 100.0 * a5 / pairs);
  }
}

} // namespace
} // namespace steady
