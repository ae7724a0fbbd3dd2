// steady ab on a host that alternates between a fast and a slow state at
// about a fork's length (issue 27, session 43: dependent_chain 48 / 63 ns,
// branchy_loop 130 / 210 ns, for both binaries of identical code): a round's
// two forks are often in different states, so both versions' forks form
// groups, the t interval's normal log ratios do not hold, and the verdict was
// withheld ("can't tell yet", forks disagree) in 19-20 of 80 runs. When the
// groups hold both versions alike, the interval is by ranks
// (signed_rank_log_ratio_interval), exact for identical code whatever the
// states do, since ab orders each round's two forks at random. A mixture only
// one version shows (its code's placement) is still withheld. The reference
// values: test/unit/reference/signed_rank_interval.R (R 4.2.2). The figures:
//   build/test/unit/machine_states_test --gtest_also_run_disabled_tests --gtest_filter='*Table*'
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <gtest/gtest.h>

#include "simulated_comparison.h"
#include "steady/comparison.h"
#include "steady/fork_groups.h"
#include "steady/stats.h"

namespace steady {
namespace {

TEST(SignedRankInterval, MatchesR) {
  // 12 rounds, one far ratio.
  std::vector<double> a = {100, 103, 97, 101, 99.5, 98, 102, 100.5, 99, 101.5, 100, 97.5};
  std::vector<double> b = {102, 104.5, 99, 101.5, 102, 160, 101, 102, 100, 103, 99.5, 99};
  stats::RatioInterval r = stats::signed_rank_log_ratio_interval(a, b, 0.01);
  EXPECT_NEAR(r.ratio.estimate, 1.01488860913401, 1e-12);
  EXPECT_NEAR(r.ratio.low, 1.00241185049564, 1e-12);
  EXPECT_NEAR(r.ratio.high, 1.28702352819057, 1e-12);
  EXPECT_TRUE(std::isinf(r.df));
  // 40 rounds at ab's alpha / 4 and 60 at 1 %: a slow state (x1.7) a round's
  // forks meet apart every fifth (A) and seventh (B) round.
  auto rounds = [](int n, std::vector<double> &x, std::vector<double> &y) {
    x.clear();
    y.clear();
    for (int i = 1; i <= n; ++i) {
      x.push_back(100 * (1 + 0.02 * std::sin(i)) * (i % 5 == 0 ? 1.7 : 1));
      y.push_back(100 * (1 + 0.02 * std::cos(3 * i)) * (i % 7 == 0 ? 1.7 : 1));
    }
  };
  rounds(40, a, b);
  r = stats::signed_rank_log_ratio_interval(a, b, 0.0025);
  EXPECT_NEAR(r.ratio.estimate, 0.995843312069691, 1e-12);
  EXPECT_NEAR(r.ratio.low, 0.776767054886444, 1e-12);
  EXPECT_NEAR(r.ratio.high, 1.01659571447627, 1e-12);
  rounds(60, a, b);
  r = stats::signed_rank_log_ratio_interval(a, b, 0.01);
  EXPECT_NEAR(r.ratio.estimate, 0.994917209200576, 1e-12);
  EXPECT_NEAR(r.ratio.low, 0.976157038815421, 1e-12);
  EXPECT_NEAR(r.ratio.high, 1.00868482458945, 1e-12);
}

// Too few rounds for the level: 2^(1-n) > alpha leaves no interval.
TEST(SignedRankInterval, NoIntervalBelowTheLevelsPairs) {
  const std::vector<double> a = {100, 101, 99, 100, 102}, b = {101, 102, 100, 101, 103};
  EXPECT_TRUE(std::isnan(stats::signed_rank_log_ratio_interval(a, b, 0.0025).ratio.low));
  EXPECT_FALSE(std::isnan(stats::signed_rank_log_ratio_interval(a, b, 0.1).ratio.low));
}

TEST(SignedRankCdf, MatchesR) {
  const std::vector<double> cdf = stats::signed_rank_cdf(10);
  ASSERT_EQ(cdf.size(), 56u);
  const double r[] = {0.0009765625, 0.001953125, 0.0029296875, 0.0048828125, 0.0068359375, 0.009765625};
  for (int v = 0; v < 6; ++v)
    EXPECT_NEAR(cdf[std::size_t(v)], r[v], 1e-15) << v;
  EXPECT_NEAR(cdf.back(), 1, 1e-12);
}

TEST(FisherExact, MatchesR) {
  EXPECT_NEAR(stats::fisher_exact_p(3, 1, 1, 3), 0.485714285714286, 1e-12);
  EXPECT_NEAR(stats::fisher_exact_p(40, 0, 35, 5), 0.0547427256288016, 1e-12);
  EXPECT_NEAR(stats::fisher_exact_p(28, 12, 30, 10), 0.802707072472553, 1e-12);
  // fisher.test(matrix(c(a, b, c, d), 2, byrow = TRUE), alternative = "greater") in R 4.2.2
  EXPECT_NEAR(stats::fisher_exact_greater_p(3, 0, 0, 37), 0.00010121457489878542, 1e-15);
  EXPECT_NEAR(stats::fisher_exact_greater_p(2, 1, 0, 37), 0.0038461538461538459, 1e-15);
  EXPECT_NEAR(stats::fisher_exact_greater_p(2, 0, 0, 38), 0.0012820512820512825, 1e-15);
  EXPECT_NEAR(stats::fisher_exact_greater_p(1, 2, 2, 35), 0.21356275303643713, 1e-12);
  EXPECT_NEAR(stats::fisher_exact_greater_p(3, 2, 1, 34), 0.0038844512528723018, 1e-12);
  EXPECT_EQ(stats::fisher_exact_greater_p(0, 3, 2, 35), 1);
}

// ab's rounds on a host with a slow state: the state (slow by `slow`) flips
// between forks with probability `flip`, and with the same probability once
// inside a fork (its mean then a blend); 1 % drift between rounds and 1 %
// fork noise on top. NEW is `shift` slower in every process, and with
// probability `own_share` a process of NEW is `own_factor` slower (a
// placement its code meets): its own mixture. Each round's two forks run in
// a random order, as ab's.
struct Host {
  stats::Rng rng;
  boost::random::normal_distribution<double> normal;
  boost::random::uniform_real_distribution<double> unit;
  double slow = 1.6, flip = 0.3;
  bool slow_now = false;
  // steady ab's lockstep: a round's two forks take turns on one CPU, so
  // they meet the same states (one factor for both).
  bool lockstep = false;
  explicit Host(std::uint64_t seed) : rng(seed) {}

