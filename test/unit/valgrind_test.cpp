// Unit tests of --instrument=valgrind's arithmetic: reading a callgrind dump,
// the per-op counts with the harness's per-batch cost taken out, the
// estimated cycles, and the JSON round trip of the simulated counts.
#include <sstream>

#include <gtest/gtest.h>

#include "steady/comparison.h"
#include "steady/results_json.h"
#include "valgrind.h"

namespace steady {
namespace {

// A dump as callgrind 3.19 writes it (trailing zeros of the summary left out).
constexpr const char *kDump = R"(# callgrind format
version: 1
creator: callgrind-3.19.0
desc: I1 cache: 32768 B, 64 B, 8-way associative
positions: line
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
summary: 67 2 8 2 0 1 2

fn=(0) main
0 4 1 2 1 0 0 1
totals: 58 2 2 1 0 0 1
)";

TEST(CallgrindDump, SummaryByEventName) {
  std::istringstream in(kDump);
  std::optional<CallgrindCounts> c = parse_callgrind_dump(in);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->ir, 67); // the summary, not the totals of the functions listed
  EXPECT_EQ(c->dr, 2);
  EXPECT_EQ(c->dw, 8);
  EXPECT_EQ(c->i1mr, 2);
  EXPECT_EQ(c->d1mr, 0);
  EXPECT_EQ(c->d1mw, 1);
  EXPECT_EQ(c->ilmr, 2);
  EXPECT_EQ(c->dlmr, 0); // left out: zero
  EXPECT_EQ(c->dlmw, 0);
}

TEST(CallgrindDump, OnlyInstructionsWithoutCacheSimulation) {
  std::istringstream in("events: Ir\nsummary: 1234\n");
  std::optional<CallgrindCounts> c = parse_callgrind_dump(in);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->ir, 1234);
  EXPECT_EQ(c->d1mr, 0);
}

TEST(CallgrindDump, NoSummaryIsNoCounts) {
  std::istringstream in("events: Ir Dr\nfn=(0) main\n0 4 1\n");
  EXPECT_FALSE(parse_callgrind_dump(in));
}

TEST(SimulatedPerOp, HarnessCostPerBatchTakenOut) {
  // 3 batches of 100 ops of a 5-instruction payload, 17 instructions of
  // harness around each batch: 5 per op exactly.
  CallgrindCounts total, harness;
  total.ir = 3 * (100 * 5 + 17);
  total.dr = 3 * (100 * 1 + 2);
  total.dw = 3 * 8;
  total.i1mr = 6;
  total.d1mw = 3;
  total.dlmw = 3;
  harness.ir = 17;
  harness.dr = 2;
  harness.dw = 8;
  Simulated s = simulated_per_op(total, harness, 3, 300);
  EXPECT_EQ(s.instructions, 5);
  EXPECT_EQ(s.data_reads, 1);
  EXPECT_EQ(s.data_writes, 0);
  EXPECT_DOUBLE_EQ(s.l1_misses, 9.0 / 300);
  EXPECT_DOUBLE_EQ(s.ll_misses, 3.0 / 300);
}

TEST(EstimatedCycles, TurnerTrauringFormula) {
  // 100 accesses, 10 L1 misses of which 2 also missed LL: 90 L1 hits, 8 LL
  // hits, 2 RAM accesses: 90 + 5 * 8 + 35 * 2 = 200 (iai's formula).
  EXPECT_EQ(estimated_cycles(100, 10, 2), 200);
  EXPECT_EQ(estimated_cycles(100, 0, 0), 100);
}

TEST(SimulatedJson, IterationAndSummaryRoundTrip) {
  Iteration it;
  it.ops = 10;
  it.ns_per_op = 3;
  it.simulated = Simulated{912, 1, 2, 0.5, 0.25, 1000};
  Iteration back = nlohmann::json(it).get<Iteration>();
  ASSERT_TRUE(back.simulated);
  EXPECT_EQ(back.simulated->instructions, 912);
  EXPECT_EQ(back.simulated->ll_misses, 0.25);
  EXPECT_EQ(back.simulated->estimated_cycles, 1000);
  Iteration timed;
  EXPECT_FALSE(nlohmann::json(timed).contains("simulated_per_op")); // additive: absent under tsc
  EXPECT_FALSE(nlohmann::json(timed).get<Iteration>().simulated);
}

TEST(SimulatedSummary, MeansAndForkRange) {
  auto fork = [](double instructions) {
    ForkResult f;
    Iteration it;
    it.ops = 100;
    it.batches = {{1, 100}};
    it.simulated = Simulated{instructions, 0, 0, 0, 0, instructions};
    f.iterations = {it, it};
    return f;
  };
  Summary s = summarize({fork(300), fork(302)}, 0, 1, 1);
  ASSERT_TRUE(s.simulated);
  EXPECT_EQ(s.simulated->instructions, 301);
  EXPECT_EQ(s.instructions_fork_min, 300);
  EXPECT_EQ(s.instructions_fork_max, 302);
  Summary back = nlohmann::json(s).get<Summary>();
  ASSERT_TRUE(back.simulated);
  EXPECT_EQ(back.instructions_fork_max, 302);
}

} // namespace
} // namespace steady

namespace steady::stats {
namespace {

Series exact(double per_op, int forks) {
  Series s;
  s.instructions = true;
  for (int f = 0; f < forks; ++f) {
    s.forks.push_back({{{per_op, 100}}, {{per_op, 100}}});
    s.fork_means.push_back({per_op, per_op});
    s.iteration_means.insert(s.iteration_means.end(), {per_op, per_op});
    s.fork_rounds.push_back(f);
  }
  return s;
}

// Counts that do not vary between forks or iterations: an interval as wide
// as layout's share of the count only (exact_counts.h), so three more
// instructions in 906 are slower at 2 forks a side and equal counts are the
// same.
TEST(ComparisonWithoutSpread, ZeroWidthInterval) {
  Comparison slower = compare(exact(906, 2), exact(909, 2), {});
  EXPECT_EQ(slower.verdict, Verdict::slower);
  EXPECT_DOUBLE_EQ(slower.ratio.low, (909 - 5e-4 * 906) / 906);
  EXPECT_DOUBLE_EQ(slower.ratio.high, (909 + 5e-4 * 906) / 906);
  EXPECT_EQ(slower.welch_p, 0);
  Comparison same = compare(exact(906, 2), exact(906, 2), {});
  EXPECT_EQ(same.verdict, Verdict::same);
  EXPECT_DOUBLE_EQ(same.ratio.low, 1 - 5e-4);
  EXPECT_EQ(same.welch_p, 1);
  EXPECT_EQ(paired_t_test(std::vector<double>{1, 2}, std::vector<double>{2, 3}).p_value, 0);
}

} // namespace
} // namespace steady::stats
