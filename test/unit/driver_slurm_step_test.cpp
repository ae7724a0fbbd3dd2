// The stages of a steady slurm step (driver/slurm_step.h) on synthetic
// forks and tasks: what collect makes of fork files and of tasks that left
// none (the faults), and what decide asks of the next wave; each task's
// runner command.
#include <gtest/gtest.h>

#include "slurm_step.h"
#include "steady/runner_args.h"

namespace steady::driver {
namespace {

ForkResult fork_numbered(int n, ForkStatus status = ForkStatus::ok) {
  ForkResult f;
  f.number = n;
  f.status = status;
  return f;
}

CollectedForks collected(std::vector<ForkResult> forks, std::vector<bool> attempt) {
  CollectedForks c;
  c.forks = std::move(forks);
  c.attempt = std::move(attempt);
  return c;
}

RunConfig dynamic(int min_forks, int max_forks) {
  RunConfig cfg;
  cfg.stop = "cv";
  cfg.min_forks = min_forks;
  cfg.max_forks = max_forks;
  return cfg;
}

TEST(SlurmStepDecide, StaticRunMeasuresTheMissingAndTheIncompleteForks) {
  RunConfig cfg;
  cfg.stop = "none";
  cfg.forks = 4;
  // Fork 1 measured, fork 2's file is an earlier invocation's incomplete one
  // (not an attempt), fork 4 measured: forks 2 and 3 are still wanted.
  ForkDecision d =
      decide_forks(collected({fork_numbered(1), fork_numbered(2), fork_numbered(4)}, {true, false, true}), cfg);
  EXPECT_EQ(d.next, (std::vector<int>{2, 3}));
  EXPECT_EQ(d.stop.reason, "static configuration");
  EXPECT_EQ(d.stop.criterion, "none");
}

TEST(SlurmStepDecide, DynamicRunStartsWithTheMinimum) {
  const RunConfig cfg = dynamic(2, 5);
  ForkDecision d = decide_forks(CollectedForks{}, cfg);
  EXPECT_EQ(d.next, (std::vector<int>{1, 2}));
  EXPECT_EQ(d.stop.reason, "0 forks so far");
}

TEST(SlurmStepDecide, EveryForkFailedAfterTheMinimum) {
  const RunConfig cfg = dynamic(2, 5);
  ForkDecision d = decide_forks(
      collected({fork_numbered(1, ForkStatus::crashed), fork_numbered(2, ForkStatus::timeout)}, {true, true}), cfg);
  EXPECT_TRUE(d.next.empty());
  EXPECT_EQ(d.stop.reason, "no fork measured");
}

TEST(SlurmStepDecide, TheMaximumEndsAnUnstableBenchmark) {
  const RunConfig cfg = dynamic(1, 2);
  ForkDecision d =
      decide_forks(collected({fork_numbered(1), fork_numbered(2, ForkStatus::crashed)}, {true, true}), cfg);
  EXPECT_TRUE(d.next.empty());
  EXPECT_FALSE(d.stop.stable);
  EXPECT_TRUE(d.stop.reason.starts_with("max forks (2) reached")) << d.stop.reason;
}

// A state of two invocations: the first's wave (ignored: its forks are
// tried again) and the second's, whose task for fork 2 timed out and whose
// task for fork 3 was cancelled.
State two_invocations() {
  State s;
  s.invocation = 2;
  Wave &old = s.waves.emplace_back();
  old.number = 1, old.invocation = 1, old.array_job = 10, old.ended = true;
  old.tasks.push_back({0, 2, {"FAILED", "1:0", "n2", 11}, true});
  Wave &w = s.waves.emplace_back();
  w.number = 2, w.invocation = 2, w.array_job = 20, w.ended = true;
  w.tasks.push_back({1, 1, {"COMPLETED", "0:0", "n1", 21}, true}); // another benchmark
  w.tasks.push_back({0, 2, {"TIMEOUT", "0:15", "n1", 22}, true});
  w.tasks.push_back({0, 3, {"CANCELLED by 0", "0:15", "", 23}, true});
  return s;
}

TEST(SlurmStepCollect, TasksThatLeftNoFileAreFailedForksWithTheirFault) {
  std::map<int, ForkFile> files;
  files[1] = {fork_numbered(1), true};
  std::vector<SlurmFault> faults;
  CollectedForks c = collect_forks(0, "add", files, two_invocations(), faults);
  ASSERT_EQ(c.forks.size(), 3u);
  EXPECT_EQ(c.attempt, (std::vector<bool>{true, true, true}));
  EXPECT_TRUE(c.cancelled);
  EXPECT_EQ(c.forks[0].status, ForkStatus::ok);
  EXPECT_EQ(c.forks[1].number, 2);
  EXPECT_EQ(c.forks[1].status, ForkStatus::timeout);
  ASSERT_TRUE(c.forks[1].slurm.has_value());
  EXPECT_EQ(c.forks[1].slurm->array_job_id, 20);
  EXPECT_EQ(c.forks[1].slurm->array_task_id, 1);
  EXPECT_EQ(c.forks[2].status, ForkStatus::runner_failed);
  ASSERT_EQ(faults.size(), 2u);
  EXPECT_EQ(faults[0].bench, "add");
  EXPECT_EQ(faults[0].fork, 2);
  EXPECT_EQ(faults[0].what, "Slurm task 20_1 on n1: TIMEOUT, exit code 0:15");
  EXPECT_FALSE(faults[0].measured);
  EXPECT_EQ(faults[1].what, "Slurm task 20_2: CANCELLED by 0, exit code 0:15");
}

TEST(SlurmStepCollect, AnIncompleteFileOfAnEarlierInvocationIsNoAttempt) {
  std::map<int, ForkFile> files;
  files[1] = {fork_numbered(1, ForkStatus::interrupted), false};
  files[2] = {fork_numbered(2, ForkStatus::crashed), true};
  std::vector<SlurmFault> faults;
  State s = two_invocations();
  s.waves.pop_back(); // only the first invocation's wave: no task of this one
  CollectedForks c = collect_forks(0, "add", files, s, faults);
  EXPECT_EQ(c.attempt, (std::vector<bool>{false, true}));
  EXPECT_FALSE(c.cancelled);
  EXPECT_TRUE(faults.empty()); // an earlier invocation's faults were reported then
}

auto option_of(const std::vector<std::string> &argv, const std::string &name) {
  for (const std::string &a : argv)
    if (a.rfind(name + "=", 0) == 0)
      return a;
  return std::string("none");
}

// With --layout=random each task (a runner's first fork) takes its fork's
// draw of the run's seed, so that the forks keep the runner's blocks of four
// code offsets: one seed and no draw would give every fork the same layout.
TEST(SlurmStepSubmit, EachForkTakesItsDrawOfTheRunsSeed) {
  Plan p;
  p.binary = "/b/bench";
  p.config.layout = "random";
  p.config.seed = 7;
  p.layout_draw = true;
  EXPECT_EQ(option_of(fork_argv(p, "add", 1), "--seed"), "--seed=7");
  EXPECT_EQ(option_of(fork_argv(p, "add", 1), kLayoutDrawOption), "--steady-layout-draw=1");
  EXPECT_EQ(option_of(fork_argv(p, "add", 2), "--seed"), "--seed=7");
  EXPECT_EQ(option_of(fork_argv(p, "add", 2), kLayoutDrawOption), "--steady-layout-draw=2");
}

// A runner older than kLayoutDrawOption: each task its own seed.
TEST(SlurmStepSubmit, EachForkItsOwnSeedUnlessTheRunsIsZero) {
  Plan p;
  p.binary = "/b/bench";
  p.config.layout = "random";
  p.config.seed = 7;
  auto seed_of = [](const std::vector<std::string> &argv) { return option_of(argv, "--seed"); };
  EXPECT_EQ(seed_of(fork_argv(p, "add", 1)), "--seed=8");
  EXPECT_EQ(seed_of(fork_argv(p, "add", 2)), "--seed=9");
  EXPECT_EQ(fork_argv(p, "add", 2).at(0), "/b/bench");
  EXPECT_EQ(option_of(fork_argv(p, "add", 2), kLayoutDrawOption), "none");
  p.config.seed = 0; // a new draw in every runner: nothing to pass
  EXPECT_EQ(seed_of(fork_argv(p, "add", 1)), "none");
  EXPECT_EQ(seed_of(fork_argv(p, "add", 2)), "none");
}

} // namespace
} // namespace steady::driver
