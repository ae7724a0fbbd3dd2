// Forks that disagree (model/src/disagreement.cpp): the groups a result's
// forks form, the note's words, and the cause told from what each fork
// recorded, on synthetic forks whose answer is known.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "steady/comparison.h"
#include "steady/notes.h"
#include "steady/results_json.h"

namespace steady {
namespace {

// A measured fork of three iterations about `ns` (0.1 % apart), 1000 batches
// each of which `preempted` were preempted.
ForkResult fork_at(int number, double ns, int preempted = 0) {
  ForkResult f;
  f.number = number;
  for (int i = 0; i < 3; ++i) {
    Iteration it;
    it.index = i;
    it.ops = 1000;
    it.ns_per_op = ns * (1 + 0.001 * (i - 1));
    it.ticks_per_op = it.ns_per_op;
    it.ticks = it.ticks_per_op * double(it.ops);
    it.batches = {{it.ticks_per_op, it.ops}};
    it.batches_run = 1000;
    it.preempted_switch = preempted;
    f.iterations.push_back(it);
  }
  return f;
}

BenchmarkResult with_forks(const std::vector<double> &ns) {
  BenchmarkResult b;
  b.name = "bimodal";
  b.protected_by_plugin = true;
  for (std::size_t i = 0; i < ns.size(); ++i)
    b.forks.push_back(fork_at(int(i) + 1, ns[i]));
  return b;
}

void finish(BenchmarkResult &b) { b.summary = summarize(b.forks, 0, 1, 0); }

std::string disagreement(const BenchmarkResult &b) {
  for (const Note &n : notes_of(RunResult{}, b))
    if (n.kind == NoteKind::forks_disagree)
      return text(n);
  return "";
}

TEST(Disagreement, InterleavedGroupsArePlacement) {
  BenchmarkResult b = with_forks({230, 830, 231, 829, 229, 831, 230, 830, 232, 828});
  finish(b);
  ASSERT_EQ(b.summary.fork_groups.size(), 2u);
  EXPECT_EQ(b.summary.fork_groups[0].forks, (std::vector<int>{1, 3, 5, 7, 9}));
  EXPECT_NEAR(b.summary.fork_groups[0].center, 230.4, 1e-9);
  EXPECT_NEAR(b.summary.fork_groups[1].center, 829.6, 1e-9);
  EXPECT_EQ(disagreement_note(RunResult{}, b).cause, DisagreeCause::placement);
  EXPECT_EQ(disagreement(b), "forks disagree: 5 near 230.4 ns, 5 near 829.6 ns; the groups interleave in run order: "
                             "likely where each process placed code and data (ASLR, heap), which each fork draws "
                             "anew; the mean over forks averages placements");
}

TEST(Disagreement, OneFarForkIsNamed) {
  BenchmarkResult b = with_forks({100, 100.2, 99.9, 100.1, 130, 100.3, 99.8, 100});
  finish(b);
  EXPECT_EQ(disagreement(b).substr(0, 55), "forks disagree: 7 near 100.0 ns, 1 at 130.0 ns (fork 5)");
}

// What a comparison is told (stats::Series): one far fork is flagged but no
// mixture (steady ab's noise floor still applies); groups of several forks are.
TEST(Disagreement, TheSeriesCountsTheForksApart) {
  const stats::Series one = series_of(with_forks({100, 100.2, 99.9, 100.1, 130, 100.3, 99.8, 100}), 1);
  EXPECT_TRUE(one.forks_disagree);
  EXPECT_EQ(one.forks_apart, 1u);
  EXPECT_FALSE(stats::forks_mixed(one));
  const stats::Series two = series_of(with_forks({100, 100.2, 99.9, 100.1, 130, 100.3, 99.8, 130.2}), 1);
  EXPECT_EQ(two.forks_apart, 2u);
  EXPECT_TRUE(stats::forks_mixed(two));
  const stats::Series agree = series_of(with_forks({100, 100.2, 99.9, 100.1, 100.3}), 1);
  EXPECT_FALSE(agree.forks_disagree);
  EXPECT_FALSE(stats::forks_mixed(agree));
}

TEST(Disagreement, GroupsInRunOrderAreTheMachine) {
  BenchmarkResult b = with_forks({230, 231, 229, 230, 232, 830, 829, 831, 830, 828});
  finish(b);
  EXPECT_EQ(disagreement_note(RunResult{}, b).cause, DisagreeCause::run_order);
  // Five forks in order, 3 then 2, happen by chance in 2 of 10 assignments: no claim.
  BenchmarkResult few = with_forks({230, 231, 229, 830, 829});
  finish(few);
  ASSERT_EQ(few.summary.fork_groups.size(), 2u);
  EXPECT_EQ(disagreement_note(RunResult{}, few).cause, DisagreeCause::placement);
}

TEST(Disagreement, PreemptedSlowerForks) {
  BenchmarkResult b = with_forks({230, 830, 231, 829, 229, 831, 230, 830});
  for (ForkResult &f : b.forks)
    if (f.number % 2 == 0)
      for (Iteration &it : f.iterations)
        it.preempted_switch = 50; // 5 %
  finish(b);
  const Note n = disagreement_note(RunResult{}, b);
  EXPECT_EQ(n.cause, DisagreeCause::preempted);
  EXPECT_NE(text(n).find("the slower forks ran preempted (5.0 % of their batches or more"), std::string::npos);
}

TEST(Disagreement, GroupsThatFollowTheNodes) {
  BenchmarkResult b = with_forks({230, 830, 231, 829, 229, 831, 230, 830});
  for (ForkResult &f : b.forks)
    f.slurm = SlurmFork{f.number % 2 ? "a" : "b", 1, 1, f.number};
  finish(b);
  EXPECT_EQ(disagreement_note(RunResult{}, b).cause, DisagreeCause::nodes);
}

TEST(Disagreement, ExactCountsThatDifferAreOtherWork) {
  BenchmarkResult b = with_forks({1, 2, 3, 4, 5});
  for (ForkResult &f : b.forks)
    for (Iteration &it : f.iterations)
      it.simulated = Simulated{f.number % 2 ? 1000.0 : 2000.0};
  finish(b);
  ASSERT_EQ(b.summary.fork_groups.size(), 2u);
  EXPECT_EQ(b.summary.fork_groups[1].forks, (std::vector<int>{2, 4}));
  EXPECT_EQ(disagreement(b).substr(0, 86),
            "forks disagree: 3 near 1000.0 instructions/op, 2 near 2000.0 instructions/op; the inst");
}

TEST(Disagreement, CountedInstructionsThatDifferAreOtherWork) {
  BenchmarkResult b = with_forks({230, 830, 231, 829, 229, 831, 230, 830});
  RunResult run;
  run.counter_names = {"cycles", "instructions"};
  for (ForkResult &f : b.forks)
    for (Iteration &it : f.iterations)
      it.counters_per_op = {600, f.number % 2 ? 1000.0 : 1200.0};
  finish(b);
  EXPECT_EQ(disagreement_note(run, b).cause, DisagreeCause::work);
  // The same count in every group: not the work.
  for (ForkResult &f : b.forks)
    for (Iteration &it : f.iterations)
      it.counters_per_op = {600, 1000.0};
  EXPECT_EQ(disagreement_note(run, b).cause, DisagreeCause::placement);
}

TEST(Disagreement, AgreeingForksHaveNoNote) {
  BenchmarkResult b = with_forks({100, 101, 99.5, 100.4, 100.2, 99.7});
  finish(b);
  EXPECT_TRUE(b.summary.fork_groups.empty());
  EXPECT_EQ(disagreement(b), "");
}

TEST(Disagreement, TheResultsFileCarriesTheGroupsAndOldFilesGetThem) {
  BenchmarkResult b = with_forks({230, 830, 231, 829, 229, 831, 230, 830});
  finish(b);
  nlohmann::json j = b;
  ASSERT_TRUE(j["summary"].contains("fork_groups"));
  EXPECT_EQ(j["summary"]["fork_groups"][1]["forks"], nlohmann::json({2, 4, 6, 8}));
  EXPECT_EQ(j.get<BenchmarkResult>().summary.fork_groups[1].forks, (std::vector<int>{2, 4, 6, 8}));
  // A file written before fork groups were: decided when read.
  j["summary"].erase("fork_groups");
  EXPECT_EQ(j.get<BenchmarkResult>().summary.fork_groups.size(), 2u);
}

} // namespace
} // namespace steady
