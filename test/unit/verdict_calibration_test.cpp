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
#include <boost/random/uniform_real_distribution.hpp>
#include <gtest/gtest.h>

#include "simulated_comparison.h"
#include "steady/comparison.h"
#include "steady/fork_groups.h"
#include "steady/stats.h"

namespace steady {
namespace {

using test::flag_groups;
using test::upper_band;

// The setting: 1 % fork-to-fork sd, 0.5 % iteration sd, 10
// iterations of 20 batch samples (1 % sd each) per fork, around 100 ns.
struct Simulator {
  stats::Rng rng;
  boost::random::normal_distribution<double> normal;
  explicit Simulator(std::uint64_t seed) : rng(seed) {}

  stats::Series series(int forks, double mean) {
    stats::Series s;
    for (int f = 0; f < forks; ++f)
      add_fork(s, mean * (1 + 0.01 * normal(rng)), -1);
    return s;
  }

  // steady ab on a busy machine: per round a drift of sd `round_sd` that
  // both its forks share (the load moving between rounds), on top of each
  // fork's own noise (sd `fork_sd`); NEW is `shift` slower. Both series carry
  // their rounds, as ab's do.
  std::pair<stats::Series, stats::Series> ab_rounds(int rounds, double shift, double round_sd, double fork_sd) {
    std::pair<stats::Series, stats::Series> ab;
    for (int r = 0; r < rounds; ++r) {
      const double drift = 100 * (1 + round_sd * normal(rng));
      add_iteration_means(ab.first, drift * (1 + fork_sd * normal(rng)), r + 1);
      add_iteration_means(ab.second, drift * (1 + shift) * (1 + fork_sd * normal(rng)), r + 1);
    }
    return ab;
  }

  // As add_fork, 20 times cheaper (test::add_iteration_means).
  void add_iteration_means(stats::Series &s, double fm, int round) {
    test::add_iteration_means(s, fm, round, rng, normal);
  }

