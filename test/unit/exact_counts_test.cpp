// Exact counts (--instrument=valgrind, steady/exact_counts.h): the interval is
// the difference +- the A/A margin, the most a fork's iterations differ plus
// kLayoutShare of the base's count (layout between two binaries). The
// counts are snappy 1.1.9's unit tests under callgrind, recorded from
// scripts/bench-peass's builds (old, change0: +1 nop in IncrementalCopySlow,
// change1: +64 nops in RefillTag), 2 forks of 4 iterations a side, and from
// its --layout-aa (old against a copy moved by 8 bytes), 1 fork of 3.
#include <gtest/gtest.h>

#include "steady/comparison.h"
#include "steady/exact_counts.h"

namespace steady::stats {
namespace {

Series counts(const std::vector<std::vector<double>> &forks) {
  Series s;
  s.instructions = true;
  for (const auto &f : forks) {
    ForkSamples fork;
    for (double v : f) {
      fork.push_back({{v, 1}});
      s.iteration_means.push_back(v);
    }
    s.forks.push_back(fork);
    s.fork_means.push_back(f);
    s.fork_rounds.push_back(-1);
    s.iterations_per_fork = int(f.size());
  }
  return s;
}

// Snappy.SimpleTests does not execute IncrementalCopySlow: change0 runs 306
// instructions per op more, all in glibc's malloc, less than its iterations
// differ (350 in old's forks).
TEST(ExactCounts, AllocatorDifferenceWithinTheIterationsRangeIsSame) {
  const std::vector<double> old_fork = {24692737, 24692758, 24693087, 24693031};
  const std::vector<double> new_fork = {24693245, 24693168, 24693197, 24693228};
  const Series a = counts({old_fork, old_fork}), b = counts({new_fork, new_fork});
  ASSERT_EQ(count_margin(a, b), 350);
  const Comparison c = compare(a, b, {});
  EXPECT_EQ(c.verdict, Verdict::same);
  ASSERT_TRUE(c.exact);
  EXPECT_DOUBLE_EQ(c.count_layout_margin, 5e-4 * 24692903.25);
  EXPECT_DOUBLE_EQ(c.ratio.low, (24693209.5 - 350 - 5e-4 * 24692903.25) / 24692903.25);
  EXPECT_DOUBLE_EQ(c.ratio.high, (24693209.5 + 350 + 5e-4 * 24692903.25) / 24692903.25);
}

// Layout between two binaries, which one binary's iterations do not show
// (scripts/bench-peass --layout-aa, the same code moved by 8 bytes): MaxBlowup
// counts 615 instructions per op fewer, beyond its iterations' range (148);
// IOVecCopyOverflow 0.5 more, with iterations that agree. Both are within
// kLayoutShare of the count (1.68e4 and 0.61 instr/op): same, not faster and
// slower.
TEST(ExactCounts, LayoutBetweenBinariesIsSame) {
  const Series blowup_old = counts({{13461644, 13461744, 13461792}});
  const Series blowup_moved = counts({{13461077, 13461119, 13461138}});
  ASSERT_EQ(count_margin(blowup_old, blowup_moved), 148);
  const Comparison c = compare(blowup_old, blowup_moved, {});
  EXPECT_EQ(c.verdict, Verdict::same);
  EXPECT_DOUBLE_EQ(c.count_layout_margin, 5e-4 * 13461726.666666666);
  EXPECT_NEAR(c.ratio.low, (13461111.333333334 - 148 - 5e-4 * 13461726.666666666) / 13461726.666666666, 1e-12);
  const Series iovec_old = counts({{1217.5, 1217.5, 1217.5}}), iovec_moved = counts({{1218, 1218, 1218}});
  ASSERT_EQ(count_margin(iovec_old, iovec_moved), 0);
  EXPECT_EQ(compare(iovec_old, iovec_moved, {}).verdict, Verdict::same);
}

// CorruptedTest.VerifyCorrupted executes RefillTag: change1 runs 1001 more
// than change0, beyond both versions' ranges (261, 266) but within layout's
// share (1880): same. Snappy.ZeroOffsetCopy runs it too: 447.14 -> 575.125
// instructions per op (+28.6 %, iterations that agree), slower.
TEST(ExactCounts, ChangeBeyondTheMarginIsSlower) {
  const Series a = counts({{3759756, 3759780, 3759749, 3760010}, {3759756, 3759780, 3759749, 3760010}});
  const Series b = counts({{3760719, 3760830, 3760985, 3760766}, {3760719, 3760830, 3760985, 3760766}});
  ASSERT_EQ(count_margin(a, b), 266);
  EXPECT_EQ(compare(a, b, {}).verdict, Verdict::same);
  const Series zero_old = counts({{447.14285714285717, 447.14285714285717, 447.14285714285717}});
  const Series zero_new = counts({{575.125, 575.125, 575.125}});
  const Comparison c = compare(zero_old, zero_new, {});
  EXPECT_EQ(c.verdict, Verdict::slower);
  EXPECT_GT(c.ratio.low, 1);
  // And the other way round.
  EXPECT_EQ(compare(zero_new, zero_old, {}).verdict, Verdict::faster);
}

// Iterations that agree leave no margin: one instruction more is slower.
TEST(ExactCounts, IdenticalIterationsGiveAZeroMargin) {
  const Series a = counts({{300, 300}, {300, 300}}), b = counts({{301, 301}, {301, 301}});
  ASSERT_EQ(count_margin(a, b), 0);
  const Comparison c = compare(a, b, {});
  EXPECT_EQ(c.verdict, Verdict::slower);
  EXPECT_DOUBLE_EQ(c.ratio.low, (301 - 5e-4 * 300) / 300);
  EXPECT_EQ(compare(a, a, {}).verdict, Verdict::same);
}

// A margin wider than the equivalence margin: no verdict, and no power
// numbers (another fork repeats the same counts).
TEST(ExactCounts, MarginWiderThanEquivalenceIsUndecidedWithoutPower) {
  const Series a = counts({{100, 103}, {100, 103}}), b = counts({{100.5, 103.5}, {100.5, 103.5}});
  const Comparison c = compare(a, b, {});
  EXPECT_EQ(c.verdict, Verdict::undecided);
  EXPECT_FALSE(c.power);
  EXPECT_EQ(c.count_margin, 3);
}

// Forks that differ (old's Snappy.MaxBlowup against change1's, +64 nops in
// RefillTag): the t interval over forks, widened by the margin (225, old's
// first fork, plus layout's share); +2334 instructions per op (1.7e-4 of the
// count) is within it: same. Time: no margin.
TEST(ExactCounts, ForksThatDifferWidenTheirTInterval) {
  const Series differ = counts({{13460946, 13460759, 13460721, 13460838}, {13460824, 13460782, 13460942, 13460823}});
  const Series exact = counts({{13463146, 13463180}, {13463146, 13463180}});
  EXPECT_EQ(count_margin(differ, exact), 225);
  EXPECT_FALSE(exact_counts(differ, exact));
  const Comparison c = compare(differ, exact, {});
  EXPECT_FALSE(c.exact);
  EXPECT_EQ(c.verdict, Verdict::same);
  Series timed_a = differ, timed_b = exact;
  timed_a.instructions = timed_b.instructions = false;
  const Comparison t = compare(timed_a, timed_b, {});
  EXPECT_FALSE(count_margin(timed_a, timed_b));
  const double m = mean(fork_means(differ));
  EXPECT_NEAR(c.ratio.low, t.ratio.low - (225 + 5e-4 * m) / m, 1e-12);
  EXPECT_NEAR(c.ratio.high, t.ratio.high + (225 + 5e-4 * m) / m, 1e-12);
  EXPECT_FALSE(count_margin(counts({{1, 2}}), exact)); // one fork
}

// One fork a side (a callgrind fork replays the same run): its iterations
// are the margin, as with two equal forks; fewer than 3 iterations give no
// margin and no verdict.
TEST(ExactCounts, OneForkASideUsesItsIterations) {
  const std::vector<double> old_fork = {3759756, 3759780, 3759749, 3760010};
  const std::vector<double> new_fork = {3760719, 3760830, 3760985, 3760766};
  const Comparison one = compare(counts({old_fork}), counts({new_fork}), {});
  const Comparison two = compare(counts({old_fork, old_fork}), counts({new_fork, new_fork}), {});
  ASSERT_TRUE(one.exact);
  EXPECT_EQ(one.count_margin, 266);
  EXPECT_EQ(one.verdict, Verdict::same); // +1001 is within layout's share (ChangeBeyondTheMarginIsSlower)
  EXPECT_DOUBLE_EQ(one.ratio.low, two.ratio.low);
  EXPECT_DOUBLE_EQ(one.ratio.high, two.ratio.high);
  EXPECT_EQ(compare(counts({old_fork}), counts({old_fork}), {}).verdict, Verdict::same);
  const Comparison short_fork = compare(counts({{3759756, 3759780}}), counts({{3760719, 3760830}}), {});
  EXPECT_FALSE(short_fork.count_margin);
  EXPECT_EQ(short_fork.verdict, Verdict::undecided);
}

// From steady ab (forks in rounds, the interval paired by round): exact counts
// keep the difference +- the margin (pairing has no drift to cancel there);
// counts whose forks differ are paired, then widened by the margin.
TEST(ExactCounts, AbRoundsKeepTheExactRuleAndPairTheRest) {
  Series a = counts({{300, 301}, {300, 301}, {300, 301}}), b = counts({{302, 303}, {302, 303}, {302, 303}});
  a.fork_rounds = b.fork_rounds = {1, 2, 3};
  ComparisonOptions o;
  o.pair_rounds = true;
  const Comparison c = compare(a, b, o);
  ASSERT_TRUE(c.exact);
  EXPECT_EQ(c.pairs, 0);
  EXPECT_STREQ(interval_kind(c), "exact");
  EXPECT_DOUBLE_EQ(c.ratio.low, (302.5 - 1 - 5e-4 * 300.5) / 300.5);
  EXPECT_EQ(c.verdict, Verdict::slower);
  Series d = counts({{300, 301}, {310, 311}, {305, 306}}), e = counts({{302, 303}, {312, 313}, {306, 308}});
  d.fork_rounds = e.fork_rounds = {1, 2, 3};
  const Comparison p = compare(d, e, o);
  ASSERT_FALSE(p.exact);
  EXPECT_EQ(p.pairs, 3);
  EXPECT_STREQ(interval_kind(p), "paired");
  std::vector<double> da = fork_means(d), db = fork_means(e);
  const Interval paired = paired_log_ratio_interval(da, db, o.alpha).ratio;
  EXPECT_NEAR(p.ratio.low, paired.low - (2 + 5e-4 * mean(da)) / mean(da), 1e-12);
  EXPECT_NEAR(p.ratio.high, paired.high + (2 + 5e-4 * mean(da)) / mean(da), 1e-12);
  EXPECT_STREQ(interval_kind(compare(d, e, {})), "welch");
}

} // namespace
} // namespace steady::stats