  double state_factor() {
    double f = slow_now ? slow : 1;
    if (unit(rng) < flip) { // flips at a fraction u into the fork
      const double u = unit(rng);
      slow_now = !slow_now;
      f = u * f + (1 - u) * (slow_now ? slow : 1);
    }
    if (unit(rng) < flip)
      slow_now = !slow_now;
    return f;
  }

  std::pair<stats::Series, stats::Series> ab(int rounds, double shift, double own_share, double own_factor) {
    std::pair<stats::Series, stats::Series> out;
    for (int r = 1; r <= rounds; ++r) {
      const double drift = 100 * (1 + 0.01 * normal(rng));
      const bool a_first = unit(rng) < 0.5;
      double fm[2];
      const double shared = lockstep ? state_factor() : 0;
      for (int k = 0; k < 2; ++k) {
        const int side = (k == 0) == a_first ? 0 : 1;
        fm[side] = drift * (lockstep ? shared : state_factor()) * (1 + 0.01 * normal(rng));
      }
      fm[1] *= 1 + shift;
      if (unit(rng) < own_share)
        fm[1] *= own_factor;
      test::add_iteration_means(out.first, fm[0], r, rng, normal);
      test::add_iteration_means(out.second, fm[1], r, rng, normal);
    }
    out.first.lockstep = out.second.lockstep = lockstep;
    return out;
  }
};

struct Verdicts {
  int runs = 0, same = 0, slower = 0, faster = 0, undecided = 0, ranks = 0, shared = 0;
  // "same" at a margin (+-equivalence, or the noise floor) that the true change exceeds.
  int same_wrong = 0, same_wrong_by_ranks = 0, same_wrong_shared = 0;
  std::vector<double> floors; // of the runs "same" at the floor
};

// ab's whole sequence with its defaults: looks at 5, 10, 20 and 40 rounds,
// each at alpha / 4, stopping at the first verdict, the noise floor at the last.
Verdicts ab_runs(std::uint64_t seed, int runs, double slow, double flip, double shift, double own_share,
                 double own_factor, bool lockstep = false) {
  Host host(seed);
  host.slow = slow;
  host.flip = flip;
  host.lockstep = lockstep;
  const std::vector<int> looks = stats::look_schedule(5, 40);
  Verdicts v;
  for (int run = 0; run < runs; ++run) {
    auto [a, b] = host.ab(40, shift, own_share, own_factor);
    stats::Comparison c;
    std::vector<std::size_t> first;
    for (int n : looks) {
      while (int(first.size()) < n)
        first.push_back(first.size());
      stats::Series pa = stats::pick(a, first, 10), pb = stats::pick(b, first, 10);
      test::flag_groups(pa);
      test::flag_groups(pb);
      const stats::ComparisonOptions o{.alpha = 0.01 / double(looks.size()),
                                       .power = false,
                                       .pair_rounds = true,
                                       .noise_floor = n == looks.back() ? 0.01 : 0};
      c = stats::compare(pa, pb, o);
      if (c.decided())
        break;
    }
    ++v.runs;
    v.same += c.verdict == stats::Verdict::same;
    v.slower += c.verdict == stats::Verdict::slower;
    v.faster += c.verdict == stats::Verdict::faster;
    v.undecided += c.verdict == stats::Verdict::undecided;
    v.ranks += c.signed_rank;
    v.shared += c.states_shared;
    const double margin = c.same_at_floor ? *c.noise_floor : 0.01;
    const double truth = (1 + shift) * (1 + own_share * (own_factor - 1)) - 1; // NEW's mean over processes
    v.same_wrong += c.verdict == stats::Verdict::same && truth > margin;
    v.same_wrong_by_ranks += c.verdict == stats::Verdict::same && truth > margin && c.signed_rank;
    v.same_wrong_shared += c.verdict == stats::Verdict::same && truth > margin && c.states_shared;
    if (c.same_at_floor)
      v.floors.push_back(*c.noise_floor);
  }
  return v;
}

// Identical code on a host whose slow state (x1.3) flips at about a fork's
// length: "same" (at the floor the states leave) in most runs, where the t
// interval withheld every one; slower or faster no more often than alpha.
TEST(MachineStates, IdenticalCodeIsSame) {
  const Verdicts v = ab_runs(1, 300, 1.3, 0.3, 0, 0, 1);
  EXPECT_GT(v.ranks, v.runs * 9 / 10);
  EXPECT_GE(v.same, v.runs * 9 / 10);
  EXPECT_LE(v.slower + v.faster, test::upper_band(v.runs, 0.01));
}

// A real 5 % change under longer spells of the slow state (flips 1 fork in
// 10): found slower in most runs, never faster, and never "same" at a margin
// the change exceeds.
TEST(MachineStates, AChangeIsFoundAndNeverSameBeyondItsMargin) {
  const Verdicts v = ab_runs(2, 300, 1.3, 0.1, 0.05, 0, 1);
  EXPECT_GT(v.slower, v.runs * 7 / 10);
  EXPECT_EQ(v.faster, 0);
  EXPECT_EQ(v.same_wrong, 0);
}

// A mixture only NEW shows (a quarter of its processes 10 % slower: +2.5 %
// on the mean, a steady host): not the machine's, so hardly ever decided by
// ranks (A's forks scattered into the pooled groups by chance), and then
// never "same" at a margin its mean exceeds.
TEST(MachineStates, AVersionsOwnMixtureIsNotTheMachines) {
  const Verdicts v = ab_runs(3, 300, 1.0, 0.1, 0, 0.25, 1.10);
  EXPECT_LE(v.ranks, v.runs / 50);
  EXPECT_EQ(v.same_wrong_by_ranks, 0);
}

// In lockstep a round's two forks meet the same state: the forks apart come
// to both versions in the same rounds, which the paired ratios cancel, so
// identical code is "same" (states_shared, the paired interval) and a 5 %
// change is found, under a slow state x1.6 flipping 3 forks in 10.
TEST(MachineStates, InLockstepTheStatesComeInRounds) {
  const Verdicts same = ab_runs(6, 300, 1.6, 0.3, 0, 0, 1, true);
  EXPECT_GE(same.same, same.runs * 9 / 10);
  EXPECT_GT(same.shared, same.runs / 2);
  EXPECT_LE(same.slower + same.faster, test::upper_band(same.runs, 0.01));
  const Verdicts change = ab_runs(7, 300, 1.6, 0.3, 0.05, 0, 1, true);
  EXPECT_GE(change.slower, change.runs * 95 / 100);
  EXPECT_EQ(change.faster, 0);
  EXPECT_EQ(change.same_wrong, 0);
}

// A version's own mixture in lockstep (a quarter of NEW's processes 10 %
// slower, the host steady): its forks apart are in rounds of their own, so
// hardly ever taken for shared states, and then never "same" at a margin its
// mean exceeds.
TEST(MachineStates, InLockstepAVersionsOwnMixtureIsNotShared) {
  const Verdicts v = ab_runs(8, 300, 1.0, 0.1, 0, 0.25, 1.10, true);
  EXPECT_LE(v.shared, v.runs / 50);
  EXPECT_EQ(v.same_wrong_shared, 0);
}

// A slow spell of the host met rounds 34-40 in lockstep: A's forks there read
// 1.7x and form a group; B's read the same but, one of them halfway (160 ns),
// left no gap, so B has no groups of its own (session 46, branchy_loop at load
// 5: 4 of 20 runs withheld). B's forks outside by A's split came in the same
// rounds: the machine's states, not a version's own. With B's forks in those
// rounds at its usual speed, they are A's own.
TEST(MachineStates, InLockstepASpellOneSideDidNotGroupIsShared) {
  for (bool b_slow_too : {true, false}) {
    stats::Rng rng(46);
    boost::random::normal_distribution<double> normal;
    stats::Series a, b;
    for (int r = 1; r <= 40; ++r) {
      const bool spell = r >= 34;
      test::add_iteration_means(a, 123 * (spell ? 1.7 : 1) * (1 + 0.01 * normal(rng)), r, rng, normal);
      const double fb = r == 33 ? 160 : spell && b_slow_too ? 123 * 1.7 : 123;
      test::add_iteration_means(b, fb * (1 + 0.01 * normal(rng)), r, rng, normal);
    }
    a.lockstep = b.lockstep = true;
    a.forks_disagree = true;
    a.forks_apart = 7;
    a.fork_outside.assign(40, false);
    for (int k = 33; k < 40; ++k)
      a.fork_outside[std::size_t(k)] = true;
    ASSERT_FALSE(b.forks_disagree); // b has no groups: its fork_outside is not known
    const stats::Comparison c = stats::compare(a, b, {.alpha = 0.01, .power = false, .pair_rounds = true});
    EXPECT_EQ(c.states_shared, b_slow_too) << c.shared_rounds_p;
    EXPECT_EQ(c.direction_withheld, !b_slow_too);
  }
}

TEST(MachineStates, DISABLED_Table) {
  std::printf(
      "forks     slow  flip  case                                 same %%  slower %%  faster %%  can't tell %%  "
      "by ranks %%  shared %%  same beyond its margin %%  median floor %%\n");
  struct Case {
    const char *name;
    double shift, own_share, own_factor;
  };
  for (bool lockstep : {false, true})
    for (double slow : {1.0, 1.3, 1.7})
      for (double flip : {0.1, 0.3})
        for (const Case &c :
             {Case{"identical code", 0, 0, 1}, Case{"NEW 5 % slower", 0.05, 0, 1},
              Case{"NEW: 25 % of forks +10 %", 0, 0.25, 1.10}, Case{"NEW: 10 % of forks +30 %", 0, 0.10, 1.30}}) {
          if (slow == 1.0 && flip > 0.1)
            continue;
          Verdicts v = ab_runs(5, 500, slow, flip, c.shift, c.own_share, c.own_factor, lockstep);
          std::sort(v.floors.begin(), v.floors.end());
          std::printf("%-8s  %4.1f  %4.1f  %-35s %7.1f %9.1f %9.1f %13.1f %11.1f %9.1f %25.1f %17.1f\n",
                      lockstep ? "lockstep" : "apart", slow, flip, c.name, 100.0 * v.same / v.runs,
                      100.0 * v.slower / v.runs, 100.0 * v.faster / v.runs, 100.0 * v.undecided / v.runs,
                      100.0 * v.ranks / v.runs, 100.0 * v.shared / v.runs, 100.0 * v.same_wrong / v.runs,
                      v.floors.empty() ? NAN : 100 * v.floors[v.floors.size() / 2]);
        }
}

} // namespace
} // namespace steady