  // One fork of mean `fm`: 10 iterations (0.5 % sd) of 20 batch samples (1 % sd).
  void add_fork(stats::Series &s, double fm, int round) {
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
    s.fork_rounds.push_back(round);
    s.iterations_per_fork = 10;
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

// steady ab's paired interval (issue 27): the rounds' log ratios of fork
// means, against R 4.2's t.test(log(b), log(a), paired = TRUE, conf.level =
// 0.99), exponentiated (test/unit/reference/paired_interval.R).
TEST(PairedInterval, MatchesR) {
  const std::vector<double> a = {100, 103, 97, 101, 99.5}, b = {102, 104.5, 99, 101.5, 102};
  const stats::RatioInterval r = stats::paired_log_ratio_interval(a, b, 0.01);
  EXPECT_NEAR(r.ratio.estimate, 1.01702795721203, 1e-12);
  EXPECT_NEAR(r.ratio.low, 1.00118974545648, 1e-12);
  EXPECT_NEAR(r.ratio.high, 1.03311671982745, 1e-12);
  EXPECT_NEAR(r.se, 0.00340904536959935, 1e-14);
  EXPECT_EQ(r.df, 4);
}

// Only rounds with one fork on each side pair: below, round 3's B fork
// failed, round 4 has two A forks, round 9 only a B fork and forks outside ab
// (round -1) never pair; the pairs are R's data above, in another order on
// each side. compare() then gives R's interval over the 5 pairs; without
// pair_rounds Welch's over all fork means.
TEST(PairedInterval, PairsOnlyRoundsWithOneForkOnEachSide) {
  stats::Series a, b;
  auto fork = [](stats::Series &s, int round, double m) {
    s.fork_means.push_back({m});
    s.iteration_means.push_back(m);
    s.fork_rounds.push_back(round);
  };
  for (auto [round, m] : std::vector<std::pair<int, double>>{
           {8, 99.5}, {1, 100}, {3, 150}, {2, 103}, {4, 90}, {5, 97}, {4, 91}, {6, 101}, {-1, 200}})
    fork(a, round, m);
  for (auto [round, m] : std::vector<std::pair<int, double>>{
           {1, 102}, {2, 104.5}, {4, 95}, {5, 99}, {-1, 80}, {6, 101.5}, {9, 70}, {8, 102}})
    fork(b, round, m);
  EXPECT_EQ(stats::round_pairs(a, b).size(), 5u);
  stats::Comparison c = stats::compare(a, b, {.pair_rounds = true});
  EXPECT_EQ(c.pairs, 5);
  EXPECT_EQ(c.ratio_df, 4);
  EXPECT_NEAR(c.ratio.estimate, 1.01702795721203, 1e-12);
  EXPECT_NEAR(c.ratio.low, 1.00118974545648, 1e-12);
  EXPECT_NEAR(c.ratio.high, 1.03311671982745, 1e-12);
  c = stats::compare(a, b, {});
  EXPECT_EQ(c.pairs, 0);
  const stats::RatioInterval welch = stats::log_ratio_interval(stats::fork_means(a), stats::fork_means(b), 0.01);
  EXPECT_EQ(c.ratio.low, welch.ratio.low);
  EXPECT_EQ(c.ratio.high, welch.ratio.high);
}

// The two-sided binomial band of rate alpha in n (99.9 %: a check that must not flake).
std::pair<int, int> band(int n, double alpha) {
  const boost::math::binomial dist(n, alpha);
  return {int(boost::math::quantile(dist, 0.0005)), int(boost::math::quantile(boost::math::complement(dist, 0.0005)))};
}

// Coverage: with a 3 % drift between rounds and 1 % fork noise, the paired
// 99 % interval misses the true ratio (1 for A/A, 1.03 for NEW 3 % slower)
// in as many of 1000 runs as alpha says, at 5 and at 20 rounds. Both sides of
// the band are asserted: the paired t is exact for normal log ratios, where
// Welch's interval over the same forks would be valid but 3 times as wide.
TEST(PairedInterval, CoversTheTrueRatioAtItsLevel) {
  const int runs = 1000;
  const auto [low, high] = band(runs, 0.01);
  for (double shift : {0.0, 0.03})
    for (int rounds : {5, 20}) {
      Simulator sim(900 + std::uint64_t(rounds) + std::uint64_t(100 * shift));
      int missed = 0;
      for (int r = 0; r < runs; ++r) {
        auto [a, b] = sim.ab_rounds(rounds, shift, 0.03, 0.01);
        const stats::Comparison c = stats::compare(a, b, {.power = false, .pair_rounds = true});
        ASSERT_EQ(c.pairs, rounds);
        missed += c.ratio.low > 1 + shift || c.ratio.high < 1 + shift;
      }
      EXPECT_GE(missed, low) << rounds << " rounds, shift " << shift;
      EXPECT_LE(missed, high) << rounds << " rounds, shift " << shift;
    }
}

// steady ab's whole sequence, paired: looks at 5, 10, 20 and 40 forks a side
// (its defaults), each at alpha / 4, stopping at the first verdict, with 1
// fork in 20 failed (its round gives no pair, and a look waits until both
// sides have its number of good forks, as AbTally::take_look; 3 % drift, 0.5 %
// fork noise, so that most runs end "same" before 40): A/A, slower or
// faster in at most alpha of 500 runs overall.
TEST(PairedInterval, SequentialLooksWithFailedForksKeepTheOverallRate) {
  Simulator sim(31);
  boost::random::uniform_real_distribution<double> uniform;
  const std::vector<int> looks = stats::look_schedule(5, 40);
  ASSERT_EQ(looks, (std::vector<int>{5, 10, 20, 40}));
  const stats::ComparisonOptions per_look{.alpha = 0.01 / double(looks.size()), .power = false, .pair_rounds = true};
  const int runs = 500;
  int wrong = 0, unpaired = 0;
  for (int run = 0; run < runs; ++run) {
    auto [a, b] = sim.ab_rounds(50, 0, 0.03, 0.005);
    // Fail 1 fork in 20: drop it.
    std::vector<std::size_t> ka, kb;
    for (std::size_t k = 0; k < 50; ++k) {
      if (uniform(sim.rng) >= 0.05)
        ka.push_back(k);
      if (uniform(sim.rng) >= 0.05)
        kb.push_back(k);
    }
    for (int n : looks) {
      // The first rounds in which both sides have n good forks.
      const std::size_t rounds = std::max(ka[std::size_t(n) - 1], kb[std::size_t(n) - 1]) + 1;
      std::vector<std::size_t> fa, fb;
      for (std::size_t k : ka)
        if (k < rounds)
          fa.push_back(k);
      for (std::size_t k : kb)
        if (k < rounds)
          fb.push_back(k);
      const stats::Comparison c = stats::compare(stats::pick(a, fa, 10), stats::pick(b, fb, 10), per_look);
      unpaired += c.pairs < int(std::min(fa.size(), fb.size()));
      if (c.decided()) {
        wrong += c.verdict == stats::Verdict::slower || c.verdict == stats::Verdict::faster;
        break;
      }
    }
  }
  EXPECT_GT(unpaired, runs / 2); // the failures did leave forks unpaired
  EXPECT_LE(wrong, upper_band(runs, 0.01));
}

// Why ab pairs: where the machine drifts between rounds (2.5 % sd) more than
// forks of one round differ (0.7 %), as measured on this VM at load 10-20,
// the paired interval says "same" at ab's last look (40 forks a side, +-1 %,
// alpha / 4) in nearly every A/A run and Welch's over the same forks in
// almost none.
TEST(PairedInterval, DecidesSameWhereWelchCannot) {
  Simulator sim(41);
  const stats::ComparisonOptions welch{.alpha = 0.0025, .power = false},
      paired{.alpha = 0.0025, .power = false, .pair_rounds = true};
  int same_paired = 0, same_welch = 0;
  const int runs = 200;
  for (int r = 0; r < runs; ++r) {
    auto [a, b] = sim.ab_rounds(40, 0, 0.025, 0.007);
    same_paired += stats::compare(a, b, paired).verdict == stats::Verdict::same;
    same_welch += stats::compare(a, b, welch).verdict == stats::Verdict::same;
  }
  EXPECT_GE(same_paired, runs * 95 / 100);
  EXPECT_LE(same_welch, runs / 20);
}

// The power note of a paired comparison keeps its word as Welch's does
// (ThePowerNoteKeepsItsWord): at the median "N more forks" after 5 rounds of
// A/A, the verdict is `same` in about 80 % of runs.
TEST(PairedInterval, ThePowerNoteKeepsItsWord) {
  Simulator sim(51);
  std::vector<double> more;
  for (int p = 0; p < 201; ++p) {
    auto [a, b] = sim.ab_rounds(5, 0, 0.03, 0.01);
    if (const stats::Comparison c = stats::compare(a, b, {.pair_rounds = true}); c.power)
      more.push_back(c.power->more_forks);
  }
  ASSERT_GT(more.size(), 150u);
  const int n = 5 + int(stats::quantile(more, 0.5));
  int same = 0;
  for (int p = 0; p < 200; ++p) {
    auto [a, b] = sim.ab_rounds(n, 0, 0.03, 0.01);
    same += stats::compare(a, b, {.pair_rounds = true}).verdict == stats::Verdict::same;
  }
  EXPECT_NEAR(same / 200.0, 0.8, 0.15) << n << " rounds";
}

// steady ab's noise floor (issue 27), against R 4.2:
// expm1((qt(1 - 0.0025/2, 39) + qt(1 - 0.01/2, 39)) * 0.004) and
// expm1((qt(0.995, 4) + qt(0.975, 4)) * 0.01).
TEST(NoiseFloor, MatchesR) {
  EXPECT_NEAR(stats::noise_floor(0.004, 39, 0.0025, 0.01), 0.0240448248351659, 1e-13);
  EXPECT_NEAR(stats::noise_floor(0.01, 4, 0.01, 0.05), 0.0765972790269465, 1e-13);
}

// At ab's last look (40 rounds, alpha / 4, +-1 % asked) with the two forks
// of a round 2.5 % apart (sd of their log ratio, as measured at load 15-20):
// +-1 % is out of reach, the noise floor (about 2.4 %) is not. Identical
// code: "same" in at least 99 % of 1000 runs (the floor's word), nearly all
// of them at the floor; a 4 % change (beyond any floor here): slower, never
// "same". Without noise_floor the same runs are rarely "same".
TEST(NoiseFloor, IdenticalCodeIsSameAtTheFloorAndAChangeBeyondItIsNot) {
  Simulator sim(61);
  stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true, .noise_floor = 0.01};
  const int runs = 1000;
  int same = 0, at_floor = 0, same_asked = 0, same_changed = 0, slower_changed = 0;
  for (int r = 0; r < runs; ++r) {
    auto [a, b] = sim.ab_rounds(40, 0, 0.02, 0.0175);
    const stats::Comparison c = stats::compare(a, b, o);
    same += c.verdict == stats::Verdict::same;
    at_floor += c.same_at_floor;
    if (c.same_at_floor) {
      EXPECT_GT(*c.noise_floor, 0.01);
      EXPECT_GE(c.ratio.low, 1 - *c.noise_floor);
      EXPECT_LE(c.ratio.high, 1 + *c.noise_floor);
    }
    same_asked +=
        stats::compare(a, b, {.alpha = 0.0025, .power = false, .pair_rounds = true}).verdict == stats::Verdict::same;
    auto [x, y] = sim.ab_rounds(40, 0.04, 0.02, 0.0175);
    const stats::Comparison d = stats::compare(x, y, o);
    same_changed += d.verdict == stats::Verdict::same;
    slower_changed += d.verdict == stats::Verdict::slower;
  }
  EXPECT_GE(same, runs - upper_band(runs, 0.01));
  EXPECT_GT(at_floor, runs / 2);
  EXPECT_LT(same_asked, runs / 2);
  EXPECT_EQ(same_changed, 0);
  EXPECT_GT(slower_changed, runs * 9 / 10);
}

// The floor is a property of the machine's noise: not for forks that fall
// in groups (a mixture's spread), exact counts (no noise), nor a look that
// is not ab's last (noise_floor 0).
TEST(NoiseFloor, NotForDisagreeingForksNorBeforeTheLastLook) {
  Simulator sim(71);
  auto [a, b] = sim.ab_rounds(40, 0, 0.02, 0.0175);
  stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true, .noise_floor = 0.01};
  ASSERT_FALSE(stats::compare(a, b, {.alpha = 0.0025, .power = false, .pair_rounds = true}).noise_floor);
  b.forks_disagree = true;
  const stats::Comparison c = stats::compare(a, b, o);
  EXPECT_FALSE(c.noise_floor);
  EXPECT_FALSE(c.same_at_floor);
}

// Fork `k` of a simulated series `factor` times as slow, every iteration.
void slow_fork(stats::Series &s, std::size_t k, double factor) {
  const std::size_t first = k * s.fork_means[k].size();
  for (std::size_t i = 0; i < s.fork_means[k].size(); ++i) {
    s.fork_means[k][i] *= factor;
    s.iteration_means[first + i] *= factor;
    for (stats::Weighted &x : s.forks[k][i])
      x.value *= factor;
  }
}

// ab's last look (40 rounds, alpha / 4, +-1 %) as NoiseFloor.IdenticalCode...,
// at a drift of `round_sd` between rounds and `fork_sd` per fork, with `far`
// forks of one side (random rounds) `far_factor` times as slow and each fork
// of NEW in a second group `shift` slower with probability `share` (a
// mixture that NEW's code made); both sides' groups flagged. Counted: runs
// with a side flagged, "same", and "same" had any flagged side withheld the
// floor (the rule before OneFarForkIsNoMixture).
struct FarForkRuns {
  int runs = 0, flagged = 0, same = 0, same_if_any_group_withheld = 0, flagged_same = 0;
};
FarForkRuns far_fork_runs(std::uint64_t seed, int runs, double round_sd, double fork_sd, int far, double far_factor,
                          double share, double shift) {
  Simulator sim(seed);
  boost::random::uniform_real_distribution<double> unit;
  const stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true, .noise_floor = 0.01};
  FarForkRuns out;
  for (int r = 0; r < runs; ++r) {
    auto [a, b] = sim.ab_rounds(40, 0, round_sd, fork_sd);
    stats::Series &side = unit(sim.rng) < 0.5 ? a : b;
    for (int k = 0; k < far; ++k)
      slow_fork(side, std::size_t(unit(sim.rng) * 40) % 40, far_factor);
    for (std::size_t k = 0; k < b.fork_means.size(); ++k)
      if (unit(sim.rng) < share)
        slow_fork(b, k, 1 + shift);
    flag_groups(a);
    flag_groups(b);
    const bool flagged = a.forks_disagree || b.forks_disagree;
    const bool same = stats::compare(a, b, o).verdict == stats::Verdict::same;
    ++out.runs;
    out.flagged += flagged;
    out.same += same;
    out.same_if_any_group_withheld += same && !flagged;
    out.flagged_same += same && flagged;
  }
  return out;
}

// One far fork (recorded: 2 of 80 ab runs of identical code, at about 1 %
// drift and 1 % fork noise, had one fork of 40 at +23 % or +50 % for all its
// iterations, the other side's fork of that round as usual) is flagged but is
// no mixture: it widens se and so the floor, and identical code stays "same"
// in 1 - alpha of runs, as without it. Withholding the floor for any flagged
// side lost nearly all of them.
TEST(NoiseFloor, OneFarForkIsNoMixture) {
  const FarForkRuns f = far_fork_runs(81, 300, 0.01, 0.01, 1, 1.23, 0, 0);
  EXPECT_GT(f.flagged, f.runs * 9 / 10);
  EXPECT_GE(f.same, f.runs - upper_band(f.runs, 0.01));
  EXPECT_LT(f.same_if_any_group_withheld, f.runs / 10);
}

// A real 3 % change with one far fork (bench-detect's adaptive ab, idle: 39
// of NEW's forks 3 % slower, one round's ratio far off; the paired interval
// [0.944, 1.210] lay within a +-25.6 % floor, "same", while Mann-Whitney over
// the fork means gave p = 3e-13). The far fork (x2.5, either side) widens the
// floor past the change; the ranks still show it: never "same", and the
// comparison says why. Without the far fork the change is slower as before.
TEST(NoiseFloor, AChangeIsNotSameBecauseOfAFarFork) {
  Simulator sim(111);
  boost::random::uniform_real_distribution<double> unit;
  const stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true, .noise_floor = 0.01};
  const int runs = 300;
  int same = 0, ranks_differ = 0, slower_without = 0;
  for (int r = 0; r < runs; ++r) {
    auto [a, b] = sim.ab_rounds(40, 0.03, 0.01, 0.01);
    slower_without += stats::compare(a, b, o).verdict == stats::Verdict::slower;
    slow_fork(unit(sim.rng) < 0.5 ? a : b, std::size_t(unit(sim.rng) * 40) % 40, 2.5);
    flag_groups(a);
    flag_groups(b);
    const stats::Comparison c = stats::compare(a, b, o);
    same += c.verdict == stats::Verdict::same;
    ranks_differ += c.ranks_differ_at_floor;
  }
  EXPECT_EQ(slower_without, runs);
  EXPECT_EQ(same, 0);
  EXPECT_GT(ranks_differ, runs / 2);
}

