// Exact counts (--instrument=valgrind, steady/exact_counts.h): the interval is
// the difference +- the A/A margin, the most a fork's iterations differ. The
// counts are snappy 1.1.9's unit tests under callgrind, recorded from
// scripts/bench-peass's builds (old, change0: +1 nop in IncrementalCopySlow,
// change1: +64 nops in RefillTag), 2 forks of 4 iterations a side.
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
  EXPECT_DOUBLE_EQ(c.ratio.low, (24693209.5 - 350) / 24692903.25);
  EXPECT_DOUBLE_EQ(c.ratio.high, (24693209.5 + 350) / 24692903.25);
}

// CorruptedTest.VerifyCorrupted executes RefillTag: change1 runs 1001 more
// than change0, beyond both versions' ranges (261, 266).
TEST(ExactCounts, ChangeBeyondTheRangeIsSlower) {
  const Series a = counts({{3759756, 3759780, 3759749, 3760010}, {3759756, 3759780, 3759749, 3760010}});
  const Series b = counts({{3760719, 3760830, 3760985, 3760766}, {3760719, 3760830, 3760985, 3760766}});
  ASSERT_EQ(count_margin(a, b), 266);
  const Comparison c = compare(a, b, {});
  EXPECT_EQ(c.verdict, Verdict::slower);
  EXPECT_GT(c.ratio.low, 1);
  // And the other way round.
  EXPECT_EQ(compare(b, a, {}).verdict, Verdict::faster);
}

// Iterations that agree leave no margin: one instruction more is slower.
TEST(ExactCounts, IdenticalIterationsGiveAZeroMargin) {
  const Series a = counts({{300, 300}, {300, 300}}), b = counts({{301, 301}, {301, 301}});
  ASSERT_EQ(count_margin(a, b), 0);
  const Comparison c = compare(a, b, {});
  EXPECT_EQ(c.verdict, Verdict::slower);
  EXPECT_DOUBLE_EQ(c.ratio.low, 301.0 / 300);
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
// first fork); +2334 instructions per op is still slower. Time: no margin.
TEST(ExactCounts, ForksThatDifferWidenTheirTInterval) {
  const Series differ = counts({{13460946, 13460759, 13460721, 13460838}, {13460824, 13460782, 13460942, 13460823}});
  const Series exact = counts({{13463146, 13463180}, {13463146, 13463180}});
  EXPECT_EQ(count_margin(differ, exact), 225);
  EXPECT_FALSE(exact_counts(differ, exact));
  const Comparison c = compare(differ, exact, {});
  EXPECT_FALSE(c.exact);
  EXPECT_EQ(c.verdict, Verdict::slower);
  Series timed_a = differ, timed_b = exact;
  timed_a.instructions = timed_b.instructions = false;
  const Comparison t = compare(timed_a, timed_b, {});
  EXPECT_FALSE(count_margin(timed_a, timed_b));
  EXPECT_NEAR(c.ratio.low, t.ratio.low - 225 / mean(fork_means(differ)), 1e-12);
  EXPECT_NEAR(c.ratio.high, t.ratio.high + 225 / mean(fork_means(differ)), 1e-12);
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
  EXPECT_EQ(one.verdict, Verdict::slower);
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
  EXPECT_DOUBLE_EQ(c.ratio.low, (302.5 - 1) / 300.5);
  EXPECT_EQ(c.verdict, Verdict::slower);
  Series d = counts({{300, 301}, {310, 311}, {305, 306}}), e = counts({{302, 303}, {312, 313}, {306, 308}});
  d.fork_rounds = e.fork_rounds = {1, 2, 3};
  const Comparison p = compare(d, e, o);
  ASSERT_FALSE(p.exact);
  EXPECT_EQ(p.pairs, 3);
  EXPECT_STREQ(interval_kind(p), "paired");
  std::vector<double> da = fork_means(d), db = fork_means(e);
  const Interval paired = paired_log_ratio_interval(da, db, o.alpha).ratio;
  EXPECT_NEAR(p.ratio.low, paired.low - 2 / mean(da), 1e-12);
  EXPECT_NEAR(p.ratio.high, paired.high + 2 / mean(da), 1e-12);
  EXPECT_STREQ(interval_kind(compare(d, e, {})), "welch");
}

} // namespace
} // namespace steady::stats
