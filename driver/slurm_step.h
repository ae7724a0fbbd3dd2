// The stages of a steady slurm step (SlurmRun::step, slurm_run.h), apart so
// that each can be read and tested alone: collect (how Slurm says the tasks
// ended, the fork files, one benchmark's forks with the faults), decide (the
// fork loop over them: the stop and the forks of the next wave) and submit
// (the next wave and its step). Writing the merged file is the runner's
// writer (ResultsWriter).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "slurm_files.h"
#include "slurm_run.h"
#include "steady/results.h"

namespace steady::driver {

// The runner command of fork `fork` of benchmark `bench` (a name): one fork
// measured as the run's forks would be, with its own --seed (the run's + fork)
// unless the run's is 0.
std::vector<std::string> fork_argv(const Plan &p, const std::string &bench, int fork);

// The result file of fork `fork` of benchmark `bench` (its index in the plan).
std::string fork_file(const std::string &dir, int bench, int fork);

// Collect: how the tasks of every wave that has ended since the last step
// ended (asked once: the controller forgets ended jobs after MinJobAge).
void record_ended_waves(State &state);

// One fork file as read.
struct ForkFile {
  ForkResult fork;
  bool complete = false; // neither partial nor interrupted: not measured again
};

// Every benchmark's fork files (by benchmark index, then fork number).
struct ForkFiles {
  std::optional<RunResult> header; // the first complete file, without benchmarks
  std::vector<std::map<int, ForkFile>> forks;
  std::vector<std::optional<BenchmarkResult>> identity; // name, params, findings, flags of each benchmark
};
ForkFiles read_forks(const std::string &dir, const Plan &plan);

// One benchmark's forks as a step collects them, in fork order: what their
// files hold, or what this invocation's task that left none says.
struct CollectedForks {
  std::vector<ForkResult> forks;
  // Per fork: whether it counts as an attempt; not an earlier invocation's
  // incomplete fork, which is measured again.
  std::vector<bool> attempt;
  bool cancelled = false; // a task of it was cancelled
};
// Benchmark `bench` (named `name`) from its fork files and the tasks of this
// invocation (state.invocation); the forks that did not end well are added
// to `faults`.
CollectedForks collect_forks(int bench, const std::string &name, const std::map<int, ForkFile> &files,
                             const State &state, std::vector<SlurmFault> &faults);

// Decide: the fork loop (ForkLoop, steady/fork_loop.h) over a benchmark's
// collected forks: its stop, and the numbers of the forks the next wave
// measures (the lowest that are missing or measured again).
struct ForkDecision {
  StopResult stop;
  std::vector<int> next;
};
ForkDecision decide_forks(const CollectedForks &c, const RunConfig &config);

// Submit: the forks `next[b]` of each benchmark b as the next wave, recorded
// in the state, and the step that follows it.
Submitted submit_next_wave(const std::string &dir, const Plan &plan, State &state,
                           const std::vector<std::vector<int>> &next);

} // namespace steady::driver