// A mixture NEW made (a quarter of its forks 10 % slower: +2.5 % on the
// mean, within the floor of such a spread) shows as a group of several
// forks: flagged in most runs, and then never "same" at the floor.
TEST(NoiseFloor, AMixtureIsNotDecidedAtTheFloor) {
  const FarForkRuns f = far_fork_runs(91, 300, 0.01, 0.01, 0, 1, 0.25, 0.10);
  EXPECT_GT(f.flagged, f.runs / 2);
  EXPECT_EQ(f.flagged_same, 0);
}

// One far fork is no mixture for the direction either (forks_mixed): with
// one fork of one side far, identical code is slower or faster no more often
// than alpha, at ab's first look and at its last: the far fork widens the
// interval more than it moves its centre (seed 131: 0 of 1000 directed in
// each case; flagged in 4-25 % of runs at 3 rounds, 98-100 % at 12 and 40).
TEST(ForkDisagreement, OneFarForkGivesNoFalseDirection) {
  Simulator sim(131);
  boost::random::uniform_real_distribution<double> unit;
  const stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true};
  const int runs = 1000;
  for (int rounds : {3, 12, 40})
    for (double factor : {1.23, 1.5, 2.5}) {
      int flagged = 0, directed = 0;
      for (int r = 0; r < runs; ++r) {
        auto [a, b] = sim.ab_rounds(rounds, 0, 0.01, 0.01);
        slow_fork(unit(sim.rng) < 0.5 ? a : b, std::size_t(unit(sim.rng) * rounds) % rounds, factor);
        flag_groups(a);
        flag_groups(b);
        flagged += a.forks_disagree || b.forks_disagree;
        const stats::Verdict v = stats::compare(a, b, o).verdict;
        directed += v == stats::Verdict::slower || v == stats::Verdict::faster;
      }
      EXPECT_LE(directed, upper_band(runs, o.alpha)) << rounds << " rounds, far fork x" << factor;
      if (rounds >= 12)
        EXPECT_GT(flagged, runs / 2) << rounds << " rounds, far fork x" << factor;
    }
}

