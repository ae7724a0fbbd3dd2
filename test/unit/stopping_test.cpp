// Algorithm 1's decisions on synthetic iteration streams with fixed seeds.
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "steady/stopping.h"

namespace steady {
namespace {

// One iteration of `n` batch samples around `mean`, with relative noise `rel`.
stats::IterationSamples iteration(std::mt19937_64 &g, double mean, double rel, int n = 200) {
  std::normal_distribution<double> noise(0, rel * mean);
  stats::IterationSamples it;
  for (int i = 0; i < n; ++i)
    it.push_back({mean + noise(g), 1000});
  return it;
}

// Warmup as the runner runs it (WarmupStop, up to max_warmup): returns the
// iteration it stopped at, or 0 when it ran to max_warmup without meeting the
// criterion.
int warmup_stop(const StopPolicy &p, const std::function<double(int)> &mean_at, double rel, std::uint64_t seed,
                int min_warmup = 5, int max_warmup = 50) {
  std::mt19937_64 g(seed);
  WarmupStop stop(p, min_warmup);
  for (int i = 1; i <= max_warmup; ++i)
    if (stop.stop_after(iteration(g, mean_at(i), rel)))
      return i;
  return 0;
}

// A warmup curve: 3x slower at first, decaying to 100 within ~10 iterations.
double curve(int i) { return 100 * (1 + 2 * std::exp(-0.5 * (i - 1))); }

StopPolicy policy(const char *spec) {
  StopPolicy p;
  EXPECT_TRUE(StopPolicy::parse(spec, p));
  p.resamples = 300;
  p.seed = 9;
  return p;
}

TEST(StopPolicy, ParsesCriteriaAndCombinations) {
  StopPolicy p;
  ASSERT_TRUE(StopPolicy::parse("rciw+kld", p));
  EXPECT_TRUE(p.rciw && p.kld && !p.cv);
  EXPECT_EQ(p.name(), "rciw+kld");
  ASSERT_TRUE(StopPolicy::parse("none", p));
  EXPECT_FALSE(p.dynamic());
  EXPECT_FALSE(StopPolicy::parse("rciw+fast", p));
  // precision stops forks on the printed interval and warmups on rciw; it
  // combines with nothing.
  ASSERT_TRUE(StopPolicy::parse("precision", p));
  EXPECT_TRUE(p.precision && p.rciw && !p.cv && !p.kld && p.dynamic());
  EXPECT_EQ(p.name(), "precision");
  EXPECT_FALSE(StopPolicy::parse("precision+kld", p));
}

// Fork means 100, 101, 99, 100, 100: sd 0.7071, t(0.995, 4) = 4.6041, half-width
// 4.6041 * 0.7071 / sqrt(5) = 1.456 (R: t.test(c(100,101,99,100,100), conf.level=.99)).
TEST(PrecisionStop, StopsAtTheMinimumOnceTheHalfWidthIsWithinTheTarget) {
  PrecisionStop stop(0.02, 5);
  EXPECT_TRUE(std::isinf(stop.half_width()));
  for (double m : {100.0, 101.0, 99.0, 100.0})
    EXPECT_FALSE(stop.stop_after(m));
  EXPECT_TRUE(stop.stop_after(100));
  EXPECT_NEAR(stop.half_width(), 0.014559, 1e-6);
  PrecisionStop tight(0.01, 5);
  for (double m : {100.0, 101.0, 99.0, 100.0, 100.0})
    EXPECT_FALSE(tight.stop_after(m));
}

TEST(PrecisionStop, EqualMeansHaveNoWidth) {
  PrecisionStop stop(0.02, 2);
  EXPECT_FALSE(stop.stop_after(0));
  EXPECT_TRUE(stop.stop_after(0));
  EXPECT_EQ(stop.half_width(), 0);
}

// Random mode's stop (layout_precision): known answers from an independent
// implementation (Python with mpmath: t quantiles and the F test's p by the
// regularized incomplete beta; ANOVA, pooled intervals and the range rule
// written out), not from Boost or steady.
//
// Four offsets whose forks read alike: judged is the layout interval (lowest
// to highest end of the offsets' pooled 99 % intervals), ±1.4185 % of the
// mean, not the mean's interval (±0.541 %) nor any offset's (±1.234 %).
TEST(LayoutPrecision, OffsetsThatAgreeAreJudgedByTheLayoutInterval) {
  const std::vector<std::vector<double>> by_offset = {
      {100, 101, 99, 100.5}, {99.5, 100, 101, 99}, {100.5, 100, 99.5, 101}, {101, 99, 100, 100.5}};
  const PrecisionStop::Layout l = layout_precision(by_offset, 100.09375);
  EXPECT_TRUE(l.agree);
  EXPECT_NEAR(l.half_width, 0.014185, 1e-6);
}

// Offsets 3 % apart that the ANOVA does not separate (p 0.14): they agree,
// and the layout interval spans both offsets' intervals: ±6.7156 %.
TEST(LayoutPrecision, AnUndetectedEffectWidensTheLayoutInterval) {
  const PrecisionStop::Layout l = layout_precision({{100, 102, 98}, {103, 105, 101}}, 101.5);
  EXPECT_TRUE(l.agree);
  EXPECT_NEAR(l.half_width, 0.067156, 1e-6);
}

// Offsets 50 % apart: layout-sensitive, its interval wide by the layout; what
// more forks narrow, and what is judged, is each offset's interval: ±6.7770 %
// (the wider, relative to its own mean: offset 0's).
TEST(LayoutPrecision, OffsetsThatDifferAreJudgedEachOnItsOwn) {
  const PrecisionStop::Layout l = layout_precision({{100, 102, 98}, {150, 153, 147}}, 125);
  EXPECT_FALSE(l.agree);
  EXPECT_NEAR(l.half_width, 0.067770, 1e-6);
}

TEST(LayoutPrecision, NoIntervalBeforeTwoOffsetsAndAnOffsetOfTwoForks) {
  EXPECT_TRUE(std::isinf(layout_precision({{100, 101, 99}}, 100).half_width));
  EXPECT_TRUE(std::isinf(layout_precision({{100}, {101}, {99}}, 100).half_width));
  EXPECT_TRUE(std::isfinite(layout_precision({{100, 101}, {99}}, 100).half_width));
}

// Forks whose warmup did not settle, against those that did: the pooled
// two-sample t-test's p from R (t.test(u, s, var.equal = TRUE); one unsettled
// fork: 2 * pt(-|u - mean(s)| / (sd(s) sqrt(1 + 1/6)), 5)).
const std::vector<double> settled_means = {100, 101, 99, 100.5, 99.5, 100.2};

TEST(UnsettledForks, AMeanAmongTheSettledOnesAgrees) {
  const std::vector<double> u = {100.3};
  const UnsettledForks r = unsettled_forks(settled_means, u);
  EXPECT_TRUE(r.tested);
  EXPECT_FALSE(r.differ);
  EXPECT_NEAR(r.p_value, 0.7428292996, 1e-9);
}

TEST(UnsettledForks, MeansApartDiffer) {
  const std::vector<double> u = {104, 105};
  const UnsettledForks r = unsettled_forks(settled_means, u);
  EXPECT_TRUE(r.tested);
  EXPECT_TRUE(r.differ);
  EXPECT_NEAR(r.p_value, 0.0002524865617, 1e-12);
  EXPECT_NEAR(r.shift, 0.04465178274, 1e-10);
  const std::vector<double> near = {100.8, 99.1}; // p 0.904
  EXPECT_FALSE(unsettled_forks(settled_means, near).differ);
}

TEST(UnsettledForks, FewerThanTwoSettledForksCannotTellThem) {
  const std::vector<double> one = {100}, u = {100, 100.1};
  const UnsettledForks r = unsettled_forks(one, u);
  EXPECT_FALSE(r.tested);
  EXPECT_TRUE(r.differ);
  EXPECT_FALSE(unsettled_forks(settled_means, {}).differ); // none unsettled
}

// Exact counts (valgrind): no spread, so any difference is one.
TEST(UnsettledForks, ExactCountsDifferByAnyAmount) {
  const std::vector<double> s = {500, 500, 500}, same = {500}, other = {501};
  EXPECT_FALSE(unsettled_forks(s, same).differ);
  EXPECT_TRUE(unsettled_forks(s, other).differ);
}

// Synthetic rows of 10 forks, 1-4 of them unsettled: fork means N(100, 2).
// Unsettled forks like the others (noisy warmups) are called different about
// 1 % of the time; unsettled forks still warming up, their means 10 % (5 fork
// sd) slower, nearly always (3 sd: about 2 in 3). Fixed seed.
TEST(UnsettledForks, NoisyWarmupsAreRarelyCalledDifferentStillWarmingOnesAlmostAlways) {
  std::mt19937_64 g(26);
  std::normal_distribution<double> fork(100, 2);
  std::uniform_int_distribution<int> count(1, 4);
  const int rows = 4000;
  int noisy = 0, warming = 0;
  for (int r = 0; r < rows; ++r) {
    std::vector<double> s, u, w;
    const int k = count(g);
    for (int i = 0; i < 10 - k; ++i)
      s.push_back(fork(g));
    for (int i = 0; i < k; ++i) {
      u.push_back(fork(g));
      w.push_back(1.10 * fork(g));
    }
    noisy += unsettled_forks(s, u).differ;
    warming += unsettled_forks(s, w).differ;
  }
  EXPECT_LE(noisy, rows * 2 / 100) << noisy; // 1 % expected; binomial sd 0.16 %
  EXPECT_GE(warming, rows * 90 / 100) << warming;
}

TEST(Warmup, CvStopsShortlyAfterTheCurve) {
  int stop = warmup_stop(policy("cv"), curve, 0.01, 1);
  // The curve is within 1 % of flat after ~12 iterations; a window of 5 more.
  EXPECT_GE(stop, 10);
  EXPECT_LE(stop, 25);
}

TEST(Warmup, RciwStopsShortlyAfterTheCurve) {
  int stop = warmup_stop(policy("rciw"), curve, 0.01, 2);
  EXPECT_GE(stop, 8);
  EXPECT_LE(stop, 25);
}

// The first decision needs a full window, iterations i'' - 5 .. i'' (Eq. 1,
// i' >= 1): iteration 6.
TEST(Warmup, FlatStreamStopsAtTheFirstFullWindow) {
  for (const char *c : {"cv", "rciw", "kld", "rciw+kld"})
    EXPECT_EQ(warmup_stop(policy(c), [](int) { return 100.0; }, 0.002, 3), 6) << c;
}

TEST(Warmup, HeavyNoiseRunsToTheMaximumAndIsFlagged) {
  // Each iteration's level jumps by +-30 %: no window of CVs agrees within 1 %.
  std::mt19937_64 levels(4);
  std::uniform_real_distribution<double> jump(0.7, 1.3);
  std::vector<double> level(51);
  for (double &l : level)
    l = 100 * jump(levels);
  EXPECT_EQ(warmup_stop(policy("cv"), [&](int i) { return level[std::size_t(i)]; }, 0.3, 5), 0);
}

TEST(Warmup, SameSeedSameDecisions) {
  for (const char *c : {"cv", "rciw", "kld", "rciw+kld"}) {
    int a = warmup_stop(policy(c), curve, 0.02, 6), b = warmup_stop(policy(c), curve, 0.02, 6);
    EXPECT_EQ(a, b) << c;
  }
}

TEST(Forks, StableForksStopAtTheMinimumNoisyForksDoNot) {
  StopPolicy p = policy("rciw");
  std::mt19937_64 g(7);
  Stability quiet(p);
  std::vector<stats::ForkSamples> forks;
  for (int f = 0; f < 2; ++f) {
    forks.push_back({});
    for (int i = 0; i < 10; ++i)
      forks.back().push_back(iteration(g, 100, 0.01));
    quiet.checkpoint_forks(forks);
  }
  EXPECT_TRUE(quiet.stable());

  // Forks whose levels differ by tens of percent keep RCIW wide and moving.
  Stability noisy(p);
  forks.clear();
  for (double level : {100.0, 160.0, 70.0}) {
    forks.push_back({});
    for (int i = 0; i < 10; ++i)
      forks.back().push_back(iteration(g, level, 0.01));
    noisy.checkpoint_forks(forks);
  }
  EXPECT_FALSE(noisy.stable());
  // kld compares the forks with and without the newest: one value decides at 2 forks.
  Stability kld(policy("kld"));
  forks.clear();
  for (int f = 0; f < 2; ++f) {
    forks.push_back({});
    for (int i = 0; i < 10; ++i)
      forks.back().push_back(iteration(g, 100, 0.01));
    kld.checkpoint_forks(forks);
    EXPECT_EQ(kld.stable(), f == 1) << "fork " << f + 1 << ": " << (kld.last().empty() ? 0 : kld.last()[0].second);
  }
  ASSERT_EQ(noisy.last().size(), 1u);
  EXPECT_GT(noisy.last()[0].second, 0.1); // the RCIW reported with the flag
}

// The lower bounds are Algorithm 1's too: flat data is stable long before
// min_warmup and min_forks, and neither stops before them.
TEST(Algorithm1, NeverStopsBeforeTheMinimum) {
  StopPolicy p = policy("cv");
  std::mt19937_64 g(3);
  WarmupStop warm(p, 12);
  for (int i = 1; i < 12; ++i)
    EXPECT_FALSE(warm.stop_after(iteration(g, 100, 0.001))) << i;
  EXPECT_TRUE(warm.stop_after(iteration(g, 100, 0.001)));
  ForkStop forks(p, 4);
  for (int f = 1; f <= 4; ++f) {
    stats::ForkSamples fork;
    for (int i = 0; i < 10; ++i)
      fork.push_back(iteration(g, 100, 0.001));
    EXPECT_EQ(forks.stop_after(std::move(fork)), f == 4) << f;
  }
  EXPECT_EQ(forks.forks().size(), 4u);
}

// Each iteration is summarised once and its summaries combined at every
// checkpoint; the values must be those of the criteria over the unions
// themselves (Eq. 1 and 2).
TEST(Checkpoints, ValuesAreTheCriteriaOverTheUnions) {
  StopPolicy p = policy("cv+kld");
  std::mt19937_64 g(8);
  auto pooled = [](auto first, auto last) {
    std::vector<stats::Weighted> all;
    std::vector<double> values;
    for (auto it = first; it != last; ++it)
      for (const stats::Weighted &w : *it) {
        all.push_back(w);
        values.push_back(w.value);
      }
    return std::pair{all, values};
  };
  Stability warm(p);
  stats::ForkSamples fork;
  for (int i = 0; i < 12; ++i) {
    fork.push_back(iteration(g, 100 + i, 0.02, 300)); // a drift keeps the values apart
    warm.checkpoint_warmup(fork);
  }
  // The window's last union is iterations 7..12, against 7..11 for kld.
  auto [window, now] = pooled(fork.end() - 6, fork.end());
  std::vector<double> before = pooled(fork.end() - 6, fork.end() - 1).second;
  auto last = warm.last();
  ASSERT_EQ(last.size(), 2u);
  EXPECT_NEAR(last[0].second, stats::weighted_cv(window), 1e-12);
  EXPECT_NEAR(last[1].second, stats::kld_stability(before, now), 1e-12);

  Stability across(p);
  std::vector<stats::ForkSamples> forks;
  for (int f = 0; f < 3; ++f) {
    forks.emplace_back(fork.begin() + 4 * f, fork.begin() + 4 * f + 4);
    across.checkpoint_forks(forks);
  }
  auto [all, all_values] = pooled(fork.begin(), fork.end());
  std::vector<double> first_two = pooled(fork.begin(), fork.begin() + 8).second;
  last = across.last();
  EXPECT_NEAR(last[0].second, stats::weighted_cv(all), 1e-12);
  EXPECT_NEAR(last[1].second, stats::kld_stability(first_two, all_values), 1e-12);
}

// rciw's warmup checkpoint stops bootstrapping once its values are further
// apart than the threshold: every decision and every reported value must be
// those of all sW + 1 values computed (each union's bootstrap with the seed it
// had), on a warming-up and a noisy series.
TEST(Checkpoints, RciwStopsBootstrappingOnlyWhereTheDecisionIsKnown) {
  for (double rel : {0.02, 0.3}) {
    StopPolicy p = policy("rciw");
    std::mt19937_64 g(11);
    Stability warm(p);
    stats::ForkSamples fork;
    std::uint64_t checkpoint = 0;
    int stable = 0;
    for (int i = 1; i <= 30; ++i) {
      fork.push_back(iteration(g, curve(i), rel, 50));
      warm.checkpoint_warmup(fork);
      const std::size_t first = fork.size() > 5 ? fork.size() - 6 : 0;
      std::vector<double> all;
      stats::ForkSummary window;
      for (std::size_t x = first; x < fork.size(); ++x) {
        window.push_back(stats::summarize(fork[x]));
        const std::vector<stats::ForkSummary> u{window};
        all.push_back(stats::bootstrap_mean_clt(u, 0.99, p.resamples, p.seed + checkpoint++).relative_width());
      }
      auto [lo, hi] = std::minmax_element(all.begin(), all.end());
      const bool expected = all.size() == 6 && *hi - *lo <= p.rciw_threshold;
      EXPECT_EQ(warm.stable(), expected) << rel << " iteration " << i;
      EXPECT_EQ(warm.last()[0].second, all.back()) << rel << " iteration " << i;
      stable += expected;
    }
    EXPECT_EQ(stable > 0, rel < 0.1) << rel; // both decisions occur
  }
}

} // namespace
} // namespace steady