// Mixtures on both sides, as on a host that switches between a fast and a
// slow state (docs/layout-measured.md, session 43): each fork 1.6x as slow with
// probability 0.3. Where a side is flagged a mixture, identical code is
// slower or faster no more often than alpha (the direction is withheld unless
// the versions' forks lie apart with ranks differing at alpha); a 4x change
// is slower at 12 and 40 rounds, its mixtures flagged (it was withheld:
// ab-slower.test under load; seed 141: 1000 of 1000 slower, mixtures flagged
// in all, 0 directed for identical code). (Unflagged, at 3 rounds, the paired t interval
// over such states is directed in ~1.6 % of runs at alpha 0.25 %, with or
// without this rule: 3 forks rarely show their groups.)
TEST(ForkDisagreement, MixturesApartKeepTheirDirection) {
  Simulator sim(141);
  boost::random::uniform_real_distribution<double> unit;
  const stats::ComparisonOptions o{.alpha = 0.0025, .power = false, .pair_rounds = true};
  const int runs = 1000;
  auto states = [&](stats::Series &s) {
    for (std::size_t k = 0; k < s.fork_means.size(); ++k)
      if (unit(sim.rng) < 0.3)
        slow_fork(s, k, 1.6);
    flag_groups(s);
  };
  for (int rounds : {3, 12, 40}) {
    int directed = 0, slower = 0, mixed = 0;
    for (int r = 0; r < runs; ++r) {
      auto [a, b] = sim.ab_rounds(rounds, 0, 0.01, 0.01);
      states(a);
      states(b);
      const stats::Verdict v = stats::compare(a, b, o).verdict;
      directed += (stats::forks_mixed(a) || stats::forks_mixed(b)) &&
                  (v == stats::Verdict::slower || v == stats::Verdict::faster);
      auto [x, y] = sim.ab_rounds(rounds, 3, 0.01, 0.01);
      states(x);
      states(y);
      slower += stats::compare(x, y, o).verdict == stats::Verdict::slower;
      mixed += stats::forks_mixed(x) || stats::forks_mixed(y);
    }
    EXPECT_LE(directed, upper_band(runs, o.alpha)) << rounds << " rounds";
    if (rounds >= 12) {
      EXPECT_EQ(slower, runs) << rounds << " rounds";
      EXPECT_GT(mixed, runs / 2) << rounds << " rounds";
    }
  }
}

// The figures behind the rule (docs/compare-and-ab.md, noise floor):
//   build/test/unit/verdict_calibration_test --gtest_also_run_disabled_tests --gtest_filter='*FarForkTable*'
TEST(NoiseFloor, DISABLED_FarForkTable) {
  std::printf("drift/fork  case                                flagged %%  same %%  flagged and same %%  same, any "
              "flag withheld %%\n");
  struct Case {
    const char *name;
    int far;
    double factor, share, shift;
  };
  for (double noise : {0.01, 0.02})
    for (const Case &c :
         {Case{"identical", 0, 1, 0, 0}, Case{"identical, 1 far fork +23 %", 1, 1.23, 0, 0},
          Case{"identical, 1 far fork +50 %", 1, 1.5, 0, 0}, Case{"identical, 2 far forks +25 %", 2, 1.25, 0, 0},
          Case{"mixture: 5 % of NEW's forks +25 %", 0, 1, 0.05, 0.25},
          Case{"mixture: 10 % of NEW's forks +12 %", 0, 1, 0.10, 0.12},
          Case{"mixture: 25 % of NEW's forks +10 %", 0, 1, 0.25, 0.10},
          Case{"mixture: 50 % of NEW's forks +5 %", 0, 1, 0.5, 0.05}}) {
      const FarForkRuns f = far_fork_runs(101, 1000, noise, noise, c.far, c.factor, c.share, c.shift);
      std::printf("%4.0f %%      %-35s %9.1f %7.1f %19.1f %24.1f\n", 100 * noise, c.name, 100.0 * f.flagged / f.runs,
                  100.0 * f.same / f.runs, 100.0 * f.flagged_same / f.runs,
                  100.0 * f.same_if_any_group_withheld / f.runs);
    }
}

// The figures of docs/compare-and-ab.md's paired section: per drift between
// rounds (fork noise 1 %), how often 1000 A/A runs at 5 / 20 / 40 rounds are
// slower or faster (paired and Welch's over the same forks), how often the
// paired interval misses a true 3 % shift, and how often each says "same" at
// 40 rounds at ab's last look (alpha / 4, +-1 %):
//   build/test/unit/verdict_calibration_test --gtest_also_run_disabled_tests --gtest_filter='*PairedTable*'
TEST(PairedInterval, DISABLED_PairedTable) {
  const int runs = 1000;
  std::printf("drift  rounds  A/A slower-or-faster %%: paired  welch | 3 %% shift missed %%: paired | same at "
              "alpha/4: paired  welch\n");
  for (double drift : {0.0, 0.01, 0.03})
    for (int rounds : {5, 20, 40}) {
      Simulator sim(1000 + std::uint64_t(rounds) + std::uint64_t(1000 * drift));
      int fp[2] = {0, 0}, missed = 0, same[2] = {0, 0};
      for (int r = 0; r < runs; ++r) {
        auto [a, b] = sim.ab_rounds(rounds, 0, drift, 0.01);
        for (int paired : {0, 1}) {
          stats::ComparisonOptions o{.power = false, .pair_rounds = paired == 1};
          const stats::Comparison c = stats::compare(a, b, o);
          fp[paired] += c.ratio.low > 1 || c.ratio.high < 1;
          o.alpha = 0.0025;
          same[paired] += stats::compare(a, b, o).verdict == stats::Verdict::same;
        }
        auto [x, y] = sim.ab_rounds(rounds, 0.03, drift, 0.01);
        const stats::Comparison c = stats::compare(x, y, {.power = false, .pair_rounds = true});
        missed += c.ratio.low > 1.03 || c.ratio.high < 1.03;
      }
      std::printf("%4.0f %%  %6d  %28.1f %6.1f | %25.1f | %23.1f %6.1f\n", 100 * drift, rounds, 100.0 * fp[1] / runs,
                  100.0 * fp[0] / runs, 100.0 * missed / runs, 100.0 * same[1] / runs, 100.0 * same[0] / runs);
    }
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
